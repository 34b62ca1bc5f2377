import { z } from 'zod';
import { isoDate, moneyTotal } from '../common.js';
import { reportEndpoint, reportFormat } from './common.js';

// `GET /v1/reports/aged-receivables` (spec document 3, "Reports": the response as the spec gives it;
// parameters not shown, ours: REP-39 to REP-42).

export const AGING_BASES = ['invoice-date', 'due-date'] as const;

export const AgedReceivablesParams = z.object({
  /** Posted amounts dated on or before it count; default the company's today. */
  asOfDate: isoDate().optional(),
  customerId: z.string().min(1).max(100).optional(),
  /** Days counted from the invoice date (default) or from the due date (not yet due: 0-30). */
  agingBasis: z.enum(AGING_BASES).optional(),
  format: reportFormat(),
});
export type AgedReceivablesParams = z.input<typeof AgedReceivablesParams>;

export const AgingPeriod = z.object({
  periodName: z.string(),
  fromDays: z.number().int(),
  /** null: open-ended (over 90 days). */
  toDays: z.number().int().nullable(),
  amount: moneyTotal(),
  /** Of `summary.totalOutstanding`, two decimals. */
  percentage: z.number(),
});

export const AgedReceivablesCustomer = z.object({
  customerId: z.string(),
  customerName: z.string(),
  totalOwing: moneyTotal(),
  /** 0-30 days. */
  current: moneyTotal(),
  days31to60: moneyTotal(),
  days61to90: moneyTotal(),
  over90days: moneyTotal(),
  creditLimit: moneyTotal(),
  /** `totalOwing` over `creditLimit` in percent (0 without a limit or when the customer is in credit). */
  creditUtilization: z.number(),
  lastPaymentDate: isoDate().nullable(),
  /** In the company's currency. */
  lastPaymentAmount: moneyTotal().nullable(),
});
export type AgedReceivablesCustomer = z.infer<typeof AgedReceivablesCustomer>;

export const AgedReceivablesReport = z.object({
  reportType: z.literal('aged-receivables'),
  asOfDate: isoDate(),
  currency: z.string(),
  /** 0-30, 31-60, 61-90 and over 90 days. */
  agingPeriods: z.array(AgingPeriod),
  customers: z.array(AgedReceivablesCustomer),
  summary: z.object({
    /** Equal to the receivables control account on `asOfDate` (for all customers). */
    totalOutstanding: moneyTotal(),
    totalCustomers: z.number().int(),
    /** Over the 90 days to `asOfDate`: days from invoice to payment, weighted by the amount settled; null without payments. */
    averageDaysToCollect: z.number().nullable(),
    /** Over the 90 days to `asOfDate`: collected / (receivables at the start + invoiced), in percent; null when nothing was collectable. */
    collectionEfficiency: z.number().nullable(),
  }),
});
export type AgedReceivablesReport = z.infer<typeof AgedReceivablesReport>;

export const reportsAgedReceivables = reportEndpoint({
  id: 'reports.agedReceivables',
  path: '/reports/aged-receivables',
  summary: 'What each customer owes on a date by age (0-30, 31-60, 61-90, over 90 days); the total is the receivables control account',
  description: 'What each customer owes by age (0-30, 31-60, 61-90, over 90 days); the total is the receivables ' + 'control account.',
  example: "const { agingPeriods, summary } = await acs.reports.agedReceivables({ asOfDate: '2026-10-31' });",
  exampleCall: { query: { agingBasis: 'due-date' } },
  query: AgedReceivablesParams,
  response: AgedReceivablesReport,
});
