// One filtered page among 100,000 accounts of one company, through the whole in-process service:
// routing, auth, query validation, the list engine and presentation (`mock.fetch`, then `.json()`).
import { ACCOUNT_CATEGORIES, type AccountType } from '../src/contract/index.js';
import { createAccount } from '../mock-server/domain/accounting/accounts.js';
import { createMockService } from '../mock-server/index.js';
import { ms, report, time, under, type Figure } from './harness.js';

export const LIST_PAGE_TARGET_MS = 5;
const TYPES = Object.keys(ACCOUNT_CATEGORIES) as AccountType[];

interface ListBody {
  data: { accountNumber: string; type: string }[];
  pagination: { hasMore: boolean; nextCursor: string | null; total: number };
}

export async function listPage({ accounts, runs }: { accounts: number; runs: number }): Promise<Figure[]> {
  const mock = createMockService({ seed: 'empty' });
  const { apiKey, companyId, baseUrl } = mock.credentials;
  const ctx = { store: mock.store, clock: mock.clock, companyId };

  // Numbers 100000, 100001, ...: every fifth account is an asset, so `startswith=12` holds a tenth of them.
  const started = performance.now();
  for (let i = 0; i < accounts; i++) {
    const type = TYPES[i % TYPES.length];
    const categories = ACCOUNT_CATEGORIES[type];
    createAccount(ctx, { accountNumber: String(100_000 + i), name: `Account ${i}`, type, category: categories[i % categories.length] });
  }
  const createMs = performance.now() - started;

  const headers = { authorization: `Bearer ${apiKey}`, 'x-company-id': companyId };
  const get = async (query: string): Promise<ListBody> => {
    const response = await mock.fetch(`${baseUrl}/accounts?${query}`, { headers });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`GET /accounts?${query} answered ${response.status}: ${JSON.stringify(body)}`);
    return body as ListBody;
  };

  const filtered = 'type=asset&accountNumber[startswith]=12&limit=50';
  let t0 = performance.now();
  const firstPage = await get(filtered);
  const coldMs = performance.now() - t0;
  const wrong = firstPage.data.filter((a) => a.type !== 'asset' || !a.accountNumber.startsWith('12'));
  if (firstPage.data.length !== 50 || wrong.length > 0 || !firstPage.pagination.hasMore) {
    throw new Error(`the filtered page is wrong: ${firstPage.data.length} rows, ${wrong.length} off the filter`);
  }
  const warm = await time(() => get(filtered), { runs, warmup: 1 });

  // A cursor 90% of the way down the unfiltered list, reached by following nextCursor.
  const pageSize = 100;
  const depth = Math.floor((accounts / pageSize) * 0.9);
  let cursor: string | null = null;
  t0 = performance.now();
  for (let page = 1; page < depth; page++) {
    const body: ListBody = await get(`limit=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    cursor = body.pagination.nextCursor;
    if (!cursor) throw new Error(`the list ended at page ${page} of ${depth}`);
  }
  const walkMs = performance.now() - t0;
  const deepQuery = `limit=${pageSize}&cursor=${cursor}`;
  const deepPage = await get(deepQuery);
  const expectedFirst = String(100_000 + (depth - 1) * pageSize);
  if (deepPage.data[0]?.accountNumber !== expectedFirst) {
    throw new Error(`page ${depth} starts at ${deepPage.data[0]?.accountNumber}, not ${expectedFirst}`);
  }
  const deep = await time(() => get(deepQuery), { runs, warmup: 1 });

  const n = accounts.toLocaleString('en-US');
  return [
    report(`create ${n} accounts through the domain (one company)`, `${(createMs / 1000).toFixed(2)} s (${((createMs / accounts) * 1000).toFixed(1)} µs each)`),
    report(`filtered page of ${n} accounts, first (cold) call`, ms(coldMs)),
    report(
      `filtered page of ${n} accounts (median, ${warm.runs} calls)`,
      `${ms(warm.median)} (p95 ${ms(warm.p95)})`,
      under(warm.median, LIST_PAGE_TARGET_MS, `< ${LIST_PAGE_TARGET_MS} ms`),
    ),
    report(`page ${depth} of ${Math.ceil(accounts / pageSize)} via cursor (median)`, `${ms(deep.median)} (walk there: ${(walkMs / depth).toFixed(2)} ms/page)`),
  ];
}
