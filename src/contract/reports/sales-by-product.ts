import { z } from 'zod';
import { isoDate, moneyTotal } from '../common.js';
import { reportEndpoint, reportFormat, reportStamp } from './common.js';

// `GET /v1/reports/sales-by-product` (spec document 3, "Reports": parameters and response not shown,
// ours in decision REP-44).

export const SalesByProductParams = z.object({
  /** Default: the start of the fiscal year that holds `toDate`. */
  fromDate: isoDate().optional(),
  /** Default: the company's today. */
  toDate: isoDate().optional(),
  /** Items of this category and its subcategories only. */
  categoryId: z.string().min(1).max(100).optional(),
  format: reportFormat(),
});
export type SalesByProductParams = z.input<typeof SalesByProductParams>;

export const ProductSales = z.object({
  itemId: z.string(),
  itemCode: z.string().nullable(),
  itemName: z.string(),
  categoryId: z.string().nullable(),
  /** Sold less credited. */
  quantity: z.number(),
  /** Line totals before tax in the company's currency, less credited lines. */
  revenue: moneyTotal(),
  /** Cost of the goods issued from stock, less what came back (0 for items not tracked in stock). */
  cost: moneyTotal(),
  margin: moneyTotal(),
  /** `margin / revenue` in percent; null when revenue is not above 0. */
  marginPercent: z.number().nullable(),
});
export type ProductSales = z.infer<typeof ProductSales>;

export const SalesByProductReport = z.object({
  reportType: z.literal('sales-by-product'),
  fromDate: isoDate(),
  toDate: isoDate(),
  categoryId: z.string().nullable(),
  currency: z.string(),
  /** By revenue, highest first. */
  products: z.array(ProductSales),
  totals: z.object({ revenue: moneyTotal(), cost: moneyTotal(), margin: moneyTotal(), marginPercent: z.number().nullable() }),
  ...reportStamp,
});
export type SalesByProductReport = z.infer<typeof SalesByProductReport>;

export const reportsSalesByProduct = reportEndpoint({
  id: 'reports.salesByProduct',
  path: '/reports/sales-by-product',
  summary: 'Quantity, revenue, cost of sales and margin of each item sold in a period',
  description: "Each item's quantity, revenue, cost of stock and margin over a period.",
  example: "const { products } = await acs.reports.salesByProduct({ fromDate: '2026-01-01' });",
  exampleCall: { query: { fromDate: '2026-01-01' } },
  query: SalesByProductParams,
  response: SalesByProductReport,
});
