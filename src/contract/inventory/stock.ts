import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { LocationRef } from './locations.js';
import {
  cursorPageQuery,
  isoDate,
  isoDateTime,
  moneyTotal,
  nonNegativeMoney,
  nonNegativeQuantity,
  queryBoolean,
  queryNumber,
} from '../common.js';
import { ADJUSTMENT_REASONS, StockAdjustment } from './adjustments.js';

// Spec document 2, "Stock record" and "Stock": one item at one location, as the movement log left it.
export const StockLastMovement = z.object({
  date: isoDate(),
  /** The movement type: `initial_stock`, `adjustment`, `stock_count`, `sale`, `transfer_out`, ... */
  type: z.string(),
  /** Negative for an outflow. */
  quantity: z.number(),
  /** The number of the document that moved the stock (`ADJ-000003`, `INV-000012`). */
  reference: z.string().nullable(),
});
export type StockLastMovement = z.infer<typeof StockLastMovement>;

export const StockRecord = z.object({
  itemId: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  locationId: z.string(),
  location: LocationRef,
  currentStock: z.number(),
  /** On hand less what confirmed sales orders hold. */
  availableStock: z.number(),
  reservedStock: z.number(),
  onOrderStock: z.number(),
  /** Stock value over quantity on hand, four decimals; 0 with nothing on hand. */
  averageCost: z.number(),
  /** What the stock on hand cost, by the company's valuation method. */
  stockValue: moneyTotal(),
  lastMovement: StockLastMovement.nullable(),
  binLocation: z.string().nullable(),
  updatedAt: isoDateTime(),
});
export type StockRecord = z.infer<typeof StockRecord>;

export const StockListParams = z.object({
  itemId: z.string().optional(),
  locationId: z.string().optional(),
  /** An item category id; items of its subcategories match too. */
  categoryId: z.string().optional(),
  /** Stock at or below the item's `minimumStock`. */
  lowStock: queryBoolean().optional(),
  /** Nothing in stock. */
  outOfStock: queryBoolean().optional(),
  /** Below zero: with `includeReserved=false`, more reserved than on hand. */
  negative: queryBoolean().optional(),
  /** Default true: the stock tests read `currentStock`; false: `availableStock` (reserved units do not count). */
  includeReserved: queryBoolean().optional(),
  /** Bounds of `stockValue`. */
  valueMin: queryNumber().optional(),
  valueMax: queryNumber().optional(),
  ...cursorPageQuery,
});
export type StockListParams = z.input<typeof StockListParams>;

const stockListSpec = {
  paging: 'cursor',
  // Grouped by item, then location; ids are opaque, so the order is stable but not alphabetical.
  defaultSort: 'itemId:asc,locationId:asc',
  defaultLimit: 50,
  maxLimit: 200,
  // A page of one location among many stays a short walk (target: 5 ms among 30,000 records, bench/stock-list.ts).
  // `includeReserved=false` turns the stock tests to their `…Available` entries (the mock's route renames them);
  // `lowStock` and `categoryId` read the item's minimum and category path, which its stock records carry.
  index: {
    itemId: 'string',
    locationId: 'string',
    categoryId: ['categoryIds', 'has'],
    lowStock: 'boolean',
    outOfStock: 'boolean',
    negative: 'boolean',
    lowStockAvailable: 'boolean',
    outOfStockAvailable: 'boolean',
    negativeAvailable: 'boolean',
    valueMin: ['stockValue', 'gte', 'number'],
    valueMax: ['stockValue', 'lte', 'number'],
  },
} as const;

export const stockList = endpoint({
  id: 'inventory.stock.list',
  method: 'GET',
  path: '/inventory/stock',
  scope: 'read:inventory',
  summary: 'List stock records: each item at each location',
  description:
    'Lists stock records, cursor-paged, grouped by item; `includeReserved: false` makes the stock filters ' + 'read `availableStock`.',
  example: `for await (const record of acs.inventory.stock.list({ locationId, lowStock: true })) {
  console.log(record.itemCode, record.currentStock, record.stockValue);
}`,
  exampleCall: { query: { lowStock: false } },
  query: StockListParams,
  response: StockRecord,
  list: stockListSpec,
});

export const stockLevels = endpoint({
  id: 'inventory.stock.levels',
  method: 'GET',
  path: '/stock',
  scope: 'read:inventory',
  summary: 'List stock records (short form of GET /inventory/stock)',
  description: "The same list at the spec's short path `GET /v1/stock`: same query, same records.",
  exampleCall: { query: { outOfStock: false } },
  query: StockListParams,
  response: StockRecord,
  list: stockListSpec,
});

/** `PUT /inventory/stock`: a count of one item at one location. */
export const StockSetParams = z.object({
  itemId: z.string().min(1),
  locationId: z.string().min(1),
  /** The quantity counted. */
  newQuantity: nonNegativeQuantity(),
  /** Why the count differs; default `stock_count`. */
  reason: z.enum(ADJUSTMENT_REASONS).optional(),
  notes: z.string().max(1000).optional(),
  /** Unit cost of a count above the stock on hand; a count below it is costed by the valuation method. */
  costPrice: nonNegativeMoney().optional(),
  reference: z.string().max(100).optional(),
  /** Where in the location the item is kept (`A-03-2`); null clears it. */
  binLocation: z.string().trim().min(1).max(50).nullable().optional(),
});
export type StockSetParams = z.input<typeof StockSetParams>;

/** The record after the count, and the posted stock-count adjustment of the difference (null when the count matched). */
export const StockSetResult = z.object({ stock: StockRecord, adjustment: StockAdjustment.nullable() });
export type StockSetResult = z.infer<typeof StockSetResult>;

export const stockSet = endpoint({
  id: 'inventory.stock.set',
  method: 'PUT',
  path: '/inventory/stock',
  scope: 'write:inventory',
  summary: 'Set counted stock: posts a stock-count adjustment of the difference',
  description:
    'Sets the counted stock of an item at a location (`PUT /v1/inventory/stock`): the difference is ' +
    'posted as a stock-count adjustment; `adjustment` is null when the count matched.',
  example: "const { stock, adjustment } = await acs.inventory.stock.set({ itemId, locationId, newQuantity: 38, reason: 'damaged' });",
  body: StockSetParams,
  response: StockSetResult,
});
