import { z } from 'zod';
import { isoDate, moneyTotal } from '../common.js';
import {
  InventoryMovementsParams,
  InventoryMovementsReport,
  InventoryValuationParams,
  InventoryValuationReport,
  LowStockParams,
  LowStockReport,
  StockQuantityValue,
} from '../inventory/reports.js';
import { reportEndpoint, reportStamp } from './common.js';
import { moduleReport, moduleReportQuery } from './module-report.js';

// Spec document 3, "Reports": `/stock-valuation`, `/inventory-movement`, `/stock-aging`, `/low-stock-alert`
// (parameters and responses not shown). Three are the inventory module's reports (spec document 2,
// "Inventory reports") at the reports address; stock aging is ours (REP-47, REP-50).

export const StockValuationParams = moduleReportQuery(InventoryValuationParams.shape);
export type StockValuationParams = z.input<typeof StockValuationParams>;
/** `GET /inventory/reports/valuation`'s figures; `summary.totalValue` is the inventory account's balance on `asOfDate` by the ledger's method. */
export const StockValuationReport = moduleReport('stock-valuation', InventoryValuationReport);
export type StockValuationReport = z.infer<typeof StockValuationReport>;

export const InventoryMovementParams = moduleReportQuery(InventoryMovementsParams.shape);
export type InventoryMovementParams = z.input<typeof InventoryMovementParams>;
export const InventoryMovementReport = moduleReport('inventory-movement', InventoryMovementsReport);
export type InventoryMovementReport = z.infer<typeof InventoryMovementReport>;

export const LowStockAlertParams = moduleReportQuery(LowStockParams.shape);
export type LowStockAlertParams = z.input<typeof LowStockAlertParams>;
export const LowStockAlertReport = moduleReport('low-stock-alert', LowStockReport);
export type LowStockAlertReport = z.infer<typeof LowStockAlertReport>;

export const StockAgingParams = moduleReportQuery({
  /** Stock held at the end of this day, aged from its receipt to it; default the company's today. */
  asOfDate: isoDate().optional(),
  locationId: z.string().max(100).optional(),
  /** The category and its subcategories. */
  categoryId: z.string().max(100).optional(),
});
export type StockAgingParams = z.input<typeof StockAgingParams>;

/** One age band: 0-30, 31-60, 61-90, 91-180 and over 180 days since receipt. */
export const StockAgingPeriod = z.object({
  periodName: z.string(),
  fromDays: z.number().int(),
  /** Null for the open-ended last band. */
  toDays: z.number().int().nullable(),
  quantity: z.number(),
  value: moneyTotal(),
  /** Of the total value, two decimals. */
  percentage: z.number(),
});

export const StockAgingReport = z.object({
  reportType: z.literal('stock-aging'),
  reportName: z.string(),
  asOfDate: isoDate(),
  currency: z.string(),
  locationId: z.string().nullable(),
  /** In the order of the bands; their values add up to `summary.totalValue`, the stock valuation's. */
  agingPeriods: z.array(StockAgingPeriod),
  summary: z.object({
    totalItems: z.number().int(),
    totalQuantity: z.number(),
    totalValue: moneyTotal(),
    averageAgeDays: z.number().nullable(),
  }),
  items: z.array(
    z.object({
      itemId: z.string(),
      itemCode: z.string(),
      itemName: z.string(),
      quantity: z.number(),
      value: moneyTotal(),
      /** The receipt date of the oldest stock still held. */
      oldestReceiptDate: isoDate().nullable(),
      /** Quantity-weighted days since receipt, one decimal. */
      averageAgeDays: z.number().nullable(),
      /** Quantity and value per band, in the order of `agingPeriods`. */
      periods: z.array(StockQuantityValue),
    }),
  ),
  ...reportStamp,
});
export type StockAgingReport = z.infer<typeof StockAgingReport>;

export const reportsStockValuation = reportEndpoint({
  id: 'reports.stockValuation',
  path: '/reports/stock-valuation',
  summary: 'Stock value as of a date by FIFO, LIFO, average or standard cost; by the ledger method it equals the inventory account',
  description: 'Stock on hand valued as of a date (the inventory valuation); the total is the inventory account.',
  example: "const { summary } = await acs.reports.stockValuation({ asOfDate: '2026-10-31' });",
  exampleCall: { query: { valuationMethod: 'average' } },
  query: StockValuationParams,
  response: StockValuationReport,
});

export const reportsInventoryMovement = reportEndpoint({
  id: 'reports.inventoryMovement',
  path: '/reports/inventory-movement',
  summary: 'Opening, in, out and closing stock per item over a period',
  description: 'Opening, in, out and closing stock per item over a period.',
  example: "const { totals } = await acs.reports.inventoryMovement({ dateFrom: '2026-10-01', dateTo: '2026-10-31' });",
  exampleCall: { query: { dateFrom: '2026-01-01' } },
  query: InventoryMovementParams,
  response: InventoryMovementReport,
});

export const reportsStockAging = reportEndpoint({
  id: 'reports.stockAging',
  path: '/reports/stock-aging',
  summary: 'Stock on hand and its value by days since receipt: 0-30, 31-60, 61-90, 91-180, over 180',
  description: 'Stock on hand by age since receipt (0-30 ... over 180 days), quantity and value.',
  example: 'const { agingPeriods } = await acs.reports.stockAging();',
  exampleCall: {},
  query: StockAgingParams,
  response: StockAgingReport,
});

export const reportsLowStockAlert = reportEndpoint({
  id: 'reports.lowStockAlert',
  path: '/reports/low-stock-alert',
  summary: 'Items at or below their minimum stock or reorder point, with a suggested order',
  description: 'Items at or below their reorder level, with a suggested order.',
  example: 'const { items } = await acs.reports.lowStockAlert({ locationId });',
  exampleCall: {},
  query: LowStockAlertParams,
  response: LowStockAlertReport,
});
