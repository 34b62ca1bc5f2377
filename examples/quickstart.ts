// Quick start: the SDK against the in-process sandbox mock, no network involved.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({
    apiKey: mock.credentials.apiKey,
    companyId: mock.credentials.companyId,
    fetch: mock.fetch, // or leave it out and start msw's setupServer(...mock.handlers)
  });

  const { company } = await acs.auth.verify();
  const pettyCash = await acs.accounts.create({
    accountNumber: '1115',
    name: 'Petty Cash',
    type: 'asset',
    category: 'current_asset',
    parentId: (await acs.accounts.list({ accountNumber: '1100' })).data[0].id,
  });
  const [bank] = (await acs.accounts.list({ accountNumber: '1120' })).data;

  const entry = await acs.journalEntries.create({
    date: mock.today(),
    reference: 'FLOAT-001',
    description: 'Petty cash float',
    lines: [
      { accountId: pettyCash.id, debit: 500 },
      { accountId: bank.id, credit: 500 },
    ],
  });
  await acs.journalEntries.post(entry.id);

  const { balance } = await acs.accounts.retrieve(pettyCash.id);
  console.log(`${company.name}: ${entry.journalNumber} posted, petty cash net ${balance.net}`); // net 500
  return { company, entry, balance };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
