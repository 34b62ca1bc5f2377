import { compareIds, compareValues } from './keys.js';
import type { Row } from './table.js';
import type { ViewKey } from './views.js';

/**
 * When a list is answered by one pass over its rows instead of its ordered views (MOCK-26): a table
 * from `minRows` rows whose views for this call are not built yet (building them sorts every row, a
 * few hundred milliseconds at 100,000), and a page that needs at most `maxTake` rows of the order.
 * Tests lower `minRows` to run the whole engine both ways.
 */
export const scanTuning = { minRows: 4096, maxTake: 1000 };

/** Builds a scan deferred, by owner (a table) and the names of the views they build. */
const pending = new WeakMap<object, Map<string, ReturnType<typeof setTimeout>>>();

/**
 * Runs `build` after the answer has gone (a macrotask later, as a database builds an index in the
 * background), so the first call costs one pass and the later ones a binary search; once per key.
 */
export function buildLater(owner: object, key: string, build: () => unknown): void {
  let builds = pending.get(owner);
  if (!builds) pending.set(owner, (builds = new Map()));
  if (builds.has(key)) return;
  const timer = setTimeout(() => {
    builds.delete(key);
    try {
      build();
    } catch {
      // Only a cache warms here: whatever went wrong, the next call builds (or refuses) for itself.
    }
  }, 0);
  (timer as { unref?: () => void }).unref?.();
  builds.set(key, timer);
}

/** Whether a build of `key` is waiting; it is cancelled, since the caller is about to build it itself. */
export function takePendingBuild(owner: object, key: string): boolean {
  const builds = pending.get(owner);
  const timer = builds?.get(key);
  if (timer === undefined) return false;
  clearTimeout(timer);
  builds!.delete(key);
  return true;
}

/** Where a cursor's page starts: after the row with these sort keys (normalised) and id. */
export interface ScanStart {
  keys: readonly unknown[];
  id: string;
}

interface Entry<T> {
  row: T;
  keys: unknown[];
}

/**
 * The page of a list in one pass: every row the test passes counts in `total`, and the `skip + want`
 * first of them in list order (sort keys, then id) after `start` are kept in a bounded heap, so the
 * pass costs one test and at most a few comparisons a row, with no sort of the whole list. Same
 * order and same rows as the ordered views give (views.ts compares the same keys the same way).
 */
export function scanPage<T extends Row>(
  rows: Iterable<T>,
  defs: readonly ViewKey<T>[],
  test: ((row: T) => boolean) | null,
  start: ScanStart | null,
  skip: number,
  want: number,
): { rows: T[]; total: number } {
  const take = skip + want;
  const order = entryOrder<T>(defs);
  const heap: Entry<T>[] = []; // a max-heap by list order: its root is the last row kept
  let total = 0;
  // Most rows lose to the heap's root (or fall before the cursor) on their first key: it is read
  // alone, and the other keys (an array and an entry) only for a row that may be kept.
  const first = defs[0]?.key;
  const sign = defs[0]?.desc ? -1 : 1;
  for (const row of rows) {
    if (test !== null && !test(row)) continue;
    total++;
    if (take === 0) continue;
    const keys: unknown[] = [];
    if (first !== undefined) {
      const k0 = first(row);
      if (start !== null && sign * compareValues(k0, start.keys[0]) < 0) continue;
      if (heap.length === take && sign * compareValues(k0, heap[0].keys[0]) > 0) continue;
      keys.push(k0);
      for (let k = 1; k < defs.length; k++) keys.push(defs[k].key(row));
    }
    if (start !== null && compareToStart(defs, keys, row.id, start) <= 0) continue;
    const entry = { row, keys };
    if (heap.length < take) push(heap, entry, order);
    else if (order(entry, heap[0]) < 0) replaceRoot(heap, entry, order);
  }
  const kept = heap.sort(order);
  return { rows: kept.slice(skip).map((e) => e.row), total };
}

/** List order of two entries: each key in its direction (views.ts `compareAt`), then id ascending. */
const entryOrder =
  <T extends Row>(defs: readonly ViewKey<T>[]) =>
  (a: Entry<T>, b: Entry<T>): number =>
    compareKeys(defs, a.keys, a.row.id, b.keys, b.row.id);

/** Sign of (a row with these keys and id) - (the cursor's row), in list order. */
const compareToStart = <T>(defs: readonly ViewKey<T>[], keys: readonly unknown[], id: string, start: ScanStart): number =>
  compareKeys(defs, keys, id, start.keys, start.id);

/** Sign of (keys `a`, id `aId`) - (keys `b`, id `bId`) in list order: each key in its direction, then id ascending. */
function compareKeys<T>(defs: readonly ViewKey<T>[], a: readonly unknown[], aId: string, b: readonly unknown[], bId: string): number {
  for (let k = 0; k < defs.length; k++) {
    const c = compareValues(a[k], b[k]);
    if (c !== 0) return defs[k].desc ? -c : c;
  }
  return compareIds(aId, bId);
}

type Order<T> = (a: Entry<T>, b: Entry<T>) => number;

function push<T>(heap: Entry<T>[], entry: Entry<T>, order: Order<T>): void {
  let i = heap.push(entry) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (order(heap[parent], heap[i]) >= 0) return;
    [heap[parent], heap[i]] = [heap[i], heap[parent]];
    i = parent;
  }
}

function replaceRoot<T>(heap: Entry<T>[], entry: Entry<T>, order: Order<T>): void {
  heap[0] = entry;
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    const right = left + 1;
    let largest = i;
    if (left < heap.length && order(heap[left], heap[largest]) > 0) largest = left;
    if (right < heap.length && order(heap[right], heap[largest]) > 0) largest = right;
    if (largest === i) return;
    [heap[largest], heap[i]] = [heap[i], heap[largest]];
    i = largest;
  }
}
