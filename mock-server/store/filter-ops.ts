import type { FilterKind, FilterOperator } from '../../src/contract/index.js';
import type { Key } from './keys.js';

/**
 * The operators of spec document 1 on filter keys: a test of one key (the meaning, as a scan reads
 * it), and the same test as a loop over a column of keys, which is how a walk of a list's sorted
 * order runs it. A missing key (null) matches only `ne` and `nin`.
 */
export interface KeyOps {
  /** Whether a row's filter key passes. */
  matches(key: Key): boolean;
  /** A row's filter key as its view column holds it: dates as numbers where that keeps their order. */
  encode: ((key: Key) => unknown) | null;
  /** Whether a column value (an encoded key) passes. */
  columnMatches(value: unknown): boolean;
  /** First position in [from, to) of a column whose value passes, or -1: one tight loop per operator. */
  find(column: unknown[], from: number, to: number): number;
}

export function keyOps(op: FilterOperator, targets: Key[], kind: FilterKind, byDay: boolean): KeyOps {
  if (op === 'contains' || op === 'startswith' || op === 'endswith') {
    const needle = String(targets[0]).toLowerCase();
    const matches = keyTest(op, targets, needle);
    return { matches, encode: null, columnMatches: matches as (value: unknown) => boolean, find: textFinder(op, needle) };
  }
  const matches = keyTest(op, targets, '');
  // Dates and datetimes compare as text; as numbers (same order, same equality) a walk runs several times faster.
  const encode = kind === 'date' || byDay ? encodeDate : kind === 'datetime' ? encodeDateTime : null;
  const encoded = encode ? targets.map(encode) : targets;
  if (encode && encoded.some((t) => typeof t !== 'number')) return keyOpsOf(op, targets, matches, null);
  return keyOpsOf(op, encoded as Key[], matches, encode);
}

function keyOpsOf(op: FilterOperator, targets: Key[], matches: (key: Key) => boolean, encode: ((key: Key) => unknown) | null): KeyOps {
  // A number in the column compares with the (numeric) targets; anything else (text, null) as the scan reads it.
  const numeric = keyTest(op, targets, '');
  const slow = encode ? matches : numeric;
  const columnMatches = (value: unknown) => (typeof value === 'number' ? numeric(value) : slow(value as Key));
  return { matches, encode, columnMatches, find: columnFinder(op, targets, slow) };
}

function keyTest(op: FilterOperator, targets: Key[], needle: string): (key: Key) => boolean {
  const target = targets[0];
  switch (op) {
    case 'contains':
      return (k) => (k as string).includes(needle);
    case 'startswith':
      return (k) => (k as string).startsWith(needle);
    case 'endswith':
      return (k) => (k as string).endsWith(needle);
    case 'in':
    case 'nin': {
      const set = new Set<Key>(targets);
      return op === 'in' ? (k) => set.has(k) : (k) => !set.has(k);
    }
    case 'ne':
      return (k) => k !== target;
    // Ordered comparisons on a null never match; numbers and ISO strings both compare with < and >.
    case 'gt':
      return (k) => k !== null && (k as number) > (target as number);
    case 'gte':
      return (k) => k !== null && (k as number) >= (target as number);
    case 'lt':
      return (k) => k !== null && (k as number) < (target as number);
    case 'lte':
      return (k) => k !== null && (k as number) <= (target as number);
    default:
      return (k) => k === target;
  }
}

type Finder = (column: unknown[], from: number, to: number) => number;

/**
 * `keyTest` as a loop. Equality needs no care for encoded columns: a key the encoding leaves as text
 * is no key the service writes, so it equals no (encoded) target either way. An ordered comparison
 * compares a number inline and sends any other value (text, null) to `slow`, the scan's test.
 */
function columnFinder(op: FilterOperator, targets: Key[], slow: (key: Key) => boolean): Finder {
  const t = targets[0] as number;
  switch (op) {
    case 'in':
    case 'nin': {
      const set = new Set<unknown>(targets);
      const keep = op === 'in';
      return (c, from, to) => {
        for (let i = from; i < to; i++) if (set.has(c[i]) === keep) return i;
        return -1;
      };
    }
    case 'ne':
      return (c, from, to) => {
        for (let i = from; i < to; i++) if (c[i] !== t) return i;
        return -1;
      };
    case 'gt':
      return (c, from, to) => {
        for (let i = from; i < to; i++) if (typeof c[i] === 'number' ? (c[i] as number) > t : slow(c[i] as Key)) return i;
        return -1;
      };
    case 'gte':
      return (c, from, to) => {
        for (let i = from; i < to; i++) if (typeof c[i] === 'number' ? (c[i] as number) >= t : slow(c[i] as Key)) return i;
        return -1;
      };
    case 'lt':
      return (c, from, to) => {
        for (let i = from; i < to; i++) if (typeof c[i] === 'number' ? (c[i] as number) < t : slow(c[i] as Key)) return i;
        return -1;
      };
    case 'lte':
      return (c, from, to) => {
        for (let i = from; i < to; i++) if (typeof c[i] === 'number' ? (c[i] as number) <= t : slow(c[i] as Key)) return i;
        return -1;
      };
    default:
      return (c, from, to) => {
        for (let i = from; i < to; i++) if (c[i] === t) return i;
        return -1;
      };
  }
}

function textFinder(op: FilterOperator, needle: string): Finder {
  const test =
    op === 'contains'
      ? (s: string) => s.includes(needle)
      : op === 'startswith'
        ? (s: string) => s.startsWith(needle)
        : (s: string) => s.endsWith(needle);
  return (c, from, to) => {
    for (let i = from; i < to; i++) if (test(c[i] as string)) return i;
    return -1;
  };
}

const DIGIT_0 = 48;
const digits = (s: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - DIGIT_0;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
};

/** `YYYY-MM-DD` as the number YYYYMMDD: fixed-width digits, so the numbers keep the text's order. Else the key as it is. */
function encodeDate(key: Key): unknown {
  if (typeof key !== 'string' || key.length !== 10 || key[4] !== '-' || key[7] !== '-') return key;
  const n = digits(key, 0, 4) * 10_000 + digits(key, 5, 7) * 100 + digits(key, 8, 10);
  return Number.isNaN(n) ? key : n;
}

const CANONICAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An ISO datetime as `toISOString` writes it, as epoch milliseconds (same order, same equality). Else the key as it is. */
function encodeDateTime(key: Key): unknown {
  if (typeof key !== 'string' || !CANONICAL_DATETIME.test(key)) return key;
  const ms = Date.parse(key);
  return Number.isNaN(ms) || new Date(ms).toISOString() !== key ? key : ms;
}
