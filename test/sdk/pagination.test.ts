import { describe, expect, it } from 'vitest';
import { Transport } from '../../src/internal/transport.js';
import { Resource } from '../../src/core/resource.js';
import type { ListRoute } from '../../src/core/route.js';
import { resolveOptions } from '../../src/core/options.js';
import { CursorPage, OffsetPage, PageNumberPage, PagePromise } from '../../src/index.js';
import { TEST_KEY, account, list, scriptedFetch, testClient } from './helpers.js';
import { validating } from '../support/validation.js';

const cursor = (hasMore: boolean, nextCursor: string | null, total = 5) => ({ hasMore, nextCursor, limit: 2, total });
const accounts = (...ids: string[]) => ids.map((id) => account({ id }));

// Stand-in offset and page-number routes with minimal records (ids the contract does not declare, so strict validation passes them by).
interface Supplier {
  id: string;
  name: string;
}
const suppliersList: ListRoute<[query?: { status?: string; limit?: number; offset?: number }], Supplier, 'offset'> = {
  id: 'standIns.offsetList',
  method: 'GET',
  path: '/suppliers',
  api: 'business',
  status: 200,
  auth: true,
  hasQuery: true,
  list: { paging: 'offset', defaultLimit: 20, maxLimit: 100 },
};
const recordsQuery: ListRoute<[query?: { pageNo?: number; pageSize?: number }], { guid: string }, 'page'> = {
  id: 'standIns.pageList',
  method: 'GET',
  path: '/core2/tnt/dm/erp/e-invoice/records',
  api: 'data',
  status: 200,
  auth: true,
  hasQuery: true,
  list: { paging: 'page', defaultLimit: 50, maxLimit: 200 },
};

/** The SDK methods of the stand-in routes, as a resource would derive them. */
class StandIns extends Resource {
  suppliers = this.method(suppliersList);
  records = this.method(recordsQuery);
}

function methodsOver(fetch: typeof globalThis.fetch) {
  const resolved = resolveOptions({ apiKey: TEST_KEY, companyId: 'cmp_demo', fetch, validate: validating('strict'), logLevel: 'off' });
  return new StandIns({ transport: new Transport(resolved.transport), companyId: resolved.companyId });
}

describe('cursor pagination', () => {
  it('awaiting a list call gives its first page', async () => {
    const { fetch, sent } = scriptedFetch(list(accounts('a1', 'a2'), cursor(true, 'c2')));
    const call = testClient(fetch).accounts.list({ type: 'asset', limit: 2 });
    expect(call).toBeInstanceOf(PagePromise);
    const page = await call;

    expect(page).toBeInstanceOf(CursorPage);
    expect(page.data.map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(page.hasMore).toBe(true);
    expect(page.total).toBe(5);
    expect(page.nextCursor).toBe('c2');
    expect(page.hasNextPage()).toBe(true);
    expect(sent[0].url.search).toBe('?type=asset&limit=2');
  });

  it('for await over the call yields every item across pages, keeping the query', async () => {
    const { fetch, sent } = scriptedFetch(
      list(accounts('a1', 'a2'), cursor(true, 'c2')),
      list(accounts('a3', 'a4'), cursor(true, 'c3')),
      list(accounts('a5'), cursor(false, null)),
    );
    const ids: string[] = [];
    for await (const a of testClient(fetch).accounts.list({ type: 'asset', limit: 2 })) ids.push(a.id);

    expect(ids).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(sent.map((r) => r.url.search)).toEqual([
      '?type=asset&limit=2',
      '?type=asset&limit=2&cursor=c2',
      '?type=asset&limit=2&cursor=c3',
    ]);
  });

  it('an empty page that says hasMore does not stop the iteration', async () => {
    const { fetch } = scriptedFetch(
      list(accounts('a1'), cursor(true, 'c2')),
      list([], cursor(true, 'c3')),
      list(accounts('a2'), cursor(false, null)),
    );
    const all = await testClient(fetch).accounts.list().toArray();
    expect(all.map((a) => a.id)).toEqual(['a1', 'a2']);
  });

  it('toArray({ limit }) stops fetching once it has enough', async () => {
    const { fetch, sent } = scriptedFetch(list(accounts('a1', 'a2'), cursor(true, 'c2')), list(accounts('a3', 'a4'), cursor(true, 'c3')));
    const some = await testClient(fetch).accounts.list().toArray({ limit: 3 });
    expect(some.map((a) => a.id)).toEqual(['a1', 'a2', 'a3']);
    expect(sent).toHaveLength(2);
  });

  it('pages() yields each page; getNextPage() fetches the next one', async () => {
    const { fetch } = scriptedFetch(
      list(accounts('a1'), cursor(true, 'c2')),
      list(accounts('a2'), cursor(false, null)),
      list(accounts('a1'), cursor(true, 'c2')),
      list(accounts('a2'), cursor(false, null)),
    );
    const acs = testClient(fetch);
    const sizes: number[] = [];
    for await (const page of acs.accounts.list().pages()) sizes.push(page.data.length);
    expect(sizes).toEqual([1, 1]);

    const first = await acs.accounts.list();
    const second = await first.getNextPage();
    expect(second.data[0].id).toBe('a2');
    expect(second.hasNextPage()).toBe(false);
    await expect(second.getNextPage()).rejects.toMatchObject({ code: 'NO_NEXT_PAGE' });
  });

  it('a cursor equal to the one just sent ends the walk instead of looping', async () => {
    const { fetch, sent } = scriptedFetch(list(accounts('a1'), cursor(true, 'same')), list(accounts('a2'), cursor(true, 'same')));
    const all = await testClient(fetch).accounts.list().toArray();
    expect(all).toHaveLength(2);
    expect(sent).toHaveLength(2);
  });

  it('withResponse() on a list gives the first page and its response', async () => {
    const { fetch } = scriptedFetch(list(accounts('a1'), cursor(false, null), { 'x-request-id': 'req_list' }));
    const { data, requestId } = await testClient(fetch).accounts.list().withResponse();
    expect(data).toBeInstanceOf(CursorPage);
    expect(requestId).toBe('req_list');
  });
});

describe('offset pagination', () => {
  const offset = (hasMore: boolean, nextOffset: number | null) => ({ hasMore, nextOffset, limit: 2, total: 3 });

  it('walks pages by nextOffset on the same page interface', async () => {
    const { fetch, sent } = scriptedFetch(
      list(
        [
          { id: 's1', name: 'A' },
          { id: 's2', name: 'B' },
        ],
        offset(true, 2),
      ),
      list([{ id: 's3', name: 'C' }], offset(false, null)),
    );
    const call = methodsOver(fetch).suppliers({ status: 'active', limit: 2 });
    const first = await call;
    expect(first).toBeInstanceOf(OffsetPage);
    expect(first.nextOffset).toBe(2);
    expect(first.total).toBe(3);

    const names: string[] = [];
    for await (const s of first) names.push(s.name);
    expect(names).toEqual(['A', 'B', 'C']);
    expect(sent.map((r) => r.url.search)).toEqual(['?status=active&limit=2', '?status=active&limit=2&offset=2']);
  });

  it('an empty page with hasMore does not stop iteration', async () => {
    const { fetch } = scriptedFetch(list([], offset(true, 2)), list([{ id: 's3', name: 'C' }], offset(false, null)));
    expect(await methodsOver(fetch).suppliers().toArray()).toEqual([{ id: 's3', name: 'C' }]);
  });
});

describe('page-number pagination', () => {
  const pageNo = (n: number, hasMore: boolean) => ({ pageNo: n, pageSize: 1, totalRecords: 3, totalPages: 3, hasMore });

  it('walks pageNo 1, 2, 3 against the data-management base', async () => {
    const { fetch, sent } = scriptedFetch(
      list([{ guid: 'g1' }], pageNo(1, true)),
      list([], pageNo(2, true)),
      list([{ guid: 'g3' }], pageNo(3, false)),
    );
    const call = methodsOver(fetch).records({ pageSize: 1 });
    const first = await call;
    expect(first).toBeInstanceOf(PageNumberPage);
    expect(first.total).toBe(3);
    expect(first.pageNo).toBe(1);

    expect((await first.toArray()).map((r) => r.guid)).toEqual(['g1', 'g3']);
    expect(sent.map((r) => r.url.origin + r.url.pathname + r.url.search)).toEqual([
      'https://sandbox-data.acs.example.com/core2/tnt/dm/erp/e-invoice/records?pageSize=1',
      'https://sandbox-data.acs.example.com/core2/tnt/dm/erp/e-invoice/records?pageSize=1&pageNo=2',
      'https://sandbox-data.acs.example.com/core2/tnt/dm/erp/e-invoice/records?pageSize=1&pageNo=3',
    ]);
  });

  it('toArray({ limit }) bounds the walk', async () => {
    const { fetch, sent } = scriptedFetch(list([{ guid: 'g1' }], pageNo(1, true)), list([{ guid: 'g2' }], pageNo(2, true)));
    expect(await methodsOver(fetch).records().toArray({ limit: 2 })).toEqual([{ guid: 'g1' }, { guid: 'g2' }]);
    expect(sent).toHaveLength(2);
  });
});
