import { compareIds, compareValues } from './keys.js';
import type { Table, Row, TableChange } from './table.js';

const MAX_COLUMNS_PER_VIEW = 8;

/** One key of an ordered view: how to read it from a row, and its direction. */
export interface ViewKey<T> {
  key: (row: T) => unknown;
  desc: boolean;
  /** The key reads a list of values and the row is held once under each distinct one (a multi-value index; one key only). */
  many?: boolean;
}

/**
 * A table's rows in one order (keys, then id): the sorted order of a list, or a filter's index (the
 * rows by one field's filter key, so a range of keys is a range of positions and counts by two binary
 * searches). Kept per table and brought up to date from the table's change log on use, so a write
 * costs a binary search and a splice, not a sort; a restore, or a long run of writes, rebuilds it.
 */
export class OrderedView<T extends Row> {
  rows: T[] = [];
  /** One column per key, aligned with `rows`. */
  keys: unknown[][] = [];
  /** Table version the view reflects (0 for a view of a plain array). */
  version = 0;
  /** The date derived keys were read with, or null when no key is derived. */
  today: string | null = null;
  /** More columns aligned with `rows` (filter keys, lower-cased text), kept through writes like `keys`. */
  readonly #columns = new Map<string, Column<T>>();

  /** The keys as last given: their readers may close over the request (the date of derived keys). */
  constructor(public defs: readonly ViewKey<T>[]) {}

  get size(): number {
    return this.rows.length;
  }

  build(rows: readonly T[]): this {
    const defs = this.defs;
    let source = rows;
    let spread: unknown[] | null = null;
    if (defs[0]?.many) {
      // One entry per (row, value): the rows repeat, the one column holds the values.
      const entries = rows.flatMap((row) => this.entriesOf(row).map((keys) => [row, keys[0]] as const));
      source = entries.map((e) => e[0]);
      spread = entries.map((e) => e[1]);
    }
    const n = source.length;
    const columns = defs.map((d) => {
      if (spread) return spread;
      const column: unknown[] = [];
      for (let i = 0; i < n; i++) column.push(d.key(source[i]));
      return column;
    });
    const ids = source.map((row) => row.id);
    const compares = columns.map((column, k) => {
      const compare = compareFor(column);
      return defs[k].desc ? (a: unknown, b: unknown) => compare(b, a) : compare;
    });
    const order: number[] = [];
    for (let i = 0; i < n; i++) order.push(i);
    order.sort(
      compares.length === 1
        ? (i, j) => compares[0](columns[0][i], columns[0][j]) || compareIds(ids[i], ids[j])
        : (i, j) => {
            for (let k = 0; k < compares.length; k++) {
              const c = compares[k](columns[k][i], columns[k][j]);
              if (c !== 0) return c;
            }
            return compareIds(ids[i], ids[j]);
          },
    );
    this.rows = order.map((i) => source[i]);
    this.keys = columns.map((column) => order.map((i) => column[i]));
    this.#columns.clear();
    return this;
  }

  /**
   * A column of `key` over the rows, by name: built on first use, then kept through writes. `today`
   * stamps a column read from derived fields; asked for on another date, it is read again.
   */
  column(name: string, key: (row: T) => unknown, today: string | null = null): unknown[] {
    const kept = this.#columns.get(name);
    this.#columns.delete(name); // re-inserted below: the map's order is the order of use
    if (kept && kept.today === today) {
      kept.key = key;
      this.#columns.set(name, kept);
      return kept.values;
    }
    const rows = this.rows;
    const values: unknown[] = []; // pushed, not preallocated: a packed array reads faster than a holey one
    for (let i = 0; i < rows.length; i++) values.push(key(rows[i]));
    this.#columns.set(name, { key, values, today });
    // Every kept column is spliced on every write: the least recently used go beyond the cap.
    if (this.#columns.size > MAX_COLUMNS_PER_VIEW) this.#columns.delete(this.#columns.keys().next().value!);
    return values;
  }

  /** Sign of (row at `i`) - (a row with these keys and id), in view order. */
  compareAt(i: number, keys: readonly unknown[], id: string): number {
    const defs = this.defs;
    for (let k = 0; k < defs.length; k++) {
      const c = compareValues(this.keys[k][i], keys[k]);
      if (c !== 0) return defs[k].desc ? -c : c;
    }
    return compareIds(this.rows[i].id, id);
  }

  /** First position whose row comes after (keys, id): where a cursor's next page starts. */
  after(keys: readonly unknown[], id: string): number {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareAt(mid, keys, id) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position in [lo, hi) where the monotone `test` holds (hi when nowhere). */
  search(test: (i: number) => boolean, lo = 0, hi = this.rows.length): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (test(mid)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  keysOf(row: T): unknown[] {
    return this.defs.map((d) => d.key(row));
  }

  /** The keys of each place the row holds: one, or one per distinct value in a multi-value index. */
  entriesOf(row: T): unknown[][] {
    if (!this.defs[0]?.many) return [this.keysOf(row)];
    const out: unknown[][] = [];
    for (const v of this.defs[0].key(row) as unknown[]) if (!out.some((e) => e[0] === v)) out.push([v]);
    return out;
  }

  /** Position of `row` (by its keys and id), or -1 when the view does not hold it. */
  positionOf(row: T, keys: readonly unknown[] = this.keysOf(row)): number {
    const at = this.after(keys, row.id) - 1;
    return at >= 0 && this.rows[at].id === row.id ? at : -1;
  }

  /** Applies a table's writes; false when one does not fit (the caller then rebuilds). */
  apply(changes: readonly TableChange<T>[]): boolean {
    const columns = [...this.#columns.values()];
    for (const { before, after } of changes) {
      const old = before ? this.entriesOf(before) : [];
      const at = before ? old.map((keys) => this.positionOf(before, keys)) : [];
      if (at.some((i) => i < 0)) return false;
      // An update's new keys, worked out once whether the row stays or moves.
      const next = after ? this.entriesOf(after) : [];
      if (before && after && after.id === before.id && sameEntries(old, next)) {
        for (const i of at) {
          this.rows[i] = after;
          for (const c of columns) c.values[i] = c.key(after);
        }
        continue;
      }
      // Highest position first, so the positions still to remove stay where they were.
      for (const i of at.sort((a, b) => b - a)) {
        this.rows.splice(i, 1);
        for (const column of this.keys) column.splice(i, 1);
        for (const c of columns) c.values.splice(i, 1);
      }
      for (const keys of next) {
        const to = this.after(keys, after!.id);
        this.rows.splice(to, 0, after!);
        for (let k = 0; k < keys.length; k++) this.keys[k].splice(to, 0, keys[k]);
        for (const c of columns) c.values.splice(to, 0, c.key(after!));
      }
    }
    return true;
  }
}

/** Same keys in the same places (and of the same type: `1` and `true` compare equal but read differently). */
const sameEntries = (a: unknown[][], b: unknown[][]): boolean =>
  a.length === b.length && a.every((keys, e) => keys.every((k, i) => compareValues(k, b[e][i]) === 0 && typeof k === typeof b[e][i]));

interface Column<T> {
  key: (row: T) => unknown;
  values: unknown[];
  today: string | null;
}

/**
 * `compareValues` for one column, narrowed when every value is text, or every value a number, or
 * missing: a sort of 100,000 rows then compares without asking each value its type.
 */
function compareFor(column: readonly unknown[]): (a: unknown, b: unknown) => number {
  let text = true;
  let numbers = true;
  for (const v of column) {
    if (v === null) continue;
    if (typeof v !== 'string') text = false;
    if (typeof v !== 'number' || Number.isNaN(v)) numbers = false;
    if (!text && !numbers) return compareValues;
  }
  if (text) return (a, b) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : (a as string) < (b as string) ? -1 : 1);
  return (a, b) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : (a as number) - (b as number));
}

/** Views kept per table, newest use last; the oldest goes beyond the cap. */
const MAX_VIEWS_PER_TABLE = 24;
const registry = new WeakMap<Table<Row>, Map<string, OrderedView<Row>>>();

/** Writes a view applies one by one before it is cheaper to sort again (tests lower it to reach both paths). */
export const viewTuning = { catchUpMin: 64 };
const catchUpLimit = (size: number) => Math.max(viewTuning.catchUpMin, size >> 7);

/** Whether `tableView` would answer from the kept view (caught up by a few writes at most) rather than sort again. */
export function viewReady(table: Table<Row>, name: string, today: string | null): boolean {
  const view = registry.get(table)?.get(name);
  if (!view || view.today !== today) return false;
  const changes = table.changesSince(view.version);
  return changes !== null && changes.length <= catchUpLimit(view.size);
}

/**
 * The table's view of this name, up to date: kept from the last call and caught up with the writes
 * since, or built. `today` is the date derived keys are read with (null when none is derived): a view
 * read on another date is rebuilt.
 */
export function tableView<T extends Row>(table: Table<T>, name: string, defs: readonly ViewKey<T>[], today: string | null): OrderedView<T> {
  const key = table as unknown as Table<Row>;
  let views = registry.get(key);
  if (!views) registry.set(key, (views = new Map()));
  let view = views.get(name) as OrderedView<T> | undefined;
  if (view) {
    views.delete(name); // re-inserted below: the map's order is the order of use
    view.defs = defs;
    const changes = view.today === today ? table.changesSince(view.version) : null;
    if (!changes || changes.length > catchUpLimit(view.size) || !view.apply(changes)) view = undefined;
  }
  if (!view) {
    view = new OrderedView<T>(defs).build(table.all());
    view.today = today;
  }
  view.version = table.version;
  views.set(name, view as unknown as OrderedView<Row>);
  if (views.size > MAX_VIEWS_PER_TABLE) views.delete(views.keys().next().value!);
  return view;
}
