import type { CompanyContext } from '../../store/context.js';

/** Calendar arithmetic on `YYYY-MM-DD` dates, in UTC, for due dates, validity and overdue days. */

const DAY_MS = 86_400_000;

const epochDay = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** `date` plus `days` (negative goes back). */
export const addDays = (date: string, days: number): string => new Date((epochDay(date) + days) * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => epochDay(to) - epochDay(from);

/** The later of two dates; null counts as earliest. */
export const laterDate = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a > b ? a : b);

/** The company's local date by the mock clock (issue #9: "today" is the company's, not UTC's). */
export const companyToday = (ctx: CompanyContext): string => ctx.store.today(ctx.companyId);
