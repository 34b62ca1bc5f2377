// The two measures of the list-depth section: the first page of each query against the target, and the
// first page of a list against its last one, reached by following nextCursor.
import { atMost, ms, report, time, type Figure } from './harness.js';
import type { client, ListBody } from './list-page.js';

/** Issue target: the first page of any declared filter or sort among 100,000 rows. */
export const FIRST_PAGE_TARGET_MS = 5;

export type Get = ReturnType<typeof client>;

/** The first page and the last one of `query`, each a median; the last reached by walking at `maxLimit`. */
export async function firstAndLast(
  name: string,
  get: Get,
  query: string,
  limit: number,
  maxLimit: number,
  runs: number,
): Promise<Figure[]> {
  const base = `${query}${query ? '&' : ''}`;
  const first = await get(`${base}limit=${limit}`);
  const total = first.pagination.total;
  let cursor = first.pagination.nextCursor;
  let seen = first.data.length;
  while (cursor && seen < total - limit) {
    const page: ListBody<unknown> = await get(`${base}limit=${Math.min(maxLimit, total - limit - seen)}&cursor=${cursor}`);
    seen += page.data.length;
    cursor = page.pagination.nextCursor;
  }
  const lastQuery = `${base}limit=${limit}&cursor=${cursor}`;
  const last = await get(lastQuery);
  if (last.pagination.hasMore || seen + last.data.length !== total)
    throw new Error(`${name}: the walk saw ${seen + last.data.length} of ${total} rows`);
  const firstT = await time(() => get(`${base}limit=${limit}`), { runs, warmup: 3 });
  const lastT = await time(() => get(lastQuery), { runs, warmup: 3 });
  const ratio = lastT.median / firstT.median;
  return [
    report(`${name}: first page (${limit}) of ${total.toLocaleString('en-US')} (median)`, `${ms(firstT.median)} (p95 ${ms(firstT.p95)})`),
    report(`${name}: last page (${limit}) via cursor (median)`, `${ms(lastT.median)} (p95 ${ms(lastT.p95)})`),
    report(`${name}: last / first page`, `${ratio.toFixed(2)}x`, atMost(ratio, 2, 'at most 2x')),
  ];
}

/** The first page and the last one of an offset-paged list (`offset` = total less one page), each a median. */
export async function firstAndLastByOffset(name: string, get: Get, query: string, limit: number, runs: number): Promise<Figure[]> {
  const base = `${query}${query ? '&' : ''}limit=${limit}`;
  const total = (await get(base)).pagination.total;
  const lastQuery = `${base}&offset=${total - limit}`;
  const last: ListBody<unknown> = await get(lastQuery);
  if (last.pagination.hasMore || last.data.length !== limit)
    throw new Error(`${name}: the last page holds ${last.data.length} of ${limit} rows`);
  const firstT = await time(() => get(base), { runs, warmup: 3 });
  const lastT = await time(() => get(lastQuery), { runs, warmup: 3 });
  const ratio = lastT.median / firstT.median;
  return [
    report(`${name}: first page (${limit}) of ${total.toLocaleString('en-US')} (median)`, `${ms(firstT.median)} (p95 ${ms(firstT.p95)})`),
    report(`${name}: last page (${limit}) by offset (median)`, `${ms(lastT.median)} (p95 ${ms(lastT.p95)})`),
    report(`${name}: last / first page`, `${ratio.toFixed(2)}x`, atMost(ratio, 2, 'at most 2x')),
  ];
}

/** The first page of each query, its first (cold) call and then a median, against the target. */
export async function firstPages(list: string, get: Get, queries: [string, string][], limit: number, runs: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [name, query] of queries) {
    const q = `${query}${query ? '&' : ''}limit=${limit}`;
    const t0 = performance.now();
    const first = await get(q);
    const cold = performance.now() - t0;
    const warm = await time(() => get(q), { runs, warmup: 2 });
    figures.push(
      report(
        `${list} first page, ${name}`,
        `${ms(warm.median)} (p95 ${ms(warm.p95)}; cold ${ms(cold)}; total ${first.pagination.total})`,
        atMost(warm.median, FIRST_PAGE_TARGET_MS, `<= ${FIRST_PAGE_TARGET_MS} ms`),
      ),
    );
  }
  return figures;
}

/** Calls `insert(i)` for i below `count`, a thousand to a store transaction (as a bulk import commits). */
export function insertInBatches(store: { transaction(fn: () => void): unknown }, count: number, insert: (i: number) => void): void {
  for (let from = 0; from < count; from += 1000) {
    store.transaction(() => {
      for (let i = from; i < Math.min(count, from + 1000); i++) insert(i);
    });
  }
}
