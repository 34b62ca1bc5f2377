import type { CompanyContext } from '../../../store/context.js';
import { addMonths, companyToday, monthEndOf } from '../../shared/calendar.js';
import { checkedRange, fiscalYearStartOf } from '../core/period.js';

// Periods of the cash flow and budget reports, and the months and quarters of budgets (REP-67, REP-74):
// a budget is set per calendar month, `YYYY-MM`.

/** `2026-11` plus 3 months is `2027-02`. */
export const monthPlus = (month: string, months: number): string => addMonths(`${month}-01`, months).slice(0, 7);

/** Months from `from` to `to` counted both ends: `2026-01`..`2026-12` is 12. */
export const monthsSpanned = (from: string, to: string): number =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

export const firstDayOf = (month: string): string => `${month}-01`;

export const lastDayOf = (month: string): string => monthEndOf(firstDayOf(month));

/** The month a date falls in. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = monthPlus(month, 1)) months.push(month);
  return months;
}

/** `periodFrom`..`periodTo`, by default the fiscal year to date; INVALID_DATE_RANGE when reversed or too long. */
export function periodOrYearToDate(ctx: CompanyContext, params: { periodFrom?: string; periodTo?: string }): { from: string; to: string } {
  const to = params.periodTo ?? companyToday(ctx);
  return checkedRange(params.periodFrom ?? fiscalYearStartOf(ctx, to), to, ['periodFrom', 'periodTo']);
}
