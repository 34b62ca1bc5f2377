import { addDays, addMonths, daysBetween, mondayOf, monthEndOf } from '../../shared/calendar.js';

// The periods a sales report groups by (REP-37, `groupBy`): days, ISO weeks, months, quarters.

export type SalesGrouping = 'day' | 'week' | 'month' | 'quarter';

/** One period: its label and its first and last day (cut to the report's dates). */
export interface SalesPeriod {
  period: string;
  fromDate: string;
  toDate: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The last day of the month `months` after the one holding `date`. */
const monthEnd = (date: string, months = 0): string => monthEndOf(addMonths(`${date.slice(0, 7)}-01`, months));

/** The period of `grouping` that holds `date`, uncut. */
export function periodOf(date: string, grouping: SalesGrouping): SalesPeriod {
  if (grouping === 'day') return { period: date, fromDate: date, toDate: date };
  if (grouping === 'week') {
    // ISO 8601 weeks start on Monday; a week belongs to the year of its Thursday.
    const monday = mondayOf(date);
    const thursday = addDays(monday, 3);
    const week = Math.floor(daysBetween(`${thursday.slice(0, 4)}-01-01`, thursday) / 7) + 1;
    return { period: `${thursday.slice(0, 4)}-W${pad(week)}`, fromDate: monday, toDate: addDays(monday, 6) };
  }
  const month = Number(date.slice(5, 7));
  if (grouping === 'month') return { period: date.slice(0, 7), fromDate: `${date.slice(0, 7)}-01`, toDate: monthEnd(date) };
  const quarter = Math.floor((month - 1) / 3);
  const first = `${date.slice(0, 4)}-${pad(quarter * 3 + 1)}-01`;
  return { period: `${date.slice(0, 4)}-Q${quarter + 1}`, fromDate: first, toDate: monthEnd(first, 2) };
}

/** Every period from `from` to `to`, oldest first, the first and last cut to those dates. */
export function periodsBetween(from: string, to: string, grouping: SalesGrouping): SalesPeriod[] {
  const periods: SalesPeriod[] = [];
  for (let date = from; date <= to; ) {
    const period = periodOf(date, grouping);
    periods.push({ period: period.period, fromDate: date, toDate: period.toDate < to ? period.toDate : to });
    date = addDays(period.toDate, 1);
  }
  return periods;
}
