import type { FilterKind } from '../../src/contract/index.js';
import type { Row, Table } from './table.js';

/** Reads a field of a row as a list sees it (filters, search, sort). */
export type Reader<T> = (row: T, field: string) => unknown;

/**
 * `row[field]`, walking dotted paths through nested objects. Only own properties count, so a field
 * named like an `Object.prototype` member (`constructor`, `__proto__`) reads as missing.
 */
export function readField(row: object, field: string): unknown {
  if (!field.includes('.')) return Object.hasOwn(row, field) ? (row as Record<string, unknown>)[field] : undefined;
  let current: unknown = row;
  for (const part of field.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Every value at a dotted path, arrays on the way (and at the end) flattened: `lines.accountId` of an entry. */
export function readValues(row: object, field: string): unknown[] {
  let current: unknown[] = [row];
  for (const part of field.split('.')) {
    const next: unknown[] = [];
    for (const value of current) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== null && typeof item === 'object' && Object.hasOwn(item, part)) next.push((item as Record<string, unknown>)[part]);
      }
    }
    current = next;
  }
  return current.flatMap((value) => (Array.isArray(value) ? value : [value])).filter((value) => value !== undefined && value !== null);
}

/** The reader of a table's rows: its derived fields (read with `today`) in place of stored ones. */
export function tableReader<T extends Row>(table: Table<T>, today: string): Reader<T> {
  const derived = table.options.derived;
  if (!derived) return readField;
  return (row, field) => {
    const derive = Object.hasOwn(derived, field) ? (derived[field] as (row: T, today: string) => unknown) : undefined;
    return derive ? derive(row, today) : readField(row, field);
  };
}

/** Whether `table` derives any of `fields` (their views then hold for one date only). */
export const derivesAny = (table: Table<Row>, fields: readonly string[]): boolean =>
  table.options.derived !== undefined && fields.some((f) => Object.hasOwn(table.options.derived!, f));

// ---------------------------------------------------------------------------------------------
// Sort keys

/** A value as a cursor can carry it. */
export function jsonValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** Sort key: text compares case-insensitively, booleans as 0 and 1, missing values last. */
export function normalise(value: unknown): unknown {
  const v = jsonValue(value);
  return typeof v === 'string' ? v.toLowerCase() : typeof v === 'boolean' ? Number(v) : v;
}

/**
 * Total order of sort and filter keys: numbers before text, null (and NaN) last. Booleans compare
 * as numbers.
 */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  const aMissing = a === null || a === undefined || Number.isNaN(a);
  const bMissing = b === null || b === undefined || Number.isNaN(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  const x = typeof a === 'boolean' ? Number(a) : a;
  const y = typeof b === 'boolean' ? Number(b) : b;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
  return (x as string) < (y as string) ? -1 : (x as string) > (y as string) ? 1 : 0;
}

export const compareIds = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1);

// ---------------------------------------------------------------------------------------------
// Filter keys

/** A row's value (or a filter's value) as one filter kind compares it; null when missing. */
export type Key = string | number | boolean | null;

const isoText = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/**
 * How a filter of one kind reads a row's value: `exact` for `eq`/`in`/ranges (text compares as
 * written, a datetime as its ISO text), `text` for the text operators (lower-cased, missing is '').
 */
export type KeyMode = 'exact' | 'text';

export function filterKey(kind: FilterKind, mode: KeyMode): (value: unknown) => Key {
  if (mode === 'text') return (v) => (v === undefined || v === null ? '' : String(v).toLowerCase());
  switch (kind) {
    case 'number':
      return (v) => (v === undefined || v === null || v === '' ? null : Number(v));
    case 'boolean':
      return (v) => (v === undefined || v === null ? null : v === true || v === 'true');
    case 'date':
      return (v) => (v === undefined || v === null ? null : isoText(v).slice(0, 10));
    case 'datetime':
    case 'string':
      return (v) => (v === undefined || v === null ? null : isoText(v));
  }
}
