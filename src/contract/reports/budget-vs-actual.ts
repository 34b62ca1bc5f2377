import { z } from 'zod';
import { isoDate, moneyTotal } from '../common.js';
import { reportEndpoint, reportFormat, reportStamp } from './common.js';

// `GET /v1/reports/budget-vs-actual` (spec document 3, "Reports": parameters and response not shown;
// ours, decision REP-76).

export const BUDGET_GROUPINGS = ['month', 'quarter'] as const;

export const BudgetVsActualParams = z.object({
  /** Default: the active budget whose months overlap the period. */
  budgetId: z.string().max(100).optional(),
  /** Default: the budget's first day when `budgetId` is given, else the start of the fiscal year that holds `periodTo`. */
  periodFrom: isoDate().optional(),
  /** Default: the budget's last day when `budgetId` is given, else the company's today. */
  periodTo: isoDate().optional(),
  /** Also split every figure by calendar month or fiscal quarter (the profit and loss's columns). */
  groupBy: z.enum(BUDGET_GROUPINGS).optional(),
  format: reportFormat(),
});
export type BudgetVsActualParams = z.input<typeof BudgetVsActualParams>;

/**
 * A budget against the posted figures, both on the account's normal side: `variance` is
 * `actual - budget`, `variancePercent` the variance in percent of the budget (null for a zero budget),
 * `favourable` when revenue reaches its budget or an expense stays within it.
 */
export const BudgetVariance = z.object({
  budget: moneyTotal(),
  actual: moneyTotal(),
  variance: moneyTotal(),
  variancePercent: z.number().nullable(),
  favourable: z.boolean(),
});
export type BudgetVariance = z.infer<typeof BudgetVariance>;

/** The figures of one month (`2026-03`) or fiscal quarter (`FY2026-Q1`). */
export const BudgetVarianceOfPeriod = BudgetVariance.extend({ period: z.string() });

export const BudgetVsActualAccount = BudgetVariance.extend({
  accountId: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  /** revenue or expense. */
  accountType: z.string(),
  /** With `groupBy`: the same figures by period. */
  periods: z.array(BudgetVarianceOfPeriod).optional(),
});
export type BudgetVsActualAccount = z.infer<typeof BudgetVsActualAccount>;

export const BudgetVsActualReport = z.object({
  reportType: z.literal('budget-vs-actual'),
  companyName: z.string(),
  currency: z.string(),
  budgetId: z.string(),
  budgetName: z.string(),
  periodFrom: isoDate(),
  periodTo: isoDate(),
  groupBy: z.string().nullable(),
  /** Every revenue and expense account with a budget or posted lines in the period, by account code. */
  accounts: z.array(BudgetVsActualAccount),
  /** revenue, then expense. */
  byType: z.array(BudgetVariance.extend({ accountType: z.string() })),
  /** Revenue less expense. */
  netIncome: BudgetVariance,
  /** With `groupBy`: net income by period. */
  netIncomeByPeriod: z.array(BudgetVarianceOfPeriod).optional(),
  ...reportStamp,
});
export type BudgetVsActualReport = z.infer<typeof BudgetVsActualReport>;

export const reportsBudgetVsActual = reportEndpoint({
  id: 'reports.budgetVsActual',
  path: '/reports/budget-vs-actual',
  summary:
    'A budget against the posted revenue and expenses of a period, per account, by type and in net income, with each variance and whether it is favourable',
  description:
    'A budget of `acs.budgets` against the posted figures, per account and period, with variances; 422 ' +
    'INSUFFICIENT_DATA without a budget.',
  example: "const { accounts, netIncome } = await acs.reports.budgetVsActual({ groupBy: 'quarter' });",
  exampleCall: { query: { groupBy: 'month' } },
  query: BudgetVsActualParams,
  response: BudgetVsActualReport,
});
