import { validationError } from '../../kernel/errors.js';

/**
 * `xMin`/`xMax` and `createdAfter`/`createdBefore` query pairs of the customer and item lists: both
 * bounds inclusive; a pair that cannot match anything is refused rather than answered with an empty page.
 */
export function numberRange(
  minField: string,
  min: number | undefined,
  maxField: string,
  max: number | undefined,
): (value: number) => boolean {
  if (min !== undefined && max !== undefined && max < min) {
    throw validationError(
      [
        {
          field: maxField,
          code: 'MIN_VALUE',
          message: `${maxField} must not be below ${minField} (${min})`,
          value: max,
          constraint: { min },
        },
      ],
      'The query failed validation',
    );
  }
  return (value) => (min === undefined || value >= min) && (max === undefined || value <= max);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * A datetime range from two ISO 8601 bounds. A date-only bound covers its whole day (UTC), so
 * `createdBefore=2026-01-31` includes the 31st, as the list engine reads a date on a datetime field.
 */
export function instantRange(
  afterField: string,
  after: string | undefined,
  beforeField: string,
  before: string | undefined,
): (iso: string) => boolean {
  const from = after === undefined ? undefined : Date.parse(DATE_ONLY.test(after) ? `${after}T00:00:00Z` : after);
  const to =
    before === undefined
      ? undefined
      : Date.parse(DATE_ONLY.test(before) ? `${before}T00:00:00Z` : before) + (DATE_ONLY.test(before) ? DAY_MS - 1 : 0);
  if (from !== undefined && to !== undefined && to < from) {
    throw validationError(
      [
        {
          field: beforeField,
          code: 'DATE_CONSTRAINT',
          message: `${beforeField} must not be before ${afterField} (${after})`,
          value: before,
          constraint: { min: after },
        },
      ],
      'The query failed validation',
    );
  }
  return (iso) => {
    const at = Date.parse(iso);
    return (from === undefined || at >= from) && (to === undefined || at <= to);
  };
}

/** A range of `YYYY-MM-DD` dates, both ends included; `to` before `from` is a 422 naming `toField`. */
export function dateRange(fromField: string, from: string | undefined, toField: string, to: string | undefined): (date: string) => boolean {
  if (from !== undefined && to !== undefined && to < from) {
    throw validationError(
      [
        {
          field: toField,
          code: 'DATE_CONSTRAINT',
          message: `${toField} must not be before ${fromField} (${from})`,
          value: to,
          constraint: { min: from },
        },
      ],
      'The query failed validation',
    );
  }
  return (date) => (from === undefined || date >= from) && (to === undefined || date <= to);
}
