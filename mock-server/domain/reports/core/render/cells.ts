import type { ColumnKind, ReportCell } from '../document.js';

// What a cell of a report is, read the same way by the PDF and the workbook writers (REP-11, REP-18).

const NUMERIC_KINDS: ReadonlySet<ColumnKind> = new Set(['money', 'number', 'integer', 'percent']);

/** Money, numbers, integers and percents: right-aligned, written as numbers. */
export const isNumericKind = (kind: ColumnKind): boolean => NUMERIC_KINDS.has(kind);

/** A numeric column's value as a finite number (a numeric string too); null for an empty or non-numeric cell. */
export function numericValue(value: ReportCell | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

/** A date column's value as a UTC date (`2026-10-31` is that day at 00:00 UTC); null when it is not an ISO date. */
export function dateValue(value: ReportCell | undefined): Date | null {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return null;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Each numeric kind's digits: separators, and [at least, at most] decimals (one formatter each: making one is slow). */
const DIGITS: Record<string, Intl.NumberFormat> = Object.fromEntries(
  Object.entries({ money: [2, 2], percent: [2, 2], integer: [0, 0], number: [0, 4] }).map(([kind, [min, max]]) => [
    kind,
    new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max }),
  ]),
);

/**
 * A cell as a person reads it: money `1,234.50` and a negative amount in parentheses `(1,234.50)` (the
 * accountant's convention), numbers with separators and a minus, percents `12.50%` (the value is in
 * percent points, as the spec's percents are), dates as written (ISO), an empty cell for null.
 */
export function cellForPeople(value: ReportCell | undefined, kind: ColumnKind): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const number = isNumericKind(kind) ? numericValue(value) : null;
  if (number === null) return String(value);
  const digits = DIGITS[kind]!.format(Math.abs(number));
  // A value that rounds to zero is shown without a sign.
  const negative = number < 0 && /[1-9]/.test(digits);
  if (kind === 'money') return negative ? `(${digits})` : digits;
  return `${negative ? '-' : ''}${digits}${kind === 'percent' ? '%' : ''}`;
}
