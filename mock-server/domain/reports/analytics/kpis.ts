import type { KpiMetric, KpiReport } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import type { JournalEntryRow } from '../../accounting/index.js';
import { companyCurrency } from '../../platform/index.js';
import { addDays, addMonths, companyToday, daysBetween } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { entryFigures, figuresLess, kpiFigures, noFigures, type KpiFigures, type KpiWindow } from './kpi-figures.js';
import { fiscalYearStartOf } from '../core/period.js';

// `GET /v1/analytics/kpis` (spec document 3, "Reports": groups and metrics named, formulas ours,
// REP-51 to REP-53): the period to date that holds `asOfDate` against the whole period before.

export type KpiPeriod = 'month' | 'quarter' | 'year';
export type KpiGroups = Pick<KpiReport, 'financial' | 'operational'>;

/** Where each KPI is listed. */
export const KPI_GROUPS = {
  grossProfitMargin: 'financial',
  netProfitMargin: 'financial',
  currentRatio: 'financial',
  daysOutstanding: 'financial',
  inventoryTurnover: 'operational',
  accountsPayableTurnover: 'operational',
} as const;
export type KpiName = keyof typeof KPI_GROUPS;

const PERIOD_MONTHS: Record<KpiPeriod, number> = { month: 1, quarter: 3, year: 12 };

/**
 * The current period (its start to `asOfDate`) and the whole previous one. A month is the calendar
 * month; a year is the company's fiscal year, a quarter three months of it.
 */
export function kpiWindows(ctx: CompanyContext, period: KpiPeriod, asOfDate: string): { current: KpiWindow; previous: KpiWindow } {
  let start = `${asOfDate.slice(0, 7)}-01`;
  if (period !== 'month') {
    start = fiscalYearStartOf(ctx, asOfDate);
    while (addMonths(start, PERIOD_MONTHS[period]) <= asOfDate) start = addMonths(start, PERIOD_MONTHS[period]);
  }
  return { current: { from: start, to: asOfDate }, previous: { from: addMonths(start, -PERIOD_MONTHS[period]), to: addDays(start, -1) } };
}

const ratio = (part: money.Amount, whole: money.Amount, scale: money.AmountInput = 1): number | null =>
  whole.isZero() ? null : money.toNumber(part.times(scale).dividedBy(whole));

/** The six KPIs of one period's figures; null where the denominator is 0. */
export function kpiValues(f: KpiFigures, window: KpiWindow): Record<KpiName, number | null> {
  const days = daysBetween(window.from, window.to) + 1;
  // Turnover is a year's rate, so that a month to date and a whole month compare.
  const yearly = money.parse(365).dividedBy(days);
  return {
    grossProfitMargin: ratio(f.revenue.minus(f.costOfSales), f.revenue, 100),
    netProfitMargin: ratio(f.netIncome, f.revenue, 100),
    currentRatio: ratio(f.currentAssets, f.currentLiabilities),
    daysOutstanding: ratio(f.receivables, f.revenue, days),
    inventoryTurnover: ratio(f.costOfSales, f.inventory.plus(f.openingInventory).dividedBy(2), yearly),
    accountsPayableTurnover: ratio(f.purchases, f.payables.plus(f.openingPayables).dividedBy(2), yearly),
  };
}

/** A KPI now against before: the change in its own unit, and which way it went. */
export function kpiMetric(current: number | null, previous: number | null): KpiMetric {
  const change = current === null || previous === null ? null : money.toNumber(money.subtract(current, previous));
  return { current, previous, change, trend: change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down' };
}

/** The KPI groups of two periods' values. */
export function kpiGroups(current: Record<KpiName, number | null>, previous: Record<KpiName, number | null>): KpiGroups {
  const groups: KpiGroups = { financial: {}, operational: {} } as KpiGroups;
  for (const [name, group] of Object.entries(KPI_GROUPS) as [KpiName, 'financial' | 'operational'][]) {
    (groups[group] as Record<string, KpiMetric>)[name] = kpiMetric(current[name], previous[name]);
  }
  return groups;
}

/** `GET /v1/analytics/kpis`. */
export function kpis(ctx: CompanyContext, params: { period?: KpiPeriod; asOfDate?: string }): KpiReport {
  const period = params.period ?? 'month';
  const asOfDate = params.asOfDate ?? companyToday(ctx);
  const windows = kpiWindows(ctx, period, asOfDate);
  const groups = kpiGroups(
    kpiValues(kpiFigures(ctx, windows.current), windows.current),
    kpiValues(kpiFigures(ctx, windows.previous), windows.previous),
  );
  return {
    period,
    asOfDate,
    currency: companyCurrency(ctx),
    currentPeriod: windows.current,
    previousPeriod: windows.previous,
    ...groups,
    generatedAt: ctx.clock.iso(),
  };
}

/** One KPI a posting moved: its group, and the metric with the posting and without it. */
export interface KpiChange {
  kpi: KpiName;
  group: 'financial' | 'operational';
  metric: KpiMetric;
  before: KpiMetric;
}

/**
 * The KPIs of this month to date (the stream's: `kpi.updates`) that a posted entry changed: computed
 * with the ledger as it is and without the entry's lines. An entry that moves none of the figures (a
 * transfer between two bank accounts, a date after today) costs no read of the ledger.
 */
export function kpiChangesOf(ctx: CompanyContext, entry: Pick<JournalEntryRow, 'date' | 'lines'>): KpiChange[] {
  const windows = kpiWindows(ctx, 'month', companyToday(ctx));
  const deltas = {
    current: entryFigures(ctx, windows.current, entry.date, entry.lines),
    previous: entryFigures(ctx, windows.previous, entry.date, entry.lines),
  };
  if (noFigures(deltas.current) && noFigures(deltas.previous)) return [];
  const now = { current: kpiFigures(ctx, windows.current), previous: kpiFigures(ctx, windows.previous) };
  const after = kpiGroups(kpiValues(now.current, windows.current), kpiValues(now.previous, windows.previous));
  const before = kpiGroups(
    kpiValues(figuresLess(now.current, deltas.current), windows.current),
    kpiValues(figuresLess(now.previous, deltas.previous), windows.previous),
  );
  const changes: KpiChange[] = [];
  for (const [kpi, group] of Object.entries(KPI_GROUPS) as [KpiName, 'financial' | 'operational'][]) {
    const metric = (after[group] as Record<string, KpiMetric>)[kpi];
    const was = (before[group] as Record<string, KpiMetric>)[kpi];
    if (metric.current !== was.current || metric.previous !== was.previous) changes.push({ kpi, group, metric, before: was });
  }
  return changes;
}
