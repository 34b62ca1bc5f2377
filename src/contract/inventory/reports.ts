import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { isoDate, moneyTotal, queryBoolean } from '../common.js';
import { dateOrder } from '../sales/document-lines.js';

// Spec document 2, "Inventory reports": figures read from the movement log only (INV-14).
// Shapes the spec leaves open (movements, low stock) and every rule behind a figure: INV-20, INV-21.

/** The four methods of the valuation report; a ledger runs on `fifo` or `average` (MFRS 102). */
export const VALUATION_METHODS = ['fifo', 'lifo', 'average', 'standard'] as const;
export const ValuationMethod = z.enum(VALUATION_METHODS);

/** Quantities and values of one slice of stock: money two decimals, a quantity as the log holds it. */
const StockFigure = z.object({ totalItems: z.number().int(), totalQuantity: z.number(), totalValue: moneyTotal() });

/** `GET /inventory/reports/valuation`: stock as of a date, valued by any of the four methods. */
export const InventoryValuationReport = z.object({
  reportName: z.string(),
  asOfDate: isoDate(),
  valuationMethod: ValuationMethod,
  currency: z.string().length(3),
  summary: StockFigure.extend({
    /** totalValue / totalItems, two decimals; 0 without items. */
    averageValue: moneyTotal(),
  }),
  /** By the item's own category; `categoryId` null for items without one. */
  byCategory: z.array(StockFigure.extend({ categoryId: z.string().nullable(), categoryName: z.string().nullable() })),
  byLocation: z.array(StockFigure.extend({ locationId: z.string(), locationName: z.string() })),
  items: z.array(
    z.object({
      itemId: z.string(),
      itemCode: z.string(),
      itemName: z.string(),
      quantity: z.number(),
      /** totalValue / quantity, four decimals. */
      averageCost: z.number(),
      totalValue: moneyTotal(),
    }),
  ),
});
export type InventoryValuationReport = z.infer<typeof InventoryValuationReport>;

export const InventoryValuationParams = z.object({
  /** Default: the company's today. */
  asOfDate: isoDate().optional(),
  locationId: z.string().optional(),
  /** The category and its subcategories. */
  categoryId: z.string().optional(),
  /** Default: the company's ledger method (`inventoryValuationMethod`). */
  valuationMethod: ValuationMethod.optional(),
  includeZeroStock: queryBoolean().optional(),
});
export type InventoryValuationParams = z.input<typeof InventoryValuationParams>;

/** A quantity and its value at the ledger's cost. */
export const StockQuantityValue = z.object({ quantity: z.number(), value: moneyTotal() });

/** `GET /inventory/reports/movements` (spec: not shown): opening, in, out and closing per item over a period. */
export const InventoryMovementsReport = z.object({
  reportName: z.string(),
  periodFrom: isoDate(),
  periodTo: isoDate(),
  currency: z.string().length(3),
  locationId: z.string().nullable(),
  /** With a type, `in` and `out` count only movements of that type; opening and closing are always the whole stock. */
  type: z.string().nullable(),
  totals: z.object({ opening: StockQuantityValue, in: StockQuantityValue, out: StockQuantityValue, closing: StockQuantityValue }),
  items: z.array(
    z.object({
      itemId: z.string(),
      itemCode: z.string(),
      itemName: z.string(),
      opening: StockQuantityValue,
      in: StockQuantityValue,
      /** Positive: what left. */
      out: StockQuantityValue,
      closing: StockQuantityValue,
      movementCount: z.number().int(),
    }),
  ),
});
export type InventoryMovementsReport = z.infer<typeof InventoryMovementsReport>;

export const InventoryMovementsParams = z
  .object({
    /** Default: 30 days before `dateTo`. */
    dateFrom: isoDate().optional(),
    /** Default: the company's today. */
    dateTo: isoDate().optional(),
    itemId: z.string().optional(),
    locationId: z.string().optional(),
    categoryId: z.string().optional(),
    /** A movement type: `sale`, `sale_return`, `adjustment`, `stock_count`, `transfer_out`, `transfer_in`, `initial_stock`, ... */
    type: z.string().max(50).optional(),
  })
  .superRefine(dateOrder('dateFrom', 'dateTo'));
export type InventoryMovementsParams = z.input<typeof InventoryMovementsParams>;

/** `GET /inventory/reports/low-stock` (spec: not shown): items at or below their minimum or reorder point. */
export const LowStockReport = z.object({
  reportName: z.string(),
  asOfDate: isoDate(),
  currency: z.string().length(3),
  locationId: z.string().nullable(),
  summary: z.object({
    totalItems: z.number().int(),
    outOfStock: z.number().int(),
    belowMinimum: z.number().int(),
    atReorderPoint: z.number().int(),
    /** Suggested quantities at the items' cost prices. */
    suggestedValue: moneyTotal(),
  }),
  items: z.array(
    z.object({
      itemId: z.string(),
      itemCode: z.string(),
      itemName: z.string(),
      supplierId: z.string().nullable(),
      /** `out_of_stock` (nothing on hand), `below_minimum` (at or below minimumStock) or `at_reorder_point`. */
      status: z.string(),
      currentStock: z.number(),
      availableStock: z.number(),
      onOrderStock: z.number(),
      minimumStock: z.number(),
      reorderPoint: z.number(),
      reorderQuantity: z.number(),
      maximumStock: z.number().nullable(),
      suggestedQuantity: z.number(),
      suggestedValue: moneyTotal(),
    }),
  ),
});
export type LowStockReport = z.infer<typeof LowStockReport>;

export const LowStockParams = z.object({
  /** Stock at this location against the item's levels; default: all locations together. */
  locationId: z.string().optional(),
  categoryId: z.string().optional(),
});
export type LowStockParams = z.input<typeof LowStockParams>;

export const ABC_CLASSES = ['A', 'B', 'C'] as const;

export const AbcClass = z.object({
  itemCount: z.number().int(),
  percentage: z.number(),
  valuePercentage: z.number(),
  totalValue: moneyTotal(),
});

/** `GET /inventory/reports/abc-analysis`: items ranked by the cost of what sales took in the period. */
export const AbcAnalysisReport = z.object({
  reportName: z.string(),
  periodFrom: isoDate(),
  periodTo: isoDate(),
  classification: z.object({ A: AbcClass, B: AbcClass, C: AbcClass }),
  items: z.array(
    z.object({
      itemId: z.string(),
      itemCode: z.string(),
      itemName: z.string(),
      classification: z.enum(ABC_CLASSES),
      /** Quantity sales issued in the period, less sales returns. */
      annualUsage: z.number(),
      /** annualValue / annualUsage, four decimals. */
      unitCost: z.number(),
      /** The cost of that usage, as the ledger posted it. */
      annualValue: moneyTotal(),
      cumulativePercentage: z.number(),
    }),
  ),
});
export type AbcAnalysisReport = z.infer<typeof AbcAnalysisReport>;

export const AbcAnalysisParams = z
  .object({
    /** Default: 364 days before `periodTo` (365 days in all). */
    periodFrom: isoDate().optional(),
    /** Default: the company's today. */
    periodTo: isoDate().optional(),
    locationId: z.string().optional(),
    categoryId: z.string().optional(),
  })
  .superRefine(dateOrder('periodFrom', 'periodTo'));
export type AbcAnalysisParams = z.input<typeof AbcAnalysisParams>;

export const inventoryReportsValuation = endpoint({
  id: 'inventory.reports.valuation',
  method: 'GET',
  path: '/inventory/reports/valuation',
  scope: 'read:inventory',
  summary: 'Stock value as of a date by FIFO, LIFO, average or standard cost',
  description:
    'Stock quantity and value as of `asOfDate` (default today) by `valuationMethod` (`fifo`, `lifo`, ' +
    "`average`, `standard`; default the company's own, which ties to the inventory account to the cent), " +
    'with totals by category and location; filter by `locationId` and `categoryId` (with subcategories).',
  example: "const { summary, items } = await acs.inventory.reports.valuation({ asOfDate: '2026-06-30', valuationMethod: 'fifo' });",
  exampleCall: { query: { valuationMethod: 'lifo', includeZeroStock: true } },
  query: InventoryValuationParams,
  response: InventoryValuationReport,
});

export const inventoryReportsMovements = endpoint({
  id: 'inventory.reports.movements',
  method: 'GET',
  path: '/inventory/reports/movements',
  scope: 'read:inventory',
  summary: 'Opening, in, out and closing stock per item over a period',
  description:
    'Opening stock, receipts, issues and closing stock per item between `dateFrom` and `dateTo`, at cost; ' +
    'narrow by `itemId`, `locationId`, `categoryId` or a movement `type`.',
  example: "const { items } = await acs.inventory.reports.movements({ dateFrom: '2026-06-01', dateTo: '2026-06-30' });",
  exampleCall: { query: { dateFrom: '2026-01-01' } },
  query: InventoryMovementsParams,
  response: InventoryMovementsReport,
});

export const inventoryReportsLowStock = endpoint({
  id: 'inventory.reports.lowStock',
  method: 'GET',
  path: '/inventory/reports/low-stock',
  scope: 'read:inventory',
  summary: 'Items at or below their minimum or reorder point',
  description:
    'Active stocked items at or below their minimum stock or reorder point, with a suggested order ' +
    'quantity; over all locations or at `locationId`.',
  example: `const { items } = await acs.inventory.reports.lowStock();
for (const row of items) console.log(row.itemCode, row.status, row.suggestedQuantity);`,
  exampleCall: {},
  query: LowStockParams,
  response: LowStockReport,
});

export const inventoryReportsAbcAnalysis = endpoint({
  id: 'inventory.reports.abcAnalysis',
  method: 'GET',
  path: '/inventory/reports/abc-analysis',
  scope: 'read:inventory',
  summary: 'A/B/C classes by usage value (80/15/5)',
  description:
    'Items classed A/B/C by the cost of what sales took between `periodFrom` and `periodTo` (default the ' +
    'last 365 days): A up to 80 % of the value, B the next 15 %, C the rest.',
  example: `const { classification } = await acs.inventory.reports.abcAnalysis();
console.log(classification.A.itemCount, classification.A.valuePercentage);`,
  exampleCall: {},
  query: AbcAnalysisParams,
  response: AbcAnalysisReport,
});
