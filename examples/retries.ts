// Retries: 408, 429, 5xx, network errors and timeouts, with backoff and jitter; writes carry an
// Idempotency-Key kept across retries, so a retried POST never writes twice.
import { AcsClient, ConnectionError, type JournalEntry, ServerError } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService();
  const acs = new AcsClient({
    apiKey: mock.credentials.apiKey,
    companyId: mock.credentials.companyId,
    fetch: mock.fetch,
    maxRetries: 3, // default 2
  });
  const [cash] = (await acs.accounts.list({ accountNumber: '1110' })).data;
  const [bank] = (await acs.accounts.list({ accountNumber: '1120' })).data;

  // The service answers twice with 503, then the call succeeds.
  mock.faults.inject({ status: 503, times: 2, method: 'GET', path: '/v1/accounts/{accountId}' });
  const { data: account, requestId, rateLimit } = await acs.accounts.retrieve(cash.id).withResponse();

  // The entry is written, then the response is lost: the SDK retries with the same key and the
  // service replays the stored answer instead of writing a second entry.
  mock.faults.inject({ error: 'network', stage: 'after', method: 'POST', path: '/v1/journal-entries' });
  const entry = await acs.journalEntries.create(
    {
      date: mock.today(),
      reference: 'FLOAT-TOPUP',
      lines: [
        { accountId: cash.id, debit: 50 },
        { accountId: bank.id, credit: 50 },
      ],
    },
    { idempotencyKey: 'float-top-up-2026-11-02' },
  );
  const { total: written } = await acs.journalEntries.list({ reference: 'FLOAT-TOPUP' });

  // Every answer is lost, retries included: the error names the key the write was sent with, and
  // calling again with it replays the write the service applied instead of writing it twice.
  const refill = {
    date: mock.today(),
    reference: 'FLOAT-REFILL',
    lines: [
      { accountId: cash.id, debit: 20 },
      { accountId: bank.id, credit: 20 },
    ],
  };
  mock.faults.inject({ error: 'network', stage: 'after', method: 'POST', path: '/v1/journal-entries', times: 4 });
  let refilled: JournalEntry;
  try {
    refilled = await acs.journalEntries.create(refill);
  } catch (error) {
    if (!(error instanceof ConnectionError)) throw error;
    mock.faults.clear();
    refilled = await acs.journalEntries.create(refill, { idempotencyKey: error.idempotencyKey });
  }
  const { total: refills } = await acs.journalEntries.list({ reference: 'FLOAT-REFILL' });

  // Per call: no retries at all.
  mock.faults.inject({ status: 503, times: 1 });
  let status: number | undefined;
  try {
    await acs.company.retrieve({ maxRetries: 0 });
  } catch (error) {
    if (error instanceof ServerError) status = error.status;
    else throw error;
  }

  console.log(`${account.name} after two 503s (request ${requestId}, ${rateLimit?.remaining} calls left this hour)`);
  console.log(
    `${entry.journalNumber} written ${written} time(s); ${refilled.journalNumber} written ${refills} time(s) after a repeat; without retries: ${status}`,
  );
  return { account, entry, written, refills, status };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
