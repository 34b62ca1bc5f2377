// Integration tests against the mock through msw: the client under test needs no special option.
import { AcsClient } from 'acs-sdk';
import { setupMockServer } from 'acs-mock/node';

export async function main() {
  const { server, mock } = setupMockServer({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
  server.listen({ onUnhandledFrame: 'error' }); // in a test file: beforeAll
  try {
    // The code under test builds its client as in production; the sandbox address is intercepted.
    const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId });

    const [rent] = (await acs.accounts.list({ accountNumber: '6100' })).data;
    const [bank] = (await acs.accounts.list({ accountNumber: '1120' })).data;
    const entry = await acs.journalEntries.create({
      date: '2026-11-01',
      reference: 'RENT-NOV',
      lines: [
        { accountId: rent.id, debit: 4500 },
        { accountId: bank.id, credit: 4500 },
      ],
    });
    await acs.journalEntries.post(entry.id);
    const ledger = await acs.accounts.ledger(rent.id, { dateFrom: '2026-11-01', dateTo: '2026-11-30' });

    mock.clock.advance({ days: 31 }); // a month passes at once; between jumps the clock runs at real speed
    mock.reset(); // in a test file: afterEach; back to the seed
    const afterReset = await acs.journalEntries.list({ reference: 'RENT-NOV' });

    console.log(`November rent: ${ledger.totalDebit}; after reset: ${afterReset.total} entries`);
    return { ledger, afterReset: afterReset.total, now: mock.today() };
  } finally {
    server.close(); // afterAll
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
