// A synchronous batch of 1,000 items (BATCH-1) through the whole in-process service (routing, auth,
// the batch envelope, each record through POST /items' rules and domain, the per-record results): median.
import { createMockService } from '../mock-server/index.js';
import { authHeaders, atMost, ms, report, time, type Figure } from './harness.js';

const BATCH_ITEMS_TARGET_MS = 300;

export async function batchItems({ records, runs }: { records: number; runs: number }): Promise<Figure[]> {
  const mock = createMockService({ seed: 'demo' });
  const { companyId, apiKey, baseUrl } = mock.credentials;
  const headers = { ...authHeaders({ apiKey, companyId }), 'content-type': 'application/json' };
  let batch = 0;
  const post = async () => {
    batch += 1;
    const operations = Array.from({ length: records }, (_, i) => ({
      operation: 'create',
      referenceId: `r${i}`,
      data: {
        itemCode: `BB-${batch}-${i}`,
        name: `Batch item ${batch}/${i}`,
        type: 'inventory',
        unit: 'pcs',
        pricing: { costPrice: 1 + (i % 50), sellingPrice: 2 + (i % 50) },
      },
    }));
    // A minute apart on the mock clock, as a caller within the spec's batch rate would send them.
    mock.clock.advance({ minutes: 1 });
    const response = await mock.fetch(`${baseUrl}/batch/items`, { method: 'POST', headers, body: JSON.stringify({ operations }) });
    const body = (await response.json()) as { data: { successfulRecords: number } };
    if (response.status !== 200 || body.data.successfulRecords !== records)
      throw new Error(`the batch failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  };
  const timing = await time(post, { runs, warmup: 2 });
  return [
    report(
      `synchronous batch of ${records.toLocaleString('en-US')} items (median, ${timing.runs} batches)`,
      `${ms(timing.median)} (p95 ${ms(timing.p95)})`,
      atMost(timing.median, BATCH_ITEMS_TARGET_MS, `<= ${BATCH_ITEMS_TARGET_MS} ms`),
    ),
  ];
}
