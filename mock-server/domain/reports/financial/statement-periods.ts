import type { CompanyContext } from '../../../store/context.js';
import { addDays, addMonths, daysBetween, monthEndOf } from '../../shared/calendar.js';
import { invalidParameters } from '../core/errors.js';
import { checkedRange, fiscalYearStartOf } from '../core/period.js';

// The dates of the financial statements: comparative dates and periods, and the columns
// of a profit and loss grouped by month, quarter or year (decisions REP-26, REP-30, REP-34).

/** A period of the statements, both days inclusive. */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * The balance sheet's compare date: a month or a year before `asOfDate`, or `compareToDate` for
 * `custom` (required then, and used with `custom` only: else 400 INVALID_PARAMETERS).
 */
export function balanceSheetCompareDate(asOfDate: string, params: { comparativePeriod?: string; compareToDate?: string }): string | null {
  const { comparativePeriod, compareToDate } = params;
  if (compareToDate !== undefined && comparativePeriod !== 'custom') {
    throw invalidParameters('compareToDate', 'compareToDate is used with comparativePeriod=custom only', compareToDate);
  }
  if (comparativePeriod === 'previous-month') return addMonths(asOfDate, -1);
  if (comparativePeriod === 'previous-year') return addMonths(asOfDate, -12);
  if (comparativePeriod === 'custom') {
    if (compareToDate === undefined) throw invalidParameters('compareToDate', 'comparativePeriod=custom needs compareToDate');
    return compareToDate;
  }
  return null;
}

/** A period spelled by a pair of parameters: both or neither (400 INVALID_PARAMETERS naming the missing one). */
function pairOf(params: Record<string, unknown>, names: readonly [string, string]): DateRange | null {
  const [from, to] = names.map((name) => params[name] as string | undefined);
  if (from === undefined && to === undefined) return null;
  const missing = from === undefined ? names[0] : names[1];
  if (from === undefined || to === undefined)
    throw invalidParameters(missing, `${names[0]} and ${names[1]} go together: ${missing} is missing`);
  return checkedRange(from, to, names);
}

/**
 * The profit and loss period: `periodFrom`/`periodTo` or `fromDate`/`toDate` (spec document 3 shows
 * both; one pair, whole), else the fiscal year to `today`.
 */
export function profitLossPeriod(ctx: CompanyContext, params: Record<string, unknown>, today: string): DateRange {
  const period = pairOf(params, ['periodFrom', 'periodTo']);
  const dates = pairOf(params, ['fromDate', 'toDate']);
  if (period && dates) throw invalidParameters('fromDate', 'give the period as periodFrom/periodTo or as fromDate/toDate, not both');
  return period ?? dates ?? { from: fiscalYearStartOf(ctx, today), to: today };
}

/**
 * The profit and loss comparative period: the period just before, as many whole months long when the
 * period is whole months, else as many days; the same dates a year before; or `compareFromDate`-
 * `compareToDate` (`custom` only, and required then).
 */
export function profitLossComparison(period: DateRange, params: Record<string, unknown>): DateRange | null {
  const kind = params.comparativePeriod as string | undefined;
  const custom = pairOf(params, ['compareFromDate', 'compareToDate']);
  if (custom && kind !== 'custom')
    throw invalidParameters('compareFromDate', 'compareFromDate and compareToDate are used with comparativePeriod=custom only');
  if (kind === 'custom') {
    if (!custom) throw invalidParameters('compareFromDate', 'comparativePeriod=custom needs compareFromDate and compareToDate');
    return custom;
  }
  if (kind === 'previous-year') return { from: addMonths(period.from, -12), to: addMonths(period.to, -12) };
  if (kind !== 'previous-period') return null;
  if (period.from.endsWith('-01') && period.to === monthEndOf(period.to)) {
    const months = monthIndex(period.to) - monthIndex(period.from) + 1;
    return { from: addMonths(period.from, -months), to: addMonths(period.to, -months) };
  }
  const to = addDays(period.from, -1);
  return { from: addDays(to, -daysBetween(period.from, period.to)), to };
}

const monthIndex = (date: string): number => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** One column of a statement over dates. */
export interface PeriodColumn extends DateRange {
  key: string;
  label: string;
}

/**
 * The columns of a period: the whole period without `groupBy`; else one per calendar month (`2026-10`,
 * `Oct 2026`), fiscal quarter (`FY2026-Q1`) or fiscal year (`FY2026`, named by the year it starts in),
 * each clipped to the period.
 */
export function periodColumns(ctx: CompanyContext, period: DateRange, groupBy: string | undefined): PeriodColumn[] {
  if (!groupBy) return [{ key: 'total', label: 'Total', ...period }];
  const months = groupBy === 'month' ? 1 : groupBy === 'quarter' ? 3 : 12;
  const fiscalStart = fiscalYearStartOf(ctx, period.from);
  let start = groupBy === 'month' ? `${period.from.slice(0, 7)}-01` : fiscalStart;
  if (groupBy === 'quarter') while (addMonths(start, 3) <= period.from) start = addMonths(start, 3);
  const columns: PeriodColumn[] = [];
  for (; start <= period.to; start = addMonths(start, months)) {
    const end = addDays(addMonths(start, months), -1);
    const fiscalYear = fiscalYearStartOf(ctx, start).slice(0, 4);
    const quarter = Math.floor((monthIndex(start) - monthIndex(fiscalYearStartOf(ctx, start))) / 3) + 1;
    const key = groupBy === 'month' ? start.slice(0, 7) : groupBy === 'quarter' ? `FY${fiscalYear}-Q${quarter}` : `FY${fiscalYear}`;
    const label = groupBy === 'month' ? `${MONTH_NAMES[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}` : key.replace('-', ' ');
    columns.push({ key, label, from: start < period.from ? period.from : start, to: end > period.to ? period.to : end });
  }
  return columns;
}
