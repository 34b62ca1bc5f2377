import { z } from 'zod';
import { isoDate, moneyTotal } from '../common.js';
import { reportEndpoint, reportFormat, reportStamp } from './common.js';
import { ProductSales } from './sales-by-product.js';
import { TopCustomer } from './top-customers.js';

// `GET /v1/reports/sales-performance-dashboard` (spec document 3, "Reports": parameters and response not
// shown, ours: REP-45; a metric is shaped like the spec's KPIs: current, previous, change, trend).

export const SalesDashboardParams = z.object({
  /** Default: the start of the fiscal year that holds `toDate`. */
  fromDate: isoDate().optional(),
  /** Default: the company's today. */
  toDate: isoDate().optional(),
  format: reportFormat(),
});
export type SalesDashboardParams = z.input<typeof SalesDashboardParams>;

/** A figure of the period beside the same figure of the period of equal length just before it. */
export const SalesMetric = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
  /** `(current - previous) / previous` in percent; null without a previous figure. */
  change: z.number().nullable(),
  /** up, down or flat. */
  trend: z.string(),
});
export type SalesMetric = z.infer<typeof SalesMetric>;

export const SalesDashboardMonth = z.object({
  month: z.string(),
  revenue: moneyTotal(),
  invoiceCount: z.number().int(),
  orderCount: z.number().int(),
});

export const SalesDashboardReport = z.object({
  reportType: z.literal('sales-performance-dashboard'),
  fromDate: isoDate(),
  toDate: isoDate(),
  previousFromDate: isoDate(),
  previousToDate: isoDate(),
  currency: z.string(),
  metrics: z.object({
    /** Net sales before tax; its `change` is the growth over the previous period. */
    revenue: SalesMetric,
    invoices: SalesMetric,
    /** Sales orders confirmed or beyond, dated in the period (as the sales funnel counts them). */
    orders: SalesMetric,
    averageOrderValue: SalesMetric,
    /** Orders over quotes sent in the period, in percent (the sales funnel's order stage). */
    quoteConversionRate: SalesMetric,
  }),
  topProducts: z.array(ProductSales.pick({ itemId: true, itemName: true, quantity: true, revenue: true, margin: true })),
  topCustomers: z.array(TopCustomer.pick({ customerId: true, customerName: true, revenue: true })),
  /** Every month the period touches, oldest first. */
  byMonth: z.array(SalesDashboardMonth),
  ...reportStamp,
});
export type SalesDashboardReport = z.infer<typeof SalesDashboardReport>;

export const reportsSalesPerformanceDashboard = reportEndpoint({
  id: 'reports.salesPerformanceDashboard',
  path: '/reports/sales-performance-dashboard',
  summary: "A period's sales KPIs against the previous period, top products and customers, and sales by month",
  description:
    "A period's sales figures against the period before: revenue, invoices, orders, average order value, " +
    'quote conversion, top products and customers.',
  example: "const { metrics } = await acs.reports.salesPerformanceDashboard({ fromDate: '2026-07-01', toDate: '2026-09-30' });",
  exampleCall: { query: { fromDate: '2026-07-01' } },
  query: SalesDashboardParams,
  response: SalesDashboardReport,
});
