import type { FilterKind, FilterOperator, IndexedFilter, ListSpec } from '../../src/contract/index.js';
import { DATE_ONLY, kindOf } from '../kernel/query.js';
import type { FilterClause } from '../kernel/route.js';
import { keyOps } from './filter-ops.js';
import { hasCondition } from './list-multi.js';
import { compareValues, filterKey, type Key, type KeyMode, type Reader } from './keys.js';
import { PAGING_AND_ORDER_KEYS } from './list-input.js';
import type { OrderedView } from './views.js';
import type { Row } from './table.js';

/** Half-open ranges of positions in a filter's index. */
export type Ranges = [number, number][];

/**
 * One filter as the list engine runs it: a test of a row (the meaning, as a scan reads it) and, for
 * the operators an ordered index answers, the ranges of the index that hold exactly the rows the test
 * passes. Both read the field's filter key (`filterKey`), so the two ways give the same rows.
 */
export interface Condition<T extends Row> {
  field: string;
  kind: FilterKind;
  /** The key the index of this condition is ordered by. */
  mode: KeyMode;
  /** The field holds a list and the index is a multi-value view of `columnKey` (list-multi.ts). */
  many?: boolean;
  test(row: T): boolean;
  /** Name of the view column of `columnKey`. */
  column: string;
  /** The row's filter key as the condition's view column holds it (encoded: see filter-ops.ts). */
  columnKey(row: T): unknown;
  columnMatches(value: unknown): boolean;
  /** First position in [from, to) of the column whose value passes, or -1: a tight loop. */
  find(column: unknown[], from: number, to: number): number;
  /** Null when no ordered index answers the operator (`contains`, `endswith`). */
  ranges: ((index: OrderedView<T>) => Ranges) | null;
}

/** The kind of an operator-form field; a field the endpoint does not declare never gets here (kernel/query.ts). */
export const fieldKind = (spec: ListSpec, field: string): FilterKind => kindOf(spec.filters, field) ?? 'string';

/** An operator clause of the query (`total[gte]=100`): its text values parsed for the field's kind. */
export function clauseCondition<T extends Row>(clause: FilterClause, kind: FilterKind, read: Reader<T>): Condition<T> {
  const { field, op } = clause;
  const texts = op === 'in' || op === 'nin' ? clause.value.split(',').map((t) => t.trim()) : [clause.value];
  // A date-only value on a datetime field compares by day, so `createdAt[lte]=2026-01-31` includes all of the 31st.
  const byDay = kind === 'datetime' && texts.every((t) => DATE_ONLY.test(t));
  return condition(
    field,
    kind,
    op,
    texts.map((t) => parseKey(kind, t, byDay)),
    byDay,
    read,
  );
}

/** A filter's text value as the key of its field's kind: a datetime normalised to UTC, unless compared by day. */
function parseKey(kind: FilterKind, text: string, byDay: boolean): Key {
  switch (kind) {
    case 'number':
      return Number(text);
    case 'boolean':
      return text === 'true';
    case 'datetime':
      return byDay ? text : new Date(text).toISOString();
    default:
      return text;
  }
}

/**
 * The plain filters of a list that declares `index` (`customerId=...`, `totalMin=100`), as conditions,
 * and whether the query holds a filter the declaration does not name (the route's `where` then decides).
 */
export function plainConditions<T extends Row>(
  query: Record<string, unknown>,
  spec: ListSpec,
  read: Reader<T>,
): { conditions: Condition<T>[]; undeclared: boolean } {
  const declared = spec.index!;
  const conditions: Condition<T>[] = [];
  let undeclared = false;
  for (const name of Object.keys(query)) {
    const value = query[name];
    if (value === undefined || PAGING_AND_ORDER_KEYS.has(name)) continue;
    const entry = Object.hasOwn(declared, name) ? declared[name] : undefined;
    const { field, op, kind } =
      entry === undefined ? { field: name, op: 'eq', kind: 'string' as const } : resolveIndexed(name, entry, spec);
    if (op === 'has' || op === 'has-ci') {
      // The validated query already split a list parameter; a plain one is one value, as the domain reads it.
      const texts = Array.isArray(value) ? value.map(String) : [String(value)];
      // No values is no filter, as the domain reads an empty list.
      if (texts.length > 0) conditions.push(hasCondition(field, kind, op === 'has-ci', texts));
      continue;
    }
    if (entry === undefined || !(typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) {
      undeclared = true;
      continue;
    }
    const text = String(value);
    // A date-only bound on a datetime field covers its whole day, as in the operator form.
    const byDay = kind === 'datetime' && DATE_ONLY.test(text);
    conditions.push(condition(field, kind, op as FilterOperator, [parseKey(kind, text, byDay)], byDay, read));
  }
  return { conditions, undeclared };
}

type IndexedOp = Exclude<IndexedFilter, string>[1];

function resolveIndexed(name: string, entry: IndexedFilter, spec: ListSpec): { field: string; op: IndexedOp; kind: FilterKind } {
  if (typeof entry === 'string') return { field: name, op: 'eq', kind: entry };
  const [field, op, kind] = entry;
  return { field, op, kind: kind ?? fieldKind(spec, field) };
}

function condition<T extends Row>(
  field: string,
  kind: FilterKind,
  op: FilterOperator,
  targets: Key[],
  byDay: boolean,
  read: Reader<T>,
): Condition<T> {
  const mode: KeyMode = op === 'contains' || op === 'startswith' || op === 'endswith' ? 'text' : 'exact';
  const toKey = filterKey(kind, mode);
  // On a datetime compared by day, the key's first ten characters: a projection that keeps the index's order.
  const project = byDay ? (k: Key) => (k === null ? null : (k as string).slice(0, 10)) : (k: Key) => k;
  const key = byDay ? (row: T) => project(toKey(read(row, field))) : (row: T) => toKey(read(row, field));
  const { matches, encode, columnMatches, find } = keyOps(op, targets, kind, byDay);
  return {
    field,
    kind,
    mode,
    test: (row) => matches(key(row)),
    column: `${mode}:${kind}:${field}${byDay ? ':day' : ''}${encode ? ':encoded' : ''}`,
    columnKey: encode ? (row) => encode(key(row)) : key,
    columnMatches,
    find,
    ranges: op === 'contains' || op === 'endswith' ? null : (index) => indexRanges(index, op, targets, project),
  };
}

/**
 * The positions of an index (ordered by the condition's key, missing keys and NaN last) whose rows
 * pass `op`: one range for a comparison, one per value for `in`, the rest for `ne` and `nin`.
 */
function indexRanges<T extends Row>(index: OrderedView<T>, op: FilterOperator, targets: Key[], project: (k: Key) => Key): Ranges {
  const keys = index.keys[0] as Key[];
  const n = index.size;
  const at = (i: number) => project(keys[i]);
  const present = index.search((i) => keys[i] === null || Number.isNaN(keys[i]));
  const first = (test: (c: number) => boolean) => index.search((i) => test(compareValues(at(i), target)), 0, present);
  let target: Key = targets[0];
  switch (op) {
    case 'startswith': {
      const needle = String(target).toLowerCase();
      const from = index.search((i) => (keys[i] as string) >= needle);
      return [[from, index.search((i) => (keys[i] as string) > needle && !(keys[i] as string).startsWith(needle), from)]];
    }
    case 'gt':
      return [[first((c) => c > 0), present]];
    case 'gte':
      return [[first((c) => c >= 0), present]];
    case 'lt':
      return [[0, first((c) => c >= 0)]];
    case 'lte':
      return [[0, first((c) => c > 0)]];
    default: {
      const equal: Ranges = [];
      for (const t of new Set(targets)) {
        target = t;
        if (t === null || Number.isNaN(t)) continue;
        const from = first((c) => c >= 0);
        const to = first((c) => c > 0);
        if (to > from) equal.push([from, to]);
      }
      if (op === 'eq' || op === 'in') return equal;
      return complement(
        equal.sort((a, b) => a[0] - b[0]),
        n,
      );
    }
  }
}

function complement(ranges: Ranges, n: number): Ranges {
  const out: Ranges = [];
  let from = 0;
  for (const [lo, hi] of ranges) {
    if (lo > from) out.push([from, lo]);
    from = hi;
  }
  if (n > from) out.push([from, n]);
  return out;
}

export const rangeCount = (ranges: Ranges): number => ranges.reduce((sum, [lo, hi]) => sum + hi - lo, 0);
