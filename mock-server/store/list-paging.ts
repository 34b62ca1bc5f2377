import { rangeCount, type Condition, type Ranges } from './list-filters.js';
import type { Predicate } from './list-search.js';
import type { OrderedView } from './views.js';
import type { Row } from './table.js';

/** The condition whose index holds the fewest rows: its rows are the only candidates. */
export interface Driver<T extends Row> {
  condition: Condition<T>;
  index: OrderedView<T>;
  ranges: Ranges;
  /** Rows in the ranges, each once. */
  count: number;
  /** A row may sit in more than one range (a multi-value index asked for several values): read each once. */
  repeats: boolean;
}

/** What one list call tests: the sorted view, its filter conditions and the tests no index answers. */
export interface Plan<T extends Row> {
  view: OrderedView<T>;
  conditions: Condition<T>[];
  /** A condition's filter keys as a column of `on` (default the sorted view), kept through writes. */
  column: (condition: Condition<T>, on?: OrderedView<T>) => unknown[];
  /** Search and the route's `where`, in that order. */
  residual: Predicate<T>[];
  driver: Driver<T> | null;
}

/**
 * Rows a walk of the view may test (a floor, plus so many per candidate of the driver) before placing
 * the candidates in the view is cheaper: a walk step reads a column, placing a candidate is a binary
 * search. Tests lower them to reach both paths.
 */
export const walkTuning = { min: 4096, perCandidate: 256 };

/**
 * Candidates the count tests row by row at most: past it the other conditions read columns of the
 * driver's index, built once and kept, since a row test costs far more than a column read.
 */
export const countTuning = { rowTests: 1024 };

/** The indexed condition with the fewest rows, counted from its index; null when no index answers one. */
export function chooseDriver<T extends Row>(
  conditions: Condition<T>[],
  indexOf: (condition: Condition<T>) => OrderedView<T>,
): Driver<T> | null {
  let best: Driver<T> | null = null;
  for (const condition of conditions) {
    if (!condition.ranges) continue;
    const index = indexOf(condition);
    const ranges = condition.ranges(index);
    const repeats = condition.many === true && ranges.length > 1;
    const count = repeats ? distinctCount(condition, index, ranges) : rangeCount(ranges);
    if (!best || count < best.count) best = { condition, index, ranges, count, repeats };
  }
  return best;
}

/**
 * Rows in the ranges of a multi-value index, each once: an entry counts in the first range its row
 * holds, read from the condition's column of the index (each entry's row keys, kept through writes).
 */
function distinctCount<T extends Row>(condition: Condition<T>, index: OrderedView<T>, ranges: Ranges): number {
  const column = index.column(condition.column, condition.columnKey) as unknown[][];
  const keys = index.keys[0];
  let count = 0;
  for (let r = 0; r < ranges.length; r++) {
    const earlier = ranges.slice(0, r).map(([lo]) => keys[lo]);
    const [lo, hi] = ranges[r];
    next: for (let j = lo; j < hi; j++) {
      for (let e = 0; e < earlier.length; e++) if (column[j].includes(earlier[e])) continue next;
      count++;
    }
  }
  return count;
}

/** Whether index position `j` holds a row the ranges already gave (always false when no row repeats). */
function repeatTest<T extends Row>(driver: Driver<T>): (j: number) => boolean {
  if (!driver.repeats) return () => false;
  const seen = new Set<T>();
  const rows = driver.index.rows;
  return (j) => seen.size === seen.add(rows[j]).size;
}

function passes<T extends Row>(plan: Plan<T>, row: T, i: number, skip: Condition<T> | null): boolean {
  const { conditions, residual } = plan;
  for (let c = 0; c < conditions.length; c++) if (conditions[c] !== skip && !conditions[c].test(row)) return false;
  for (let r = 0; r < residual.length; r++) if (!residual[r](row, i)) return false;
  return true;
}

/**
 * The test of the row at view position `i` by every condition but `skip` (reading the conditions'
 * columns rather than the row) and by the residual tests; null when nothing is left to test.
 */
function testerAt<T extends Row>(plan: Plan<T>, skip: Condition<T> | null): ((i: number) => boolean) | null {
  const { view, residual } = plan;
  const conditions = plan.conditions.filter((c) => c !== skip);
  if (conditions.length === 0 && residual.length === 0) return null;
  const rows = view.rows;
  if (conditions.length === 0 && residual.length === 1) {
    const [only] = residual;
    return (i) => only(rows[i], i);
  }
  const columns = conditions.map((c) => plan.column(c));
  const matches = conditions.map((c) => c.columnMatches);
  return (i) => {
    for (let c = 0; c < columns.length; c++) if (!matches[c](columns[c][i])) return false;
    for (let r = 0; r < residual.length; r++) if (!residual[r](rows[i], i)) return false;
    return true;
  };
}

/**
 * Visits the view positions in [from, to) that pass every test, in order, until `visit` returns
 * false; returns where it stopped. With a `lead` condition its column is searched by a tight loop and
 * the other tests run on its matches only.
 */
function eachMatch<T extends Row>(
  plan: Plan<T>,
  lead: Condition<T> | null,
  from: number,
  to: number,
  visit: (i: number) => boolean,
): number {
  const rest = testerAt(plan, lead);
  if (!lead) {
    for (let i = from; i < to; i++) if ((rest === null || rest(i)) && !visit(i)) return i + 1;
    return to;
  }
  const column = plan.column(lead);
  for (let i = from; ; i++) {
    i = lead.find(column, i, to);
    if (i < 0) return to;
    if ((rest === null || rest(i)) && !visit(i)) return i + 1;
  }
}

/**
 * The page (`want` rows from view position `start`, after skipping `skip` matches) and the number of
 * matches in the whole list. With no filter the page is a slice of the view; with an indexed condition
 * the total comes from its index (or from its candidates alone) and the page from a short walk of the
 * view; only a list that no index answers is read row by row, once for both.
 */
export function selectPage<T extends Row>(plan: Plan<T>, start: number, skip: number, want: number): { rows: T[]; total: number } {
  const { view, conditions, residual, driver } = plan;
  if (conditions.length === 0 && residual.length === 0) {
    return { rows: view.rows.slice(start + skip, start + skip + want), total: view.size };
  }
  if (!driver) return scan(plan, start, skip, want);
  const exact = conditions.length === 1 && residual.length === 0;
  const total = exact ? driver.count : countCandidates(plan, driver);
  if (total === 0) return { rows: [], total };
  return { rows: walk(plan, driver, start, skip, want) ?? fromCandidates(plan, driver, start, skip, want), total };
}

/** Every row of the view, tested once: counts all matches and keeps the page's. */
function scan<T extends Row>(plan: Plan<T>, start: number, skip: number, want: number): { rows: T[]; total: number } {
  const rows = plan.view.rows;
  const n = rows.length;
  const lead = plan.conditions[0] ?? null;
  const column = lead ? plan.column(lead) : null;
  const rest = testerAt(plan, lead);
  const out: T[] = [];
  let total = 0;
  let skipped = 0;
  for (let i = 0; i < n; i++) {
    if (lead !== null && (i = lead.find(column!, i, n)) < 0) break;
    if (rest !== null && !rest(i)) continue;
    total++;
    if (i < start) continue;
    if (skipped < skip) skipped++;
    else if (out.length < want) out.push(rows[i]);
  }
  return { rows: out, total };
}

/**
 * Matches among the driver's candidates. Many candidates (a large share of the index, or more than
 * `countTuning.rowTests`): the other conditions read columns of the driver's index (built once, then kept); a few: they read the rows.
 */
function countCandidates<T extends Row>(plan: Plan<T>, driver: Driver<T>): number {
  const { index, ranges, condition } = driver;
  const repeated = repeatTest(driver);
  if (driver.count * 8 < index.size && driver.count <= countTuning.rowTests) {
    let total = 0;
    for (const [lo, hi] of ranges) for (let j = lo; j < hi; j++) if (!repeated(j) && passes(plan, index.rows[j], -1, condition)) total++;
    return total;
  }
  const others = plan.conditions.filter((c) => c !== condition);
  const columns = others.map((c) => plan.column(c, index));
  const matches = others.map((c) => c.columnMatches);
  const { residual } = plan;
  const rows = index.rows;
  let total = 0;
  for (const [lo, hi] of ranges) {
    next: for (let j = lo; j < hi; j++) {
      if (repeated(j)) continue;
      for (let c = 0; c < columns.length; c++) if (!matches[c](columns[c][j])) continue next;
      for (let r = 0; r < residual.length; r++) if (!residual[r](rows[j], -1)) continue next;
      total++;
    }
  }
  return total;
}

/** The view in order from `start`, within a budget of tests; null when the budget runs out first. */
function walk<T extends Row>(plan: Plan<T>, driver: Driver<T>, start: number, skip: number, want: number): T[] | null {
  const rows = plan.view.rows;
  const end = Math.min(rows.length, start + walkTuning.min + walkTuning.perCandidate * driver.count);
  // Too far to walk for a driver this small: placing its candidates is cheaper, and reads no column.
  if (end < rows.length && (want + skip) * (rows.length / Math.max(1, driver.count)) > end - start) return null;
  const out: T[] = [];
  let skipped = 0;
  const stopped = eachMatch(plan, driver.condition, start, end, (i) => {
    if (skipped < skip) skipped++;
    else out.push(rows[i]);
    return out.length < want;
  });
  return out.length === want || stopped === rows.length ? out : null;
}

/** The driver's candidates that pass every other test, placed in the view and taken in view order. */
function fromCandidates<T extends Row>(plan: Plan<T>, driver: Driver<T>, start: number, skip: number, want: number): T[] {
  const { view } = plan;
  const rows = driver.index.rows;
  const positions: number[] = [];
  const repeated = repeatTest(driver);
  for (const [lo, hi] of driver.ranges) {
    for (let j = lo; j < hi; j++) {
      if (repeated(j)) continue;
      const at = view.positionOf(rows[j]);
      if (at >= start && passes(plan, rows[j], at, driver.condition)) positions.push(at);
    }
  }
  const ordered = Float64Array.from(positions).sort();
  const out: T[] = [];
  for (let k = skip; k < ordered.length && out.length < want; k++) out.push(view.rows[ordered[k]]);
  return out;
}
