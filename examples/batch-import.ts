// Importing customers from a CSV: an asynchronous batch job, followed with a progress bar in the terminal.
import { AcsClient, type BatchJob } from 'acs-sdk';
import { createMockService } from 'acs-mock';

/** `rows` customers (5,000 by default; IMPORT_ROWS or the first argument says otherwise). */
export async function main(rows = Number(process.env.IMPORT_ROWS ?? process.argv[2] ?? 5000)) {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });

  // A file as another system exports it: its own column names, `;` separated, a name with a quote and a comma.
  const lines = ['Customer name;E-mail;City;Credit limit'];
  for (let i = 1; i <= rows; i += 1)
    lines.push(`"Kedai ""Runcit"" ${i}, Klang";kedai${i}@import.my;Klang;${i % 10 === 0 ? 'n/a' : '2500'}`);
  const csv = new Blob([lines.join('\n')], { type: 'text/csv' });

  const accepted = await acs.batch.importCustomersCsv(csv, {
    mapping: { name: 'Customer name', email: 'E-mail', 'billingAddress.city': 'City', creditLimit: 'Credit limit' },
    options: { async: true, continueOnError: true },
  });
  const job = await acs.batch.waitForJob(accepted.jobId, { intervalMs: 100, onProgress: drawProgress });
  process.stdout.write('\n');

  const { successfulRecords, failedRecords } = job.progress;
  console.log(`${successfulRecords} customers imported, ${failedRecords} refused`);
  return { job };
}

/** `[#####-----] 50% 2500/5000`, redrawn in place. */
function drawProgress(job: BatchJob) {
  const { percentComplete, processedRecords, totalRecords } = job.progress;
  const filled = Math.round(percentComplete / 10);
  process.stdout.write(
    `\r[${'#'.repeat(filled)}${'-'.repeat(10 - filled)}] ${Math.floor(percentComplete)}% ${processedRecords}/${totalRecords}`,
  );
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
