import type { CompanyContext } from '../../../store/context.js';
import { addDays, companyToday } from '../../shared/calendar.js';
import { retrieveCompany } from '../../platform/index.js';
import { invalidDateRange } from './errors.js';

/** The longest period a report covers: ten years and a few leap days (decision REP-3). */
export const MAX_REPORT_RANGE_DAYS = 3660;

/**
 * A report's period, checked: `from` before `to` and at most {@link MAX_REPORT_RANGE_DAYS} apart, else
 * INVALID_DATE_RANGE naming the two parameters as the caller spelled them.
 */
export function checkedRange(
  from: string,
  to: string,
  names: readonly [string, string] = ['fromDate', 'toDate'],
): { from: string; to: string } {
  if (from > to) throw invalidDateRange(`${names[0]} ${from} is after ${names[1]} ${to}`, { [names[0]]: from, [names[1]]: to });
  if (addDays(from, MAX_REPORT_RANGE_DAYS) < to) {
    throw invalidDateRange(`a report covers at most ${MAX_REPORT_RANGE_DAYS} days; ${from} to ${to} is longer`, {
      [names[0]]: from,
      [names[1]]: to,
    });
  }
  return { from, to };
}

/** The first day of the company's fiscal year that holds `date` (company `fiscalYearStart`, `MM-DD`). */
export function fiscalYearStartOf(ctx: CompanyContext, date: string): string {
  const monthDay = retrieveCompany(ctx).fiscalYearStart;
  const year = Number(date.slice(0, 4));
  const thisYear = `${year}-${monthDay}`;
  return thisYear <= date ? thisYear : `${year - 1}-${monthDay}`;
}

/** The default period of a report over dates: the fiscal year to date. */
export function yearToDate(ctx: CompanyContext): { from: string; to: string } {
  const to = companyToday(ctx);
  return { from: fiscalYearStartOf(ctx, to), to };
}
