import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListSpec } from '../../../src/contract/index.js';
import { MockClock } from '../../../mock-server/kernel/clock.js';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import type { FilterClause } from '../../../mock-server/kernel/route.js';
import { decodeCursor, encodeCursor } from '../../../mock-server/store/cursor.js';
import { Store, type Table } from '../../../mock-server/store/index.js';
import { listPage } from '../../../mock-server/store/list.js';

interface Item {
  id: string;
  name: string;
  price: number;
  active: boolean;
  date: string;
  createdAt: string;
  note: string | null;
}

const SPEC: ListSpec = {
  paging: 'cursor',
  defaultLimit: 3,
  maxLimit: 10,
  filters: { name: 'string', price: 'number', active: 'boolean', date: 'date', createdAt: 'datetime' },
  search: ['name', 'note'],
  sort: ['name', 'price', 'date', 'createdAt'],
};

function itemTable(rows: Omit<Item, 'id'>[] = []): Table<Item> {
  const store = new Store(new MockClock('2026-11-20T09:00:00.000Z'));
  store.defineTable('items', { prefix: 'it' });
  const table = store.table<Item>('cmp_1', 'items');
  for (const row of rows) table.insert({ id: table.newId(), ...row });
  return table;
}

const item = (name: string, price: number, extra: Partial<Omit<Item, 'id'>> = {}): Omit<Item, 'id'> => ({
  name,
  price,
  active: true,
  date: '2026-03-01',
  createdAt: '2026-03-01T10:00:00.000Z',
  note: null,
  ...extra,
});

const sample = () =>
  itemTable([
    item('Cash', 10, { date: '2026-01-15', createdAt: '2026-01-15T08:00:00.000Z', note: 'petty cash' }),
    item('bank', 250.5, { date: '2026-02-01', createdAt: '2026-02-01T23:59:59.000Z' }),
    item('Accounts receivable', 99, { active: false, date: '2026-02-28', createdAt: '2026-02-28T00:00:00.000Z' }),
    item('Drawings', 5, { date: '2026-03-31', createdAt: '2026-03-31T12:00:00.000Z', note: 'Owner' }),
    item('equipment', 1200, { date: '2026-04-01', createdAt: '2026-04-01T00:00:00.000Z' }),
  ]);

const run = (
  source: Table<Item> | Item[],
  query: Record<string, unknown> = {},
  filters: FilterClause[] = [],
  spec: ListSpec = SPEC,
  options: Parameters<typeof listPage<Item>>[3] = {},
) => listPage<Item>(source, { query, filters }, spec, options);

const names = (result: { data: Item[] }) => result.data.map((r) => r.name);
const clause = (field: string, op: FilterClause['op'], value: string): FilterClause => ({ field, op, value });

function refusal(fn: () => unknown): { status: number; code: string; detail: Record<string, unknown> } {
  try {
    fn();
  } catch (error) {
    if (error instanceof ServiceError)
      return { status: error.status, code: error.code, detail: (error.details as Record<string, unknown>[])[0] };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('sorting', () => {
  it('sorts by the first sort field by default, text case-insensitively', () => {
    expect(names(run(sample(), { limit: 10 }))).toEqual(['Accounts receivable', 'bank', 'Cash', 'Drawings', 'equipment']);
  });

  it('uses the route default sort when the query gives none', () => {
    expect(names(run(sample(), { limit: 10 }, [], SPEC, { defaultSort: 'price:desc' }))).toEqual([
      'equipment',
      'bank',
      'Accounts receivable',
      'Cash',
      'Drawings',
    ]);
  });

  it('accepts both sort forms: field:dir lists and sort with order', () => {
    const colon = names(run(sample(), { limit: 10, sort: 'price:desc' }));
    const order = names(run(sample(), { limit: 10, sort: 'price', order: 'desc' }));
    expect(colon).toEqual(order);
    expect(colon[0]).toBe('equipment');
  });

  it('sorts by several keys, each with its direction, and breaks ties by id', () => {
    const table = itemTable([item('b', 1), item('a', 2), item('a', 1), item('b', 2)]);
    const result = run(table, { limit: 10, sort: 'name:asc,price:desc' });
    expect(result.data.map((r) => `${r.name}${r.price}`)).toEqual(['a2', 'a1', 'b2', 'b1']);
    const twins = itemTable([item('same', 1), item('same', 1), item('same', 1)]);
    const ids = run(twins, { limit: 10 }).data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('refuses a sort field outside the endpoint list and a bad direction with 422 INVALID_CHOICE', () => {
    expect(refusal(() => run(sample(), { sort: 'note' }))).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      detail: { field: 'sort', code: 'INVALID_CHOICE' },
    });
    expect(refusal(() => run(sample(), { sort: 'name:up' })).detail).toMatchObject({ field: 'sort', code: 'INVALID_CHOICE' });
  });

  it('reuses the sorted order of an unchanged table and re-sorts after a write', () => {
    const table = sample();
    let reads = 0;
    for (const row of table.values()) {
      const name = row.name;
      Object.defineProperty(row, 'name', {
        get: () => {
          reads++;
          return name;
        },
        enumerable: true,
      });
    }
    run(table, { limit: 2 });
    const firstReads = reads;
    expect(firstReads).toBe(5 + 1); // every row once for the sort, the last row once for the cursor
    run(table, { limit: 2 });
    expect(reads - firstReads).toBe(1); // only the cursor: no re-sort
    table.insert({ id: table.newId(), ...item('Aardvark', 1) });
    expect(names(run(table, { limit: 1 }))).toEqual(['Aardvark']);
  });
});

describe('limits', () => {
  it('defaults to the endpoint default limit', () => {
    const result = run(sample());
    expect(result.data).toHaveLength(3);
    expect(result.pagination).toMatchObject({ limit: 3, total: 5, hasMore: true });
  });

  it('refuses a limit over the maximum with MAX_VALUE and under 1 with MIN_VALUE', () => {
    expect(refusal(() => run(sample(), { limit: 11 })).detail).toMatchObject({ field: 'limit', code: 'MAX_VALUE', constraint: 10 });
    expect(refusal(() => run(sample(), { limit: 0 })).detail).toMatchObject({ field: 'limit', code: 'MIN_VALUE' });
  });
});

describe('operator filters', () => {
  const filtered = (...filters: FilterClause[]) => names(run(sample(), { limit: 10, sort: 'price' }, filters));

  it('compares numbers numerically', () => {
    expect(filtered(clause('price', 'gt', '99'))).toEqual(['bank', 'equipment']);
    expect(filtered(clause('price', 'gte', '99'))).toEqual(['Accounts receivable', 'bank', 'equipment']);
    expect(filtered(clause('price', 'lt', '10'))).toEqual(['Drawings']);
    expect(filtered(clause('price', 'lte', '10'))).toEqual(['Drawings', 'Cash']);
    expect(filtered(clause('price', 'eq', '250.50'))).toEqual(['bank']);
    expect(filtered(clause('price', 'ne', '10'))).toHaveLength(4);
    expect(filtered(clause('price', 'in', '5, 1200'))).toEqual(['Drawings', 'equipment']);
    expect(filtered(clause('price', 'nin', '5,1200'))).toEqual(['Cash', 'Accounts receivable', 'bank']);
  });

  it('matches text exactly for eq and case-insensitively for contains, startswith, endswith', () => {
    expect(filtered(clause('name', 'eq', 'cash'))).toEqual([]);
    expect(filtered(clause('name', 'eq', 'Cash'))).toEqual(['Cash']);
    expect(filtered(clause('name', 'contains', 'AS'))).toEqual(['Cash']);
    expect(filtered(clause('name', 'startswith', 'e'))).toEqual(['equipment']);
    expect(filtered(clause('name', 'endswith', 'INGS'))).toEqual(['Drawings']);
  });

  it('compares dates as ISO strings, and a datetime against a date by whole day', () => {
    expect(filtered(clause('date', 'gte', '2026-02-28'), clause('date', 'lt', '2026-04-01'))).toEqual(['Drawings', 'Accounts receivable']);
    expect(filtered(clause('createdAt', 'lte', '2026-02-01'))).toEqual(['Cash', 'bank']);
    expect(filtered(clause('createdAt', 'gt', '2026-03-31T11:00:00Z'))).toEqual(['Drawings', 'equipment']);
    expect(filtered(clause('createdAt', 'eq', '2026-02-28'))).toEqual(['Accounts receivable']);
  });

  it('compares booleans', () => {
    expect(filtered(clause('active', 'eq', 'false'))).toEqual(['Accounts receivable']);
    expect(filtered(clause('active', 'ne', 'false'))).toHaveLength(4);
  });

  it('combines the route plain filter with the clauses, and counts every match in total', () => {
    const result = run(sample(), { limit: 1, sort: 'price' }, [clause('price', 'gte', '10')], SPEC, { where: (r) => r.active });
    expect(names(result)).toEqual(['Cash']);
    expect(result.pagination).toMatchObject({ total: 3, hasMore: true });
  });
});

describe('search', () => {
  it('looks in the endpoint search fields, case-insensitively', () => {
    expect(names(run(sample(), { limit: 10, search: 'OWNER' }))).toEqual(['Drawings']);
    expect(names(run(sample(), { limit: 10, search: 'cash' }))).toEqual(['Cash']);
  });

  it('narrows to searchFields, which must be within the endpoint search fields', () => {
    expect(names(run(sample(), { limit: 10, search: 'owner', searchFields: 'name' }))).toEqual([]);
    expect(refusal(() => run(sample(), { search: 'x', searchFields: 'name,price' })).detail).toMatchObject({
      field: 'searchFields',
      code: 'INVALID_CHOICE',
      value: 'price',
    });
  });
});

describe('cursor paging', () => {
  it('walks every row once and ends with a null cursor', () => {
    const table = sample();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = run(table, { limit: 2, cursor });
      seen.push(...names(page));
      const p = page.pagination as { hasMore: boolean; nextCursor: string | null };
      if (!p.hasMore) {
        expect(p.nextCursor).toBeNull();
        break;
      }
      cursor = p.nextCursor!;
    }
    expect(seen).toEqual(['Accounts receivable', 'bank', 'Cash', 'Drawings', 'equipment']);
  });

  it('continues after a cursor whose row was deleted', () => {
    const table = sample();
    const first = run(table, { limit: 2 });
    table.delete(first.data[1].id);
    const next = run(table, { limit: 2, cursor: (first.pagination as { nextCursor: string }).nextCursor });
    expect(names(next)).toEqual(['Cash', 'Drawings']);
  });

  it('refuses a malformed cursor with 422 INVALID_FORMAT', () => {
    for (const cursor of ['not a cursor', 'abc', encodeCursor({ values: [], id: 'x', query: 'q' })]) {
      expect(refusal(() => run(sample(), { cursor })).detail).toMatchObject({ field: 'cursor', code: 'INVALID_FORMAT' });
    }
  });

  it('refuses a cursor issued for another query', () => {
    const page = run(sample(), { limit: 2, search: 'a' });
    const cursor = (page.pagination as { nextCursor: string }).nextCursor;
    expect(run(sample(), { limit: 4, search: 'a', cursor }).data).toBeDefined();
    expect(refusal(() => run(sample(), { limit: 2, search: 'b', cursor })).detail).toMatchObject({
      field: 'cursor',
      code: 'INVALID_FORMAT',
    });
    expect(refusal(() => run(sample(), { limit: 2, search: 'a', sort: 'price', cursor })).detail).toMatchObject({ field: 'cursor' });
  });

  it('encodes an opaque base64url cursor that round-trips', () => {
    const text = encodeCursor({ values: ['Cash', 10, null, true], id: 'it_1', query: 'abcd1234' });
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual({ values: ['Cash', 10, null, true], id: 'it_1', query: 'abcd1234' });
    expect(decodeCursor('%%%')).toBeNull();
  });
});

describe('offset and page paging', () => {
  const offsetSpec: ListSpec = { paging: 'offset', defaultLimit: 2, maxLimit: 3, sort: ['price'] };
  const pageSpec: ListSpec = { paging: 'page', defaultLimit: 2, maxLimit: 3, sort: ['price'] };

  it('pages by offset with nextOffset, total and hasMore', () => {
    const first = run(sample(), {}, [], offsetSpec);
    expect(first.pagination).toEqual({ hasMore: true, nextOffset: 2, limit: 2, total: 5 });
    const last = run(sample(), { offset: 4 }, [], offsetSpec);
    expect(names(last)).toEqual(['equipment']);
    expect(last.pagination).toEqual({ hasMore: false, nextOffset: null, limit: 2, total: 5 });
    expect(run(sample(), { offset: 50 }, [], offsetSpec).data).toEqual([]);
    expect(refusal(() => run(sample(), { offset: -1 }, [], offsetSpec)).detail).toMatchObject({ field: 'offset', code: 'MIN_VALUE' });
  });

  it('pages by pageNo and pageSize with totalRecords and totalPages', () => {
    const second = run(sample(), { pageNo: 2, pageSize: 2 }, [], pageSpec);
    expect(names(second)).toEqual(['Accounts receivable', 'bank']);
    expect(second.pagination).toEqual({ pageNo: 2, pageSize: 2, totalRecords: 5, totalPages: 3, hasMore: true });
    expect(run(sample(), { pageNo: 3 }, [], pageSpec).pagination).toMatchObject({ hasMore: false });
    expect(refusal(() => run(sample(), { pageSize: 4 }, [], pageSpec)).detail).toMatchObject({ field: 'pageSize', code: 'MAX_VALUE' });
    expect(refusal(() => run(sample(), { pageNo: 0 }, [], pageSpec)).detail).toMatchObject({ field: 'pageNo', code: 'MIN_VALUE' });
  });
});

describe('sources and values', () => {
  it('lists a plain array as well as a table', () => {
    const rows = sample().all();
    expect(names(run(rows, { limit: 10, sort: 'price:desc' }))[0]).toBe('equipment');
  });

  it('reads computed fields through the value option', () => {
    const value = (row: Item, field: string) => (field === 'price' ? -row.price : (row as Item & Record<string, unknown>)[field]);
    expect(names(run(sample(), { limit: 1, sort: 'price' }, [], SPEC, { value }))).toEqual(['equipment']);
  });
});

describe('property: cursor paging under inserts and deletes', () => {
  const row = fc.record({
    name: fc.constantFrom('a', 'b', 'c', 'B', 'd'),
    price: fc.integer({ min: 0, max: 5 }),
  });

  it('visits every record present throughout exactly once, and no record twice', () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 30 }),
        fc.constantFrom('name:asc', 'price:desc', 'name:desc,price:asc', 'price'),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ inserts: fc.array(row, { maxLength: 3 }), deletes: fc.array(fc.nat(), { maxLength: 2 }) }), { maxLength: 40 }),
        (initial, sort, limit, betweenPages) => {
          const table = itemTable(initial.map((r) => item(r.name, r.price)));
          const present = new Set(table.all().map((r) => r.id));
          const deleted = new Set<string>();
          const visits = new Map<string, number>();
          let cursor: string | undefined;
          for (let page = 0; page < 200; page++) {
            const result = run(table, { limit, sort, cursor });
            for (const r of result.data) visits.set(r.id, (visits.get(r.id) ?? 0) + 1);
            const p = result.pagination as { hasMore: boolean; nextCursor: string | null };
            if (!p.hasMore) break;
            cursor = p.nextCursor!;
            const change = betweenPages[page];
            if (!change) continue;
            for (const r of change.inserts) table.insert({ id: table.newId(), ...item(r.name, r.price) });
            for (const n of change.deletes) {
              const rows = table.all();
              if (rows.length === 0) break;
              const victim = rows[n % rows.length];
              deleted.add(victim.id);
              table.delete(victim.id);
            }
          }
          for (const count of visits.values()) expect(count).toBe(1);
          for (const id of present) if (!deleted.has(id)) expect(visits.get(id)).toBe(1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
