import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { LocationRef } from './locations.js';
import { cursorPageQuery, isoDate, isoDateTime, moneyTotal, nonNegativeMoney, quantityValue, searchQuery, sortQuery } from '../common.js';

// Spec document 2, "Stock adjustment" (the examples also use `initial_stock`).
export const ADJUSTMENT_REASONS = ['stock_count', 'damaged', 'found', 'lost', 'expired', 'initial_stock'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
export const ADJUSTMENT_TYPES = ['positive', 'negative', 'mixed'] as const;
export const ADJUSTMENT_STATUSES = ['draft', 'posted'] as const;

export const StockAdjustmentLine = z.object({
  id: z.string(),
  itemId: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  /** On hand at the location before this line: when posted, as posted; on a draft, as posting now would find it. */
  currentStock: z.number(),
  adjustedStock: z.number(),
  /** Signed: negative takes stock out. */
  adjustmentQuantity: z.number(),
  /** Cost per unit, four decimals: as sent for an increase, by the valuation method for a decrease. */
  unitCost: z.number(),
  /** Signed like the quantity: the value the line adds to or takes from stock (on a draft, an estimate). */
  totalCost: moneyTotal(),
  reason: z.string(),
  notes: z.string().nullable(),
  /** A received batch (increases only): its number and expiry date. */
  lotNumber: z.string().nullable(),
  expiryDate: isoDate().nullable(),
});
export type StockAdjustmentLine = z.infer<typeof StockAdjustmentLine>;

export const StockAdjustment = z.object({
  id: z.string(),
  adjustmentNumber: z.string(),
  date: isoDate(),
  /** `positive`, `negative` or `mixed`, as the signs of the lines are. */
  type: z.string(),
  /** `stock_count`, `damaged`, `found`, `lost`, `expired`, `initial_stock`. */
  reason: z.string(),
  /** `draft` or `posted`. */
  status: z.string(),
  locationId: z.string(),
  location: LocationRef,
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  items: z.array(StockAdjustmentLine),
  /** Sum of the lines' `totalCost`: the net change of stock value. */
  totalValue: moneyTotal(),
  /** The entry posting wrote; null for a draft, or when no value moved. */
  journalEntryId: z.string().nullable(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  postedAt: isoDateTime().nullable(),
});
export type StockAdjustment = z.infer<typeof StockAdjustment>;

export const AdjustmentReasonSchema = z.enum(ADJUSTMENT_REASONS);
const reason = () => AdjustmentReasonSchema;

export const StockAdjustmentLineCreate = z
  .object({
    /** An `inventory` item that tracks stock (`inventory.tracked`); any other item is refused. */
    itemId: z.string().min(1),
    /** Signed change in the item's unit, four decimals, not zero: positive adds stock, negative takes it out. */
    adjustmentQuantity: quantityValue().refine((v) => v !== 0, { message: 'must not be zero', params: { code: 'MIN_VALUE' } }),
    /** Cost per unit of an increase; default the location's average cost, else the item's cost price. */
    unitCost: nonNegativeMoney().optional(),
    /** This line's reason when it differs from the adjustment's. */
    reason: reason().optional(),
    /** Free text for the line, at most 500 characters; null when omitted. */
    notes: z.string().max(500).optional(),
    /** The lot (batch) an increase receives, 1-50 characters; increases only (a decrease takes the soonest-expiring first). */
    lotNumber: z.string().trim().min(1).max(50).optional(),
    /** The received lot's expiry date, `YYYY-MM-DD`; increases only, and only with `lotNumber`. */
    expiryDate: isoDate().optional(),
  })
  .superRefine((line, ctx) => {
    const decrease = typeof line.adjustmentQuantity === 'number' && line.adjustmentQuantity < 0;
    for (const field of ['unitCost', 'lotNumber', 'expiryDate'] as const) {
      if (decrease && line[field] !== undefined) {
        const message =
          field === 'unitCost'
            ? 'a decrease is costed by the valuation method; send unitCost on increases only'
            : `${field} belongs to a received batch: increases only`;
        ctx.addIssue({ code: 'custom', path: [field], input: line[field], message, params: { code: 'INVALID_CHOICE' } });
      }
    }
    if (line.expiryDate !== undefined && line.lotNumber === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['lotNumber'],
        input: undefined,
        message: 'an expiry date belongs to a lot: send lotNumber too',
        params: { code: 'REQUIRED_FIELD' },
      });
    }
  });
export type StockAdjustmentLineCreate = z.input<typeof StockAdjustmentLineCreate>;

/** The type the signs of the lines make: all up `positive`, all down `negative`, both `mixed`. */
export const adjustmentTypeOf = (quantities: readonly number[]): (typeof ADJUSTMENT_TYPES)[number] =>
  quantities.every((q) => q > 0) ? 'positive' : quantities.every((q) => q < 0) ? 'negative' : 'mixed';

export const StockAdjustmentCreateParams = z
  .object({
    /** Default today (the company's date). */
    date: isoDate().optional(),
    /** Checked against the signs of the lines; default what they make. */
    type: z.enum(ADJUSTMENT_TYPES).optional(),
    /** Why; sets each line's direction: `found`, `initial_stock` add, `damaged`, `lost`, `expired` take out, `stock_count` either. */
    reason: reason(),
    /** Default the company's default location. */
    locationId: z.string().min(1).optional(),
    /** Your reference, at most 100 characters; null when omitted. */
    reference: z.string().max(100).optional(),
    /** Free text, at most 1000 characters; null when omitted. */
    notes: z.string().max(1000).optional(),
    /** The lines, 1 to 200, each changing one item's stock at the adjustment's location. */
    items: z.array(StockAdjustmentLineCreate).min(1).max(200),
    /** `posted` (default) moves stock and writes the entry now; `draft` waits for `POST /inventory/adjustments/{id}/post`. */
    status: z.enum(ADJUSTMENT_STATUSES).optional(),
  })
  .superRefine((body, ctx) => {
    const quantities = body.items.map((line) => line.adjustmentQuantity);
    if (body.type === undefined || !quantities.every((q) => typeof q === 'number' && q !== 0)) return;
    const made = adjustmentTypeOf(quantities);
    if (made !== body.type) {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        input: body.type,
        message: `the lines make a ${made} adjustment (positive: every line increases, negative: every line decreases, mixed: both)`,
        params: { code: 'INVALID_CHOICE', constraint: { expected: made } },
      });
    }
  });
export type StockAdjustmentCreateParams = z.input<typeof StockAdjustmentCreateParams>;

export const StockAdjustmentListParams = z.object({
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
  type: z.enum(ADJUSTMENT_TYPES).optional(),
  reason: reason().optional(),
  status: z.enum(ADJUSTMENT_STATUSES).optional(),
  locationId: z.string().optional(),
  /** Adjustments with a line of this item. */
  itemId: z.string().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});
export type StockAdjustmentListParams = z.input<typeof StockAdjustmentListParams>;

const AdjustmentIdParams = z.object({ adjustmentId: z.string() });

export const adjustmentsList = endpoint({
  id: 'inventory.adjustments.list',
  method: 'GET',
  path: '/inventory/adjustments',
  scope: 'read:inventory',
  summary: 'List stock adjustments',
  description:
    'Lists adjustments, newest first, cursor-paged; filter by `dateFrom`/`dateTo`, `type`, `reason`, ' +
    '`status`, `locationId` and `itemId` (any line).',
  exampleCall: { query: { reason: 'initial_stock' } },
  query: StockAdjustmentListParams,
  response: StockAdjustment,
  list: {
    paging: 'cursor',
    defaultSort: 'date:desc,adjustmentNumber:desc',
    defaultLimit: 50,
    maxLimit: 200,
    filters: { adjustmentNumber: 'string', date: 'date', totalValue: 'number', createdAt: 'datetime' },
    search: ['adjustmentNumber', 'reference', 'notes'],
    sort: ['date', 'adjustmentNumber', 'totalValue', 'createdAt'],
    index: {
      dateFrom: ['date', 'gte'],
      dateTo: ['date', 'lte'],
      type: 'string',
      reason: 'string',
      status: 'string',
      locationId: 'string',
      itemId: ['lines.itemId', 'has'],
    },
  },
});

export const adjustmentsCreate = endpoint({
  id: 'inventory.adjustments.create',
  method: 'POST',
  path: '/inventory/adjustments',
  scope: 'write:inventory',
  status: 201,
  summary: 'Adjust stock at a location: posted at once (default) or kept as a draft',
  description:
    "Creates an adjustment, posted at once unless `status: 'draft'`. `type` is checked against the lines' " +
    'signs; `damaged`, `lost` and `expired` take stock out, `found` and `initial_stock` add it. Taking ' +
    "out more than is on hand takes stock below zero at the current cost, unless the company's " +
    '`allowNegativeStock` is false: then it rejects with `INSUFFICIENT_STOCK` and writes nothing.',
  example: `const adj = await acs.inventory.adjustments.create({
  reason: 'damaged', locationId, items: [{ itemId, adjustmentQuantity: -2, notes: 'Water damage' }],
});`,
  exampleCall: {
    body: {
      reason: 'found',
      items: [{ itemId: { first: 'items.list', query: { type: 'inventory', tracked: true } }, adjustmentQuantity: 1 }],
    },
  },
  body: StockAdjustmentCreateParams,
  response: StockAdjustment,
});

export const adjustmentsRecord = endpoint({
  id: 'inventory.adjustments.record',
  method: 'POST',
  path: '/stock-adjustments',
  scope: 'write:inventory',
  status: 201,
  summary: 'Adjust stock (short form of POST /inventory/adjustments)',
  description: "The same call at the spec's short path `POST /v1/stock-adjustments`: same body, same rules, same " + 'result.',
  exampleCall: {
    body: {
      reason: 'found',
      items: [{ itemId: { first: 'items.list', query: { type: 'inventory', tracked: true } }, adjustmentQuantity: 1 }],
    },
  },
  body: StockAdjustmentCreateParams,
  response: StockAdjustment,
});

export const adjustmentsRetrieve = endpoint({
  id: 'inventory.adjustments.retrieve',
  method: 'GET',
  path: '/inventory/adjustments/{adjustmentId}',
  scope: 'read:inventory',
  source: 'implied',
  summary: 'Get one stock adjustment',
  description: 'One adjustment; rejects with `NotFoundError` (`ADJUSTMENT_NOT_FOUND`) for an unknown id.',
  exampleCall: { params: { adjustmentId: { first: 'inventory.adjustments.list' } } },
  params: AdjustmentIdParams,
  response: StockAdjustment,
});

export const adjustmentsPost = endpoint({
  id: 'inventory.adjustments.post',
  method: 'POST',
  path: '/inventory/adjustments/{adjustmentId}/post',
  scope: 'write:inventory',
  source: 'implied',
  summary: 'Post a draft adjustment',
  description: 'Posts a draft, dated its own `date`; a posted adjustment rejects with `BusinessRuleError`.',
  params: AdjustmentIdParams,
  response: StockAdjustment,
});
