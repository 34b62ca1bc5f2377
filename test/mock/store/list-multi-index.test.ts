// Filters on list-valued fields (`has`, `has-ci`) answered from a multi-value index: a model-based
// property test holds them to a naive filter of a model kept beside the store, through random writes
// in committed and rolled-back transactions, with the index caught up write by write or rebuilt.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListSpec } from '../../../src/contract/index.js';
import { MockClock } from '../../../mock-server/kernel/clock.js';
import { compareIds, compareValues, normalise, readValues } from '../../../mock-server/store/keys.js';
import { listPage } from '../../../mock-server/store/list.js';
import { walkTuning } from '../../../mock-server/store/list-paging.js';
import { Store, type Table } from '../../../mock-server/store/index.js';
import { viewTuning } from '../../../mock-server/store/views.js';
import { scanTuning } from '../../../mock-server/store/list-scan.js';

interface Thing {
  id: string;
  name: string;
  state: 'open' | 'closed';
  tags: string[];
  lines: { account: string | null }[];
}
type Fields = Omit<Thing, 'id'>;

const SPEC: ListSpec = {
  paging: 'cursor',
  defaultLimit: 5,
  maxLimit: 100,
  sort: ['name'],
  index: { tags: ['tags', 'has-ci'], account: ['lines.account', 'has'], state: 'string' },
};

type Query = { tags?: string[]; account?: string; state?: string; sort?: string; limit: number };

/** The filters as the spec words them, written apart from the engine. */
const naive = (query: Query) => (row: Thing) =>
  (query.tags === undefined ||
    query.tags.length === 0 ||
    row.tags.some((t) => query.tags!.some((q) => q.toLowerCase() === t.toLowerCase()))) &&
  (query.account === undefined || row.lines.some((l) => l.account === query.account)) &&
  (query.state === undefined || row.state === query.state);

const TAGS = ['vip', 'VIP', 'export', 'retail', 'Retail'];
const ACCOUNTS = ['a1', 'a2', 'a3'];
const fieldsArb: fc.Arbitrary<Fields> = fc.record({
  name: fc.constantFrom('alpha', 'Beta', 'gamma', 'delta'),
  state: fc.constantFrom('open' as const, 'closed' as const),
  tags: fc.array(fc.constantFrom(...TAGS), { maxLength: 4 }),
  lines: fc.array(fc.record({ account: fc.option(fc.constantFrom(...ACCOUNTS), { nil: null }) }), { maxLength: 4 }),
});

type Op = { kind: 'insert'; fields: Fields } | { kind: 'update'; pick: number; fields: Partial<Fields> } | { kind: 'delete'; pick: number };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('insert' as const), fields: fieldsArb }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      fields: fieldsArb.chain((f) =>
        fc.subarray(Object.keys(f)).map((keys) => Object.fromEntries(keys.map((k) => [k, f[k as keyof Fields]])) as Partial<Fields>),
      ),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }), weight: 1 },
);
type Step = { writes: Op[]; fail: boolean };
const stepArb: fc.Arbitrary<Step> = fc.record({ writes: fc.array(opArb, { minLength: 1, maxLength: 6 }), fail: fc.boolean() });

const queryArb: fc.Arbitrary<Query> = fc.record(
  {
    tags: fc.array(fc.constantFrom(...TAGS, 'none'), { maxLength: 3 }),
    account: fc.constantFrom(...ACCOUNTS, 'a9'),
    state: fc.constantFrom('open', 'closed'),
    sort: fc.constantFrom('name', 'name:desc'),
    limit: fc.integer({ min: 1, max: 7 }),
  },
  { requiredKeys: ['limit'] },
);

const defaults = { walk: { ...walkTuning }, view: { ...viewTuning }, scan: { ...scanTuning } };
afterEach(() => {
  Object.assign(walkTuning, defaults.walk);
  Object.assign(viewTuning, defaults.view);
  Object.assign(scanTuning, defaults.scan);
});

function world() {
  const store = new Store(new MockClock('2026-01-02T09:00:00.000Z'));
  store.defineTable('things', { prefix: 'th' });
  const table = store.table<Thing>('co_1', 'things');
  const model = new Map<string, Thing>();
  const apply = (op: Op, into: Map<string, Thing>) => {
    const ids = [...into.keys()];
    if (op.kind === 'insert') {
      const row = table.insert({ id: table.newId(), ...op.fields });
      into.set(row.id, row);
    } else if (ids.length > 0) {
      const id = ids[op.pick % ids.length];
      if (op.kind === 'update') into.set(id, table.update(id, op.fields));
      else {
        table.delete(id);
        into.delete(id);
      }
    }
  };
  const step = ({ writes, fail }: Step) => {
    const draft = new Map(model);
    try {
      store.transaction(() => {
        for (const op of writes) apply(op, draft);
        if (fail) throw new Error('rolled back');
      });
    } catch {
      return;
    }
    model.clear();
    for (const [id, row] of draft) model.set(id, row);
  };
  return { table, model, step };
}

/** Every page of the query by cursor, and the first page's total. */
function allPages(table: Table<Thing>, query: Query): { ids: string[]; total: number } {
  const ids: string[] = [];
  let cursor: string | undefined;
  let total = -1;
  for (let guard = 0; guard < 200; guard++) {
    const where = () => {
      throw new Error('where is not called when the declaration names every filter');
    };
    const page = listPage(table, { query: { ...query, cursor }, filters: [] }, SPEC, { where });
    const pagination = page.pagination as { total: number; nextCursor: string | null };
    if (total < 0) total = pagination.total;
    ids.push(...page.data.map((r) => r.id));
    if (!pagination.nextCursor) return { ids, total };
    cursor = pagination.nextCursor;
  }
  throw new Error('paging did not end');
}

function expected(model: Map<string, Thing>, query: Query): string[] {
  const desc = query.sort === 'name:desc';
  return [...model.values()]
    .filter(naive(query))
    .sort((a, b) => (desc ? -1 : 1) * compareValues(normalise(a.name), normalise(b.name)) || compareIds(a.id, b.id))
    .map((r) => r.id);
}

describe('multi-value index', () => {
  it('answers has and has-ci as the naive filter, after each random committed or rolled-back step', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { minLength: 1, maxLength: 12 }),
        fc.array(queryArb, { minLength: 1, maxLength: 3 }),
        fc.record({ min: fc.constantFrom(0, 4096), perCandidate: fc.constantFrom(0, 256) }),
        fc.constantFrom(1, 64),
        fc.constantFrom(0, 4096),
        (steps, queries, walk, catchUpMin, scanFrom) => {
          Object.assign(walkTuning, walk);
          viewTuning.catchUpMin = catchUpMin;
          scanTuning.minRows = scanFrom;
          const w = world();
          for (const s of steps) {
            w.step(s);
            for (const query of queries) {
              const want = expected(w.model, query);
              const got = allPages(w.table, query);
              expect(got.ids, JSON.stringify(query)).toEqual(want);
              expect(got.total, JSON.stringify(query)).toBe(want.length);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads every value along a dotted path through arrays, once per distinct value in the index', () => {
    expect(readValues({ lines: [{ account: 'a1' }, { account: null }, { account: 'a1' }, {}] }, 'lines.account')).toEqual(['a1', 'a1']);
    expect(readValues({ tags: ['x', 'y'] }, 'tags')).toEqual(['x', 'y']);
    const w = world();
    w.step({
      writes: [{ kind: 'insert', fields: { name: 'one', state: 'open', tags: ['vip', 'VIP', 'export'], lines: [] } }],
      fail: false,
    });
    expect(allPages(w.table, { tags: ['vip', 'export'], limit: 5 }).total).toBe(1);
  });
});
