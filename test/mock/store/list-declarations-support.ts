// The check every list that declares `index` is held to: the indexed answer equals a scan through the domain's `where`.
import { expect } from 'vitest';
import type { ListSpec } from '../../../src/contract/index.js';
import type { FilterClause } from '../../../mock-server/kernel/route.js';
import type { CompanyContext } from '../../../mock-server/store/context.js';
import type { Row, Table } from '../../../mock-server/store/index.js';
import { listPage } from '../../../mock-server/store/list.js';

/**
 * Each declared filter alone (every value given) and in pairs, with and without an operator clause:
 * the page and total the indexes give equal those of a scan through the domain's `where`.
 */
export function expectIndexedAsScanned<T extends Row>(
  ctx: CompanyContext,
  table: Table<T>,
  spec: ListSpec,
  values: Record<string, unknown[]>,
  matches: (query: Record<string, unknown>) => (row: T) => boolean,
  clause: FilterClause,
  /** How the scan reads a field the row holds elsewhere (the route's `value`). */
  scanValue?: (row: T, field: string) => unknown,
  /** The query as the route hands it to the indexes (its `query` option), when it reads a filter in another form. */
  indexedQuery: (query: Record<string, unknown>) => Record<string, unknown> = (query) => query,
): void {
  expect(Object.keys(values).sort()).toEqual(Object.keys(spec.index!).sort());
  const names = Object.keys(values);
  const queries: Record<string, unknown>[] = [{}];
  for (const name of names) for (const value of values[name]) queries.push({ [name]: value });
  for (let a = 0; a < names.length; a++) {
    for (let b = a + 1; b < names.length; b++) queries.push({ [names[a]]: values[names[a]][0], [names[b]]: values[names[b]].at(-1) });
  }
  let nonEmpty = 0;
  for (const query of queries) {
    for (const filters of [[], [clause]]) {
      const listCtx = { ...ctx, query: { ...query, limit: 100 }, filters };
      const indexed = listPage(table, { ...listCtx, query: { ...indexedQuery(query), limit: 100 } }, spec, {
        where: () => {
          throw new Error('where is not called when the declaration names every filter');
        },
      });
      const scanned = listPage(table.all(), listCtx, spec, { where: matches(query), value: scanValue });
      expect(
        indexed.data.map((r) => r.id),
        JSON.stringify(query),
      ).toEqual(scanned.data.map((r) => r.id));
      expect(indexed.pagination.total, JSON.stringify(query)).toBe(scanned.pagination.total);
      if (indexed.data.length) nonEmpty++;
    }
  }
  expect(nonEmpty).toBeGreaterThan(queries.length); // the fixture gives most filters something to find
}
