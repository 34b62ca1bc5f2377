import { z } from 'zod';
import { isoDate, moneyTotal, queryBoolean } from '../common.js';
import { reportCurrency, reportEndpoint, reportFormat, reportStamp } from './common.js';

// `GET /v1/reports/trial-balance` (spec document 3, "Reports": `asOfDate`, `includeZeroBalances`,
// `currency`; response not shown, ours: REP-8).

export const TrialBalanceParams = z.object({
  /** Posted lines dated on or before it count; default the company's today. */
  asOfDate: isoDate().optional(),
  /** Also list accounts with no balance (default false). */
  includeZeroBalances: queryBoolean().optional(),
  currency: reportCurrency(),
  format: reportFormat(),
});
export type TrialBalanceParams = z.input<typeof TrialBalanceParams>;

/** One account's balance on its debit or its credit side (the other is 0). */
export const TrialBalanceAccount = z.object({
  accountId: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  /** asset, liability, equity, revenue or expense. */
  accountType: z.string(),
  debit: moneyTotal(),
  credit: moneyTotal(),
});
export type TrialBalanceAccount = z.infer<typeof TrialBalanceAccount>;

/** Debits and credits of one account type. */
export const TrialBalanceTypeTotal = z.object({ accountType: z.string(), debit: moneyTotal(), credit: moneyTotal() });

export const TrialBalanceReport = z.object({
  reportType: z.literal('trial-balance'),
  companyName: z.string(),
  asOfDate: isoDate(),
  currency: z.string(),
  /** By account code. */
  accounts: z.array(TrialBalanceAccount),
  /** The same balances summed by account type, in the order asset, liability, equity, revenue, expense. */
  byType: z.array(TrialBalanceTypeTotal),
  totals: z.object({ debit: moneyTotal(), credit: moneyTotal(), balanced: z.boolean() }),
  ...reportStamp,
});
export type TrialBalanceReport = z.infer<typeof TrialBalanceReport>;

export const reportsTrialBalance = reportEndpoint({
  id: 'reports.trialBalance',
  path: '/reports/trial-balance',
  summary: "Every account's debit or credit balance on a date, from posted journal lines; the totals are equal",
  description: "Every account's debit or credit balance on `asOfDate` from posted lines; the totals are equal.",
  example: "const { accounts, totals } = await acs.reports.trialBalance({ asOfDate: '2026-10-31' });",
  exampleCall: { query: { includeZeroBalances: true } },
  query: TrialBalanceParams,
  response: TrialBalanceReport,
});
