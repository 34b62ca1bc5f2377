import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { isoDate, isoDateTime, moneyTotal } from '../common.js';
import { INVALID_REPORT_PARAMETERS } from './common.js';

// Spec document 3, "Reports": `GET /v1/analytics/kpis` (groups `financial` and `operational`, each metric
// {current, previous, change, trend}) and `GET /v1/analytics/dashboard` (response not shown). Formulas,
// periods and the dashboard's design: REP-51 to REP-56. JSON only: they are figures, not documents.

/** The KPI periods: the period to date that holds `asOfDate`, against the whole period before it. */
export const KPI_PERIODS = ['month', 'quarter', 'year'] as const;

export const KpiParams = z.object({
  /** month (default), quarter or year. */
  period: z.enum(KPI_PERIODS).optional(),
  /** The last day of the current period; default the company's today. */
  asOfDate: isoDate().optional(),
});
export type KpiParams = z.input<typeof KpiParams>;

/** One KPI now and in the previous period; null where its denominator is 0. */
export const KpiMetric = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
  /** current - previous, in the metric's own unit (percentage points for a margin); null when either is null. */
  change: z.number().nullable(),
  /** `up`, `down`, or `flat` (no change, or nothing to compare). */
  trend: z.string(),
});
export type KpiMetric = z.infer<typeof KpiMetric>;

/** A period's first and last day. */
export const KpiPeriodWindow = z.object({ from: isoDate(), to: isoDate() });

export const FinancialKpis = z.object({
  /** (revenue - cost of sales) / revenue, percent. */
  grossProfitMargin: KpiMetric,
  /** Net income / revenue, percent. */
  netProfitMargin: KpiMetric,
  /** Current assets / current liabilities at the period's end. */
  currentRatio: KpiMetric,
  /** Days sales outstanding: receivables at the end / revenue x days of the period. */
  daysOutstanding: KpiMetric,
});

export const OperationalKpis = z.object({
  /** Cost of sales / average inventory, a year's rate. */
  inventoryTurnover: KpiMetric,
  /** Purchases on account (payables credited) / average payables, a year's rate. */
  accountsPayableTurnover: KpiMetric,
});

export const KpiReport = z.object({
  period: z.string(),
  asOfDate: isoDate(),
  currency: z.string(),
  currentPeriod: KpiPeriodWindow,
  previousPeriod: KpiPeriodWindow,
  financial: FinancialKpis,
  operational: OperationalKpis,
  generatedAt: isoDateTime(),
});
export type KpiReport = z.infer<typeof KpiReport>;

export const DashboardParams = z.object({
  /** month (default), quarter or year: the period of revenue, top customers and KPIs. */
  period: z.enum(KPI_PERIODS).optional(),
});
export type DashboardParams = z.input<typeof DashboardParams>;

/** A total and what of it is past due. */
export const DashboardBalance = z.object({ total: moneyTotal(), overdue: moneyTotal() });

/** What an owner looks at first, as of the company's today (our design: decision REP-55). */
export const AnalyticsDashboard = z.object({
  asOfDate: isoDate(),
  period: z.string(),
  currency: z.string(),
  currentPeriod: KpiPeriodWindow,
  previousPeriod: KpiPeriodWindow,
  /** The cash and bank accounts' posted balances. */
  cash: z.object({
    total: moneyTotal(),
    accounts: z.array(z.object({ accountId: z.string(), accountCode: z.string(), accountName: z.string(), balance: moneyTotal() })),
  }),
  /** The receivables control account, and open invoices past their due date. */
  receivables: DashboardBalance,
  /** The payables control account, and bills past their due date. */
  payables: DashboardBalance,
  /** Revenue posted in the period to date against the whole previous period. */
  revenue: KpiMetric,
  /** The five customers invoiced most in the period, net of tax. */
  topCustomers: z.array(
    z.object({ customerId: z.string(), customerName: z.string(), revenue: moneyTotal(), invoiceCount: z.number().int() }),
  ),
  lowStock: z.object({ count: z.number().int(), outOfStock: z.number().int() }),
  kpis: z.object({ financial: FinancialKpis, operational: OperationalKpis }),
  generatedAt: isoDateTime(),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboard>;

export const analyticsKpis = endpoint({
  id: 'analytics.kpis',
  method: 'GET',
  path: '/analytics/kpis',
  scope: 'read:reports',
  tags: ['reports'],
  invalidQuery: INVALID_REPORT_PARAMETERS,
  summary: 'Financial and operational KPIs from the posted ledger: this period to date against the previous period',
  description:
    'KPIs from the posted ledger for the `period` (month, quarter or year) to `asOfDate` against the ' +
    'whole previous period: `financial` (grossProfitMargin, netProfitMargin, currentRatio, ' +
    'daysOutstanding) and `operational` (inventoryTurnover, accountsPayableTurnover), each `{ current, ' +
    'previous, change, trend }`.',
  example: `const { financial } = await acs.analytics.kpis({ period: 'quarter' });
console.log(financial.grossProfitMargin.current, financial.grossProfitMargin.trend);`,
  exampleCall: { query: { period: 'quarter' } },
  query: KpiParams,
  response: KpiReport,
});

export const analyticsDashboard = endpoint({
  id: 'analytics.dashboard',
  method: 'GET',
  path: '/analytics/dashboard',
  scope: 'read:reports',
  tags: ['reports'],
  invalidQuery: INVALID_REPORT_PARAMETERS,
  summary: 'Cash, receivables, payables, revenue, top customers, low stock and KPIs at a glance',
  description:
    "The owner's view now: cash and bank balances, receivables and payables with what is overdue, revenue " +
    'against the previous period, the top five customers, low stock and the KPIs.',
  example: "const { cash, receivables, topCustomers } = await acs.analytics.dashboard({ period: 'month' });",
  exampleCall: {},
  query: DashboardParams,
  response: AnalyticsDashboard,
});
