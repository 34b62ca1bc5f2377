import { periodOf } from '../sales/sales-periods.js';
import type { CustomReportDateRange, CustomReportPeriod } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import { addDays, addMonths, companyToday, monthEndOf } from '../../shared/calendar.js';
import { checkedRange, yearToDate } from '../core/period.js';

// The dates of a custom report: its range, relative to the company's today, and the
// buckets a date dimension groups by (decisions REP-60, REP-61).

export type DateGroup = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** The dates a custom report reads, inclusive, and the relative period they came from. */
export interface CustomRange {
  from: string;
  to: string;
  period: CustomReportPeriod | null;
}

/** The first and last day of `count` months from `month` of `year` (month may run out of 1-12). */
function months(year: number, month: number, count: number): { from: string; to: string } {
  const from = addMonths(`${year}-01-01`, month - 1);
  return { from, to: monthEndOf(addMonths(from, count - 1)) };
}

/** A relative period's dates: calendar months, quarters and years; `year_to_date` is the fiscal year to date (every report's default period). */
export function relativeRange(ctx: CompanyContext, period: CustomReportPeriod): { from: string; to: string } {
  const today = companyToday(ctx);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const quarterStart = month - ((month - 1) % 3);
  switch (period) {
    case 'this_month':
      return months(year, month, 1);
    case 'last_month':
      return months(year, month - 1, 1);
    case 'this_quarter':
      return months(year, quarterStart, 3);
    case 'last_quarter':
      return months(year, quarterStart - 3, 3);
    case 'this_year':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case 'last_year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'last_90_days':
      return { from: addDays(today, -89), to: today };
    case 'year_to_date':
      return yearToDate(ctx);
  }
}

/** The range of a request: relative, absolute (checked like every report's range), or the fiscal year to date. */
export function customRange(ctx: CompanyContext, range: CustomReportDateRange | undefined): CustomRange {
  if (!range) return { ...yearToDate(ctx), period: null };
  if (range.type === 'relative') return { ...relativeRange(ctx, range.period), period: range.period };
  return { ...checkedRange(range.from, range.to, ['dateRange.from', 'dateRange.to']), period: null };
}

/** The bucket a date falls in: `2026-03-15`, `2026-W11`, `2026-03`, `2026-Q1`, `2026`. */
export function dateBucket(date: string, group: DateGroup): string {
  // One calendar for every report that groups by date: the sales reports' periods (ISO weeks, quarters).
  return group === 'year' ? date.slice(0, 4) : periodOf(date, group).period;
}
