import type { CompanyContext } from '../../store/context.js';

/** Calendar arithmetic on `YYYY-MM-DD` dates, in UTC, for due dates, validity and overdue days. */

const DAY_MS = 86_400_000;

const epochDay = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** `date` plus `days` (negative goes back). */
export const addDays = (date: string, days: number): string => new Date((epochDay(date) + days) * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => epochDay(to) - epochDay(from);

/** Days in a month of a year (`month` 1-12). */
/** The Monday of the ISO 8601 week a date is in (1970-01-05 was a Monday). */
export const mondayOf = (date: string): string => addDays(date, -(((daysBetween('1970-01-05', date) % 7) + 7) % 7));

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * `date` moved by whole months: the same day of the month, or the month's last day when it has fewer
 * days; a month's last day stays a month's last day (30 September - 1 month = 31 August).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  const index = y * 12 + m - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  const day = d === daysInMonth(y, m) ? last : Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** The last day of the month that holds `date`. */
export const monthEndOf = (date: string): string =>
  `${date.slice(0, 8)}${pad2(daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7))))}`;

/** The later of two dates; null counts as earliest. */
export const laterDate = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a > b ? a : b);

/** The company's local date by the mock clock (PLAT-31: "today" is the company's, not UTC's). */
export const companyToday = (ctx: CompanyContext): string => ctx.store.today(ctx.companyId);
