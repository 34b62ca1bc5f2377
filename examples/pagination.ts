// Lists are cursor-paged; a list call is awaitable (first page) and async-iterable (every item).
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService();
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });

  // Every expense account, ten per request, across all pages.
  const expenses: string[] = [];
  for await (const account of acs.accounts.list({ type: 'expense', limit: 10 })) {
    expenses.push(`${account.accountNumber} ${account.name}`);
  }

  // One page at a time, with its total.
  const first = await acs.accounts.list({ limit: 5 });
  console.log(`${first.data.length} of ${first.total}, more: ${first.hasNextPage()}`);
  let pages = 0;
  for await (const page of acs.accounts.list({ limit: 5 }).pages()) pages += page.data.length > 0 ? 1 : 0;

  // The operator form: accountNumber[startswith]=11 on the wire.
  const currentAssets = await acs.accounts.list({ accountNumber: { startswith: '11' } }).toArray({ limit: 100 });

  console.log(`${expenses.length} expense accounts, ${pages} pages of 5, ${currentAssets.length} accounts 11xx`);
  return { expenses, pages, total: first.total, currentAssets };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
