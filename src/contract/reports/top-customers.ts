import { z } from 'zod';
import { isoDate, moneyTotal, queryInt } from '../common.js';
import { reportEndpoint, reportFormat, reportStamp } from './common.js';

// `GET /v1/reports/top-customers` (spec document 3, "Reports": parameters and response not shown, ours
// in decision REP-43).

export const TOP_CUSTOMER_METRICS = ['revenue', 'invoices', 'payments'] as const;
export const TOP_CUSTOMERS_MAX_LIMIT = 100;

export const TopCustomersParams = z.object({
  /** Default: the start of the fiscal year that holds `toDate`. */
  fromDate: isoDate().optional(),
  /** Default: the company's today. */
  toDate: isoDate().optional(),
  /** How many customers (default 10, at most 100). */
  limit: queryInt().pipe(z.number().int().min(1).max(TOP_CUSTOMERS_MAX_LIMIT)).optional(),
  /** What ranks them (default revenue): net sales before tax, invoice count, or payments received. */
  metric: z.enum(TOP_CUSTOMER_METRICS).optional(),
  format: reportFormat(),
});
export type TopCustomersParams = z.input<typeof TopCustomersParams>;

export const TopCustomer = z.object({
  rank: z.number().int(),
  customerId: z.string(),
  customerName: z.string(),
  /** Net sales before tax in the company's currency: invoices and debit notes less credit notes. */
  revenue: moneyTotal(),
  invoiceCount: z.number().int(),
  /** Payments dated in the period, in the company's currency. */
  paymentsReceived: moneyTotal(),
  /** Of the period's revenue of all customers, in percent; null when that is not above 0. */
  shareOfRevenue: z.number().nullable(),
});
export type TopCustomer = z.infer<typeof TopCustomer>;

export const TopCustomersReport = z.object({
  reportType: z.literal('top-customers'),
  fromDate: isoDate(),
  toDate: isoDate(),
  metric: z.string(),
  currency: z.string(),
  customers: z.array(TopCustomer),
  /** All customers with sales or payments in the period, not only those listed. */
  totals: z.object({
    customerCount: z.number().int(),
    revenue: moneyTotal(),
    invoiceCount: z.number().int(),
    paymentsReceived: moneyTotal(),
  }),
  ...reportStamp,
});
export type TopCustomersReport = z.infer<typeof TopCustomersReport>;

export const reportsTopCustomers = reportEndpoint({
  id: 'reports.topCustomers',
  path: '/reports/top-customers',
  summary: 'The customers with the most revenue, invoices or payments in a period',
  description: 'Customers ranked by revenue, invoices or payments over a period.',
  example: "const { customers } = await acs.reports.topCustomers({ metric: 'payments', limit: 5 });",
  exampleCall: { query: { metric: 'payments', limit: 3 } },
  query: TopCustomersParams,
  response: TopCustomersReport,
});
