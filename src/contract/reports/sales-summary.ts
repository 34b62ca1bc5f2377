import { z } from 'zod';
import { isoDate, moneyTotal } from '../common.js';
import { reportEndpoint, reportFormat, reportStamp } from './common.js';

// `GET /v1/reports/sales-summary` (spec document 3, "Reports": `fromDate`, `toDate` required, `groupBy`,
// `salesPersonId`, `customerId`, `productId`, `regionId`; response not shown, ours: REP-37).

export const SALES_GROUPINGS = ['day', 'week', 'month', 'quarter'] as const;

/** An id a sales report filters by: short text, checked against the books by the report. */
const filterId = () => z.string().min(1).max(100).optional();

export const SalesSummaryParams = z.object({
  fromDate: isoDate(),
  toDate: isoDate(),
  /** The period of each row (default month); weeks are ISO weeks, Monday to Sunday. */
  groupBy: z.enum(SALES_GROUPINGS).optional(),
  /** The user (or API key) that raised the invoice: the data has no other sales person. */
  salesPersonId: filterId(),
  customerId: filterId(),
  /** Only the lines of this item count (and no shipping). */
  productId: filterId(),
  /** The state, else the country, of the invoice's billing address (the customer's address without one). */
  regionId: filterId(),
  format: reportFormat(),
});
export type SalesSummaryParams = z.input<typeof SalesSummaryParams>;

/**
 * Sales of some documents in the company's currency: invoices add, credit notes take off, debit notes
 * add. `subtotal` (after discounts) + `tax` + `shipping` = `total`; `discount` is what the lines gave off.
 */
export const SalesFigures = z.object({
  invoiceCount: z.number().int(),
  creditNoteCount: z.number().int(),
  debitNoteCount: z.number().int(),
  subtotal: moneyTotal(),
  discount: moneyTotal(),
  tax: moneyTotal(),
  shipping: moneyTotal(),
  total: moneyTotal(),
});
export type SalesFigures = z.infer<typeof SalesFigures>;

/** One period: `2026-10-05` (day), `2026-W41` (ISO week), `2026-10` (month), `2026-Q4` (quarter), cut to the report's dates. */
export const SalesSummaryPeriod = z.object({ period: z.string(), fromDate: isoDate(), toDate: isoDate() }).and(SalesFigures);
export type SalesSummaryPeriod = z.infer<typeof SalesSummaryPeriod>;

export const SalesSummaryReport = z.object({
  reportType: z.literal('sales-summary'),
  fromDate: isoDate(),
  toDate: isoDate(),
  groupBy: z.string(),
  currency: z.string(),
  /** The filters applied (null: not filtered). */
  filters: z.object({
    salesPersonId: z.string().nullable(),
    customerId: z.string().nullable(),
    productId: z.string().nullable(),
    regionId: z.string().nullable(),
  }),
  /** Every period of the range, oldest first, empty ones included. */
  periods: z.array(SalesSummaryPeriod),
  totals: SalesFigures,
  ...reportStamp,
});
export type SalesSummaryReport = z.infer<typeof SalesSummaryReport>;

export const reportsSalesSummary = reportEndpoint({
  id: 'reports.salesSummary',
  path: '/reports/sales-summary',
  summary: 'Invoiced sales net of credit notes per day, week, month or quarter, with totals',
  description:
    "Invoiced sales net of credit notes per day, week, month or quarter, in the company's currency; " +
    'filters by customer, product, sales person, region.',
  example: "const { periods, totals } = await acs.reports.salesSummary({ fromDate: '2026-01-01', toDate: '2026-06-30' });",
  exampleCall: { query: { fromDate: '2026-01-01', toDate: '2026-12-31', groupBy: 'quarter' } },
  query: SalesSummaryParams,
  response: SalesSummaryReport,
});
