import { z } from 'zod';
import { isoDate, moneyTotal, queryBoolean } from '../common.js';
import { reportCurrency, reportEndpoint, reportFormat, reportStamp } from './common.js';
import { accountComparison, ledgerDimension, statementFigure, StatementFigure } from './statements.js';

// `GET /v1/reports/balance-sheet` (spec document 3, "Reports"): the reporting module's response form
// (sections, groups, `balanceCheck`), chosen over the accounting module's (docs/spec-decisions.md).

export const BalanceSheetParams = z.object({
  /** Posted lines dated on or before it count; default the company's today. */
  asOfDate: isoDate().optional(),
  /** Adds a second date's balances: a month or a year before `asOfDate`, or `compareToDate` (custom). */
  comparativePeriod: z.enum(['previous-month', 'previous-year', 'custom']).optional(),
  /** The date compared with, for `comparativePeriod=custom` only (required then). */
  compareToDate: isoDate().optional(),
  /** Each account lists the posted lines behind its balance (`lines`). */
  includeDrillDown: queryBoolean().optional(),
  departmentId: ledgerDimension('department'),
  locationId: ledgerDimension('location'),
  currency: reportCurrency(),
  format: reportFormat(),
});
export type BalanceSheetParams = z.input<typeof BalanceSheetParams>;

/**
 * One posted journal line behind a balance. The retained earnings account also lists its figure of the
 * earlier fiscal years' net income, with no journal entry (`journalEntryId` null): no closing entries are posted.
 */
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

/**
 * An account's balance on its normal side (assets debit, liabilities and equity credit); a line the
 * statement computes (current year earnings) has `accountId` and `accountCode` null.
 */
export const BalanceSheetAccount = z.object({
  accountId: z.string().nullable(),
  accountCode: z.string().nullable(),
  accountName: z.string(),
  balance: moneyTotal(),
  comparativeBalance: moneyTotal().nullable(),
  ...accountComparison,
  /** With `includeDrillDown=true`, oldest first; they sum to `balance`. */
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
  /** `asOfDate` is the report's date, `compareToDate` the date compared with (null when not enabled). */
  comparative: z.object({ enabled: z.boolean(), asOfDate: isoDate(), compareToDate: isoDate().nullable() }),
  sections: z.object({
    /** Current assets are accounts of category current_asset; fixed and other assets are non-current. */
    assets: z.object({ ...statementFigure, currentAssets: BalanceSheetGroup, nonCurrentAssets: BalanceSheetGroup }),
    liabilities: z.object({ ...statementFigure, currentLiabilities: BalanceSheetGroup, nonCurrentLiabilities: BalanceSheetGroup }),
    /** Equity accounts (retained earnings with earlier years' net income) and current year earnings. */
    equity: BalanceSheetGroup,
  }),
  totalLiabilitiesAndEquity: StatementFigure,
  balanceCheck: z.object({ balanced: z.boolean(), totalAssets: moneyTotal(), totalLiabilitiesAndEquity: moneyTotal(), difference: moneyTotal() }),
  ...reportStamp,
});
export type BalanceSheetReport = z.infer<typeof BalanceSheetReport>;

export const reportsBalanceSheet = reportEndpoint({
  id: 'reports.balanceSheet',
  path: '/reports/balance-sheet',
  summary: 'Assets, liabilities and equity on a date from posted journal lines, with an optional comparative date and drill-down; it balances on any date',
  query: BalanceSheetParams,
  response: BalanceSheetReport,
});
