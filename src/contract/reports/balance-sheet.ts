import { z } from 'zod';
import { isoDate, moneyTotal, queryBoolean } from '../common.js';
import { reportCurrency, reportEndpoint, reportFormat, reportStamp } from './common.js';
import { accountComparison, ledgerDimension, statementFigure } from './statements.js';

// `GET /v1/reports/balance-sheet` (spec document 3, "Reports"): the reporting module's response form
// (sections, groups, `balanceCheck`), chosen over the accounting module's (decision REP-22).

export const BalanceSheetParams = z.object({
  /** Posted lines dated on or before it count; default the company's today. */
  asOfDate: isoDate().optional(),
  /** A second date: a month or a year before, or `compareToDate` (custom only). */
  comparativePeriod: z.enum(['previous-month', 'previous-year', 'custom']).optional(),
  compareToDate: isoDate().optional(),
  /** Each account lists its posted `lines`. */
  includeDrillDown: queryBoolean().optional(),
  departmentId: ledgerDimension(),
  locationId: ledgerDimension(),
  currency: reportCurrency(),
  format: reportFormat(),
});
export type BalanceSheetParams = z.input<typeof BalanceSheetParams>;

/** A posted line behind a balance; retained earnings adds earlier years' net income as a line without an entry. */
export const DrillDownLine = z.object({
  journalEntryId: z.string().nullable(),
  journalNumber: z.string().nullable(),
  date: isoDate(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  debit: moneyTotal(),
  credit: moneyTotal(),
});
export type DrillDownLine = z.infer<typeof DrillDownLine>;

/** A balance on the account's normal side; a computed line (current year earnings) has `accountId` null. */
export const BalanceSheetAccount = z.object({
  accountId: z.string().nullable(),
  accountCode: z.string().nullable(),
  accountName: z.string(),
  balance: moneyTotal(),
  comparativeBalance: moneyTotal().nullable(),
  ...accountComparison,
  /** With `includeDrillDown`: oldest first, summing to `balance`. */
  lines: z.array(DrillDownLine).optional(),
});
export type BalanceSheetAccount = z.infer<typeof BalanceSheetAccount>;

export const BalanceSheetGroup = z.object({ ...statementFigure, accounts: z.array(BalanceSheetAccount) });
export type BalanceSheetGroup = z.infer<typeof BalanceSheetGroup>;

export const BalanceSheetReport = z.object({
  reportType: z.literal('balance-sheet'),
  companyName: z.string(),
  asOfDate: isoDate(),
  currency: z.string(),
  comparative: z.object({ enabled: z.boolean(), asOfDate: isoDate(), compareToDate: isoDate().nullable() }),
  sections: z.object({
    assets: z.object({ ...statementFigure, currentAssets: BalanceSheetGroup, nonCurrentAssets: BalanceSheetGroup }),
    liabilities: z.object({ ...statementFigure, currentLiabilities: BalanceSheetGroup, nonCurrentLiabilities: BalanceSheetGroup }),
    /** With current year earnings; earlier years' are in retained earnings. */
    equity: BalanceSheetGroup,
  }),
  balanceCheck: z.object({
    balanced: z.boolean(),
    totalAssets: moneyTotal(),
    totalLiabilitiesAndEquity: moneyTotal(),
    difference: moneyTotal(),
  }),
  ...reportStamp,
});
export type BalanceSheetReport = z.infer<typeof BalanceSheetReport>;

export const reportsBalanceSheet = reportEndpoint({
  id: 'reports.balanceSheet',
  path: '/reports/balance-sheet',
  summary:
    'Assets, liabilities and equity on a date from posted journal lines, with an optional comparative date and drill-down; it balances on any date',
  description:
    'Assets, liabilities and equity (with current year earnings) on `asOfDate`, by group, with an ' +
    'optional comparative date and drill-down; `balanceCheck.balanced` holds on any date.',
  example: "const sheet = await acs.reports.balanceSheet({ asOfDate: '2026-10-31', comparativePeriod: 'previous-year' });",
  exampleCall: { query: { comparativePeriod: 'previous-year', includeDrillDown: true } },
  query: BalanceSheetParams,
  response: BalanceSheetReport,
});
