import { z } from 'zod';
import { isoDate, moneyTotal } from '../common.js';
import { reportEndpoint, reportFormat, reportStamp } from './common.js';

// `GET /v1/reports/cash-flow` (spec document 3, "Reports": `periodFrom`, `periodTo`, `method`; the
// response is not shown: ours, decisions REP-67 to REP-72, REP-94).

export const CASH_FLOW_METHODS = ['direct', 'indirect'] as const;

export const CashFlowParams = z.object({
  /** First day counted; default the start of the fiscal year that holds `periodTo`. */
  periodFrom: isoDate().optional(),
  /** Last day counted; default the company's today. */
  periodTo: isoDate().optional(),
  /** `indirect` (default): net income adjusted by the balance sheet's movements; `direct`: each entry that moves cash, by what it paid for. */
  method: z.enum(CASH_FLOW_METHODS).optional(),
  format: reportFormat(),
});
export type CashFlowParams = z.input<typeof CashFlowParams>;

/** One line of a section: `receivables`, `Decrease (increase) in receivables`, -1200. Inflows positive. */
export const CashFlowLine = z.object({ key: z.string(), label: z.string(), amount: moneyTotal() });
export type CashFlowLine = z.infer<typeof CashFlowLine>;

export const CashFlowSection = z.object({ label: z.string(), lines: z.array(CashFlowLine), total: moneyTotal() });
export type CashFlowSection = z.infer<typeof CashFlowSection>;

/** One cash or bank account's posted balance the day before the period and on its last day. */
export const CashFlowAccount = z.object({
  accountId: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  openingBalance: moneyTotal(),
  closingBalance: moneyTotal(),
  change: moneyTotal(),
});

/**
 * A non-cash investing or financing transaction of the period (IAS 7.43): an asset bought on credit,
 * opening balances entered. It is no flow of any section, so it is listed apart (decision REP-94).
 */
export const CashFlowNonCashTransaction = z.object({
  journalEntryId: z.string(),
  journalNumber: z.string(),
  date: isoDate(),
  description: z.string().nullable(),
  /** The document that wrote the entry, if one did (a bill, a stock adjustment). */
  source: z.object({ type: z.string(), id: z.string() }).nullable(),
  /** Where it would be, were it paid in cash: the section of its largest investing or financing line. */
  activity: z.enum(['investing', 'financing']),
  /** The investing or financing lines' debits, or their credits when larger. */
  amount: moneyTotal(),
});
export type CashFlowNonCashTransaction = z.infer<typeof CashFlowNonCashTransaction>;

export const CashFlowReport = z.object({
  reportType: z.literal('cash-flow'),
  companyName: z.string(),
  currency: z.string(),
  periodFrom: isoDate(),
  periodTo: isoDate(),
  /** direct or indirect. */
  method: z.string(),
  /** The cash and bank accounts' balance the day before `periodFrom`. */
  openingCash: moneyTotal(),
  closingCash: moneyTotal(),
  /** `closingCash - openingCash`. */
  netChange: moneyTotal(),
  sections: z.object({ operating: CashFlowSection, investing: CashFlowSection, financing: CashFlowSection }),
  /** The accounts counted as cash (decision REP-68). */
  cashAccounts: z.array(CashFlowAccount),
  /** The period's investing and financing transactions that moved no cash, oldest first (REP-94). */
  nonCashTransactions: z.array(CashFlowNonCashTransaction),
  /** The sections' totals against the change of the cash accounts: `reconciled` when they are equal. */
  reconciliation: z.object({
    netChangeFromActivities: moneyTotal(),
    changeInCashAccounts: moneyTotal(),
    difference: moneyTotal(),
    reconciled: z.boolean(),
  }),
  ...reportStamp,
});
export type CashFlowReport = z.infer<typeof CashFlowReport>;

export const reportsCashFlow = reportEndpoint({
  id: 'reports.cashFlow',
  path: '/reports/cash-flow',
  summary:
    'Cash from operating, investing and financing activities over a period, by the direct or the indirect method; the net change equals the change of the cash and bank accounts',
  description:
    'Cash in and out over a period by the `direct` or `indirect` method; both give the change of the cash ' + 'and bank accounts.',
  example: "const { netChange, closingCash } = await acs.reports.cashFlow({ periodFrom: '2026-01-01', method: 'direct' });",
  exampleCall: { query: { method: 'direct' } },
  query: CashFlowParams,
  response: CashFlowReport,
});
