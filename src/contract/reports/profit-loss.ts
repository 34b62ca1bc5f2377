import { z } from 'zod';
import { isoDate, moneyTotal } from '../common.js';
import { reportCurrency, reportEndpoint, reportFormat, reportStamp } from './common.js';
import { accountComparison, ledgerDimension, statementFigure } from './statements.js';

// `GET /v1/reports/profit-loss` (spec document 3, "Reports"): parameters as the spec lists them, both
// spellings of the period; the response is ours, shaped like the balance sheet's (REP-30 to REP-33).

export const ProfitLossParams = z.object({
  /** One pair, whole (the spec has both spellings); default the fiscal year to date. */
  periodFrom: isoDate().optional(),
  periodTo: isoDate().optional(),
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  /** A second period: the one before (as long), a year before, or `compareFromDate`-`compareToDate` (custom only). */
  comparativePeriod: z.enum(['previous-period', 'previous-year', 'custom']).optional(),
  compareFromDate: isoDate().optional(),
  compareToDate: isoDate().optional(),
  /** A column per calendar month, fiscal quarter or fiscal year of the period. */
  groupBy: z.enum(['month', 'quarter', 'year']).optional(),
  departmentId: ledgerDimension(),
  currency: reportCurrency(),
  format: reportFormat(),
});
export type ProfitLossParams = z.input<typeof ProfitLossParams>;

/** The whole period, or a month, fiscal quarter or fiscal year of it. */
export const ProfitLossColumn = z.object({ key: z.string(), label: z.string(), fromDate: isoDate(), toDate: isoDate() });

/** Movement on the account's normal side; `amounts` per column. */
export const ProfitLossAccount = z.object({
  accountId: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  amount: moneyTotal(),
  amounts: z.array(moneyTotal()),
  comparativeAmount: moneyTotal().nullable(),
  ...accountComparison,
});
export type ProfitLossAccount = z.infer<typeof ProfitLossAccount>;

export const ProfitLossFigure = z.object({ ...statementFigure, amounts: z.array(moneyTotal()) });
export type ProfitLossFigure = z.infer<typeof ProfitLossFigure>;

export const ProfitLossSection = z.object({ ...statementFigure, amounts: z.array(moneyTotal()), accounts: z.array(ProfitLossAccount) });
export type ProfitLossSection = z.infer<typeof ProfitLossSection>;

export const ProfitLossReport = z.object({
  reportType: z.literal('profit-loss'),
  companyName: z.string(),
  fromDate: isoDate(),
  toDate: isoDate(),
  currency: z.string(),
  groupBy: z.string().nullable(),
  columns: z.array(ProfitLossColumn),
  comparative: z.object({ enabled: z.boolean(), fromDate: isoDate().nullable(), toDate: isoDate().nullable() }),
  /** By account category (cost of sales: cost_of_goods_sold and the stock cost accounts). */
  sections: z.object({
    revenue: ProfitLossSection,
    costOfSales: ProfitLossSection,
    operatingExpenses: ProfitLossSection,
    otherIncome: ProfitLossSection,
    otherExpenses: ProfitLossSection,
  }),
  /** revenue - costOfSales. */
  grossProfit: ProfitLossFigure,
  /** grossProfit - operatingExpenses. */
  operatingIncome: ProfitLossFigure,
  /** operatingIncome + otherIncome - otherExpenses. */
  netIncome: ProfitLossFigure,
  ...reportStamp,
});
export type ProfitLossReport = z.infer<typeof ProfitLossReport>;

export const reportsProfitLoss = reportEndpoint({
  id: 'reports.profitLoss',
  path: '/reports/profit-loss',
  summary:
    'Revenue, cost of sales, expenses and net income over a period from posted journal lines, in columns by month, quarter or year, with an optional comparative period',
  description:
    'Revenue, cost of sales, expenses, gross profit and net income over a period (`periodFrom`/`periodTo` ' +
    'or `fromDate`/`toDate`), by month, quarter or year, with an optional comparison.',
  example: "const pl = await acs.reports.profitLoss({ fromDate: '2026-01-01', toDate: '2026-06-30', groupBy: 'quarter' });",
  exampleCall: {
    query: {
      fromDate: '2026-01-01',
      toDate: '2026-06-30',
      groupBy: 'quarter',
      comparativePeriod: 'previous-period',
    },
  },
  query: ProfitLossParams,
  response: ProfitLossReport,
});
