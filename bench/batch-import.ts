// Batch at scale (BATCH-22): an asynchronous CSV import of 50,000 customers completes while the mock answers
// concurrent single GETs; their p99 during the job and the job's duration are reported.
import { createMockService } from '../mock-server/index.js';
import { authHeaders, ms, report, type Figure } from './harness.js';

export async function batchImport({ rows }: { rows: number }): Promise<Figure[]> {
  const mock = createMockService({ seed: 'demo' });
  const { apiKey, companyId, baseUrl } = mock.credentials;
  const headers = authHeaders({ apiKey, companyId });
  const first = (await (await mock.fetch(`${baseUrl}/customers?limit=1`, { headers })).json()) as { data: { id: string }[] };
  const customerUrl = `${baseUrl}/customers/${first.data[0]!.id}`;

  const lines = ['Name,Email'];
  for (let i = 0; i < rows; i++) lines.push(`Bench customer ${i},bench${i}@import.my`);
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'customers.csv');
  form.append('mapping', JSON.stringify({ name: 'Name', email: 'Email' }));
  form.append('options', JSON.stringify({ async: true, continueOnError: true }));

  const started = performance.now();
  const accepted = await mock.fetch(`${baseUrl}/batch/customers/import-csv`, { method: 'POST', headers, body: form });
  const acceptMs = performance.now() - started;
  const { data } = (await accepted.json()) as { data: { jobId: string } };
  if (accepted.status !== 202) throw new Error(`the import was not accepted: ${accepted.status} ${JSON.stringify(data).slice(0, 200)}`);

  // Single GETs one after another for as long as the job runs, each arriving as a new event (as a
  // socket's request would: in-process fetches alone never yield to the worker); the job's status every 50 ms.
  const latencies: number[] = [];
  let done = false;
  let status = '';
  const reader = (async () => {
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      const t0 = performance.now();
      const response = await mock.fetch(customerUrl, { headers });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (response.status !== 200) throw new Error(`a GET during the job answered ${response.status}`);
    }
  })();
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const job = (await (await mock.fetch(`${baseUrl}/batch/jobs/${data.jobId}`, { headers })).json()) as {
      data: { status: string; completedAt: string | null };
    };
    status = job.data.status;
    done = job.data.completedAt !== null;
  }
  const jobMs = performance.now() - started;
  await reader;
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const n = rows.toLocaleString('en-US');
  return [
    report(`CSV import of ${n} customers: accepted (202) in`, ms(acceptMs)),
    report(`CSV import of ${n} customers: job ${status} in`, `${(jobMs / 1000).toFixed(2)} s`),
    report(`single GETs during the job (${latencies.length.toLocaleString('en-US')}): median`, ms(at(0.5))),
    report('single GETs during the job: p99', ms(at(0.99))),
  ];
}
