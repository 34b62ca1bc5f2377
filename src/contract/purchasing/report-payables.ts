import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { isoDate, moneyTotal } from '../common.js';
import { dateOrder } from '../sales/document-lines.js';

// The payables reports (spec document 2, "Procurement workflows": paths only; payloads ours: PUR-44, PUR-45).

/** What is owed, by how long past due (company currency): not yet due, then 1-30, 31-60, 61-90 and over 90 days. */
export const AgedPayablesBuckets = z.object({
  current: moneyTotal(),
  days1To30: moneyTotal(),
  days31To60: moneyTotal(),
  days61To90: moneyTotal(),
  over90: moneyTotal(),
  total: moneyTotal(),
});
export type AgedPayablesBuckets = z.infer<typeof AgedPayablesBuckets>;

export const AgedPayablesReport = z.object({
  reportName: z.string(),
  asOfDate: isoDate(),
  currency: z.string(),
  suppliers: z.array(AgedPayablesBuckets.extend({ supplierId: z.string(), supplierName: z.string(), billCount: z.number().int() })),
  /** Equals the accounts payable control account on `asOfDate`. */
  totals: AgedPayablesBuckets,
});
export type AgedPayablesReport = z.infer<typeof AgedPayablesReport>;

export const AgedPayablesParams = z.object({
  /** Default the company's today; bills and payments dated after it are left out. */
  asOfDate: isoDate().optional(),
  supplierId: z.string().optional(),
});
export type AgedPayablesParams = z.input<typeof AgedPayablesParams>;

/**
 * One group of the spend: its key, name, the amount as the ledger counts it (company currency: bills and debit notes
 * less credit notes, before recoverable tax, with tax that is not: PUR-60), and how many bills it holds (a note counts its bill).
 */
const SpendGroup = z.object({ key: z.string(), name: z.string(), amount: moneyTotal(), billCount: z.number().int() });

export const SpendAnalysisReport = z.object({
  reportName: z.string(),
  fromDate: isoDate(),
  toDate: isoDate(),
  currency: z.string(),
  total: moneyTotal(),
  /** `key` the supplier id. */
  bySupplier: z.array(SpendGroup),
  /** `key` the account number. */
  byAccount: z.array(SpendGroup),
  /** `key` the item category id, `uncategorised` for lines without one. */
  byCategory: z.array(SpendGroup),
  /** `key` the month, `YYYY-MM`. */
  byMonth: z.array(SpendGroup),
});
export type SpendAnalysisReport = z.infer<typeof SpendAnalysisReport>;

export const SpendAnalysisParams = z
  .object({
    /** Document dates from (a bill's, a note's, a void's), inclusive; default a year before `toDate`. */
    fromDate: isoDate().optional(),
    /** Default the company's today. */
    toDate: isoDate().optional(),
    supplierId: z.string().optional(),
  })
  .superRefine(dateOrder('fromDate', 'toDate'));
export type SpendAnalysisParams = z.input<typeof SpendAnalysisParams>;

export const reportsPurchasingAgedPayables = endpoint({
  id: 'reports.purchasing.agedPayables',
  method: 'GET',
  path: '/reports/purchasing/aged-payables',
  scope: 'read:reports',
  summary: 'What the company owes its suppliers, by how long past due',
  description:
    'What the company owes its suppliers on `asOfDate` (default today), per supplier and in total: not ' +
    'yet due, 1-30, 31-60, 61-90 and over 90 days past due. The total equals the payables control ' +
    'account.',
  example: "const { totals } = await acs.reports.purchasing.agedPayables({ asOfDate: '2026-10-31' });",
  exampleCall: {},
  query: AgedPayablesParams,
  response: AgedPayablesReport,
});

export const reportsPurchasingSpendAnalysis = endpoint({
  id: 'reports.purchasing.spendAnalysis',
  method: 'GET',
  path: '/reports/purchasing/spend-analysis',
  scope: 'read:reports',
  summary: 'Purchases as the ledger counts them, by supplier, account, item category and month',
  description:
    'What purchases cost over `fromDate`..`toDate`, in the company currency, as the ledger counts them (decision ' +
    'PUR-60): approved bills on their bill dates, less supplier credit notes and with supplier debit notes on their ' +
    "own dates, and a voided bill's reversal on its void date; each line at what its entry debits, before " +
    'recoverable tax and with tax that is not. By supplier, account, item category and month, so for any period ' +
    'the spend on an expense account is its movement from purchasing documents in the P&L.',
  example: "const spend = await acs.reports.purchasing.spendAnalysis({ fromDate: '2026-01-01' });",
  exampleCall: { query: { fromDate: '2026-01-01' } },
  query: SpendAnalysisParams,
  response: SpendAnalysisReport,
});
