import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { LocationRef } from './locations.js';
import { cursorPageQuery, isoDate, isoDateTime, money, nonNegativeQuantity, searchQuery, sortQuery } from '../common.js';

// Spec document 2, "Stock transfer" and the Stock endpoints; the states and the receipt lines are ours
// (decision INV-27).

/**
 * `pending_approval` (created with `requestApproval`) -> `approved` -> `shipped`; `requested` (no
 * approval) -> `shipped`; `shipped` -> `partially_received` -> `completed`; `cancelled` from any state
 * before `completed` (what is in transit goes back to the source).
 */
export const STOCK_TRANSFER_STATUSES = [
  'pending_approval',
  'requested',
  'approved',
  'shipped',
  'partially_received',
  'completed',
  'cancelled',
] as const;
export const StockTransferStatus = z.enum(STOCK_TRANSFER_STATUSES);
export type StockTransferStatus = z.infer<typeof StockTransferStatus>;

/** The statuses `PATCH /inventory/transfers/{id}/status` moves a transfer to. */
export const StockTransferTargetStatus = z.enum(['approved', 'shipped', 'partially_received', 'completed', 'cancelled']);

/** A quantity that moves: above zero, at most four decimals. */
const movedQuantity = () =>
  nonNegativeQuantity().refine((v) => v > 0, {
    message: 'must be above zero',
    params: { code: 'MIN_VALUE', constraint: { min: 0, inclusive: false } },
  });

export const StockTransferLine = z.object({
  id: z.string(),
  itemId: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  quantityRequested: z.number(),
  quantityShipped: z.number(),
  quantityReceived: z.number(),
  /** Until shipped, what shipping now would move at the source's cost; from shipping, the cost it left with. */
  unitCost: z.number(),
  totalCost: money(),
  notes: z.string().nullable(),
});
export type StockTransferLine = z.infer<typeof StockTransferLine>;

export const StockTransfer = z.object({
  id: z.string(),
  transferNumber: z.string(),
  date: isoDate(),
  status: StockTransferStatus,
  fromLocationId: z.string(),
  fromLocation: LocationRef,
  toLocationId: z.string(),
  toLocation: LocationRef,
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  items: z.array(StockTransferLine),
  shipping: z.object({
    method: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    shippedAt: isoDateTime().nullable(),
    estimatedDelivery: isoDate().nullable(),
    actualDelivery: isoDate().nullable(),
  }),
  totalValue: money(),
  approvals: z.array(z.object({ step: z.number(), approvedBy: z.string(), approvedAt: isoDateTime(), notes: z.string().nullable() })),
  statusHistory: z.array(
    z.object({ status: StockTransferStatus, changedAt: isoDateTime(), changedBy: z.string(), notes: z.string().nullable() }),
  ),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type StockTransfer = z.infer<typeof StockTransfer>;

export const StockTransferCreateParams = z.object({
  /** Default today. */
  date: isoDate().optional(),
  /** The active, non-transit location the stock leaves; it must hold each line's quantity on hand now. */
  fromLocationId: z.string().min(1).max(100),
  /** The active, non-transit location the stock goes to; not `fromLocationId`. */
  toLocationId: z.string().min(1).max(100),
  /** Your reference, at most 100 characters; null when omitted. */
  reference: z.string().max(100).nullable().optional(),
  /** Free text, at most 5000 characters; null when omitted. */
  notes: z.string().max(5000).nullable().optional(),
  /** One line per item. */
  items: z
    .array(
      z.object({
        /** An `inventory` item that tracks stock, named on one line only. */
        itemId: z.string().min(1).max(100),
        /** Quantity to move in the item's unit, above zero, four decimals; at most what the source has on hand. */
        quantity: movedQuantity(),
        /** Free text for the line, at most 1000 characters; null when omitted. */
        notes: z.string().max(1000).nullable().optional(),
      }),
    )
    .min(1)
    .max(200),
  /** Starts the transfer in `pending_approval`: it ships only once approved. */
  requestApproval: z.boolean().optional(),
});
export type StockTransferCreateParams = z.input<typeof StockTransferCreateParams>;

export const StockTransferStatusParams = z.object({
  status: StockTransferTargetStatus,
  notes: z.string().max(1000).optional(),
  /** Recorded on `shipped`. */
  shipping: z
    .object({
      method: z.string().max(100).optional(),
      trackingNumber: z.string().max(100).optional(),
      estimatedDelivery: isoDate().optional(),
    })
    .optional(),
  /**
   * What this step moves, by item: on `shipped` the quantity sent (a line not named ships nothing), on
   * `partially_received` the quantity that arrived. Without it, shipping sends every requested
   * quantity and `completed` receives all that is still in transit.
   */
  items: z
    .array(z.object({ itemId: z.string().min(1).max(100), quantity: movedQuantity() }))
    .min(1)
    .max(200)
    .optional(),
});
export type StockTransferStatusParams = z.input<typeof StockTransferStatusParams>;

export const StockTransferListParams = z.object({
  status: StockTransferStatus.optional(),
  fromLocationId: z.string().optional(),
  toLocationId: z.string().optional(),
  /** Transfers from or to this location. */
  locationId: z.string().optional(),
  /** Transfers with a line of this item. */
  itemId: z.string().optional(),
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

const TransferIdParams = z.object({ transferId: z.string() });

export const inventoryTransfersList = endpoint({
  id: 'inventory.transfers.list',
  method: 'GET',
  path: '/inventory/transfers',
  scope: 'read:inventory',
  summary: 'List stock transfers',
  description: 'Lists transfers, newest first, cursor-paged; `locationId` matches either end, `itemId` any line.',
  example: `for await (const transfer of acs.inventory.transfers.list({ status: 'shipped' })) {
  console.log(transfer.transferNumber, transfer.toLocation.name, transfer.totalValue);
}`,
  exampleCall: { query: { status: 'requested' } },
  query: StockTransferListParams,
  response: StockTransfer,
  list: {
    paging: 'cursor',
    defaultLimit: 50,
    maxLimit: 100,
    defaultSort: 'date:desc,transferNumber:desc',
    filters: { transferNumber: 'string', status: 'string', date: 'date', createdAt: 'datetime' },
    search: ['transferNumber', 'reference', 'notes'],
    sort: ['date', 'transferNumber', 'createdAt'],
    index: {
      // From or to the location: both ends read as one list.
      locationId: ['fromLocationId|toLocationId', 'has', 'string'],
      status: 'string',
      fromLocationId: 'string',
      toLocationId: 'string',
      itemId: ['items.itemId', 'has'],
      dateFrom: ['date', 'gte'],
      dateTo: ['date', 'lte'],
    },
  },
});

export const inventoryTransfersCreate = endpoint({
  id: 'inventory.transfers.create',
  method: 'POST',
  path: '/inventory/transfers',
  scope: 'write:inventory',
  status: 201,
  summary: 'Request a stock transfer between two locations',
  description:
    'Requests a transfer between two locations, no more than the source holds (`INSUFFICIENT_STOCK`). ' +
    'Nothing moves until it ships; `requestApproval: true` waits for an approval step.',
  example: `const transfer = await acs.inventory.transfers.create({
  fromLocationId: warehouse.id, toLocationId: showroom.id,
  items: [{ itemId: chair.id, quantity: 4 }],
});`,
  exampleCall: { body: { fixture: 'chairTransfer' } },
  body: StockTransferCreateParams,
  response: StockTransfer,
});

export const inventoryTransfersCreateShortForm = endpoint({
  id: 'inventory.transfers.createShortForm',
  method: 'POST',
  path: '/stock-transfers',
  scope: 'write:inventory',
  status: 201,
  summary: 'Request a stock transfer (short form)',
  description: "The same as `create`, through the spec's short path `POST /v1/stock-transfers`.",
  exampleCall: { body: { fixture: 'chairTransfer' } },
  body: StockTransferCreateParams,
  response: StockTransfer,
});

export const inventoryTransfersRetrieve = endpoint({
  id: 'inventory.transfers.retrieve',
  method: 'GET',
  path: '/inventory/transfers/{transferId}',
  scope: 'read:inventory',
  source: 'implied',
  summary: 'Get one stock transfer',
  description:
    'One transfer with its lines, shipping, approvals and status history. `NotFoundError` ' + '(`TRANSFER_NOT_FOUND`) for an unknown id.',
  exampleCall: { params: { transferId: { fixture: 'requestedTransfer' } } },
  params: TransferIdParams,
  response: StockTransfer,
});

export const inventoryTransfersUpdateStatus = endpoint({
  id: 'inventory.transfers.updateStatus',
  method: 'PATCH',
  path: '/inventory/transfers/{transferId}/status',
  scope: 'write:inventory',
  summary: 'Approve, ship, receive (in part or in full) or cancel a stock transfer',
  description:
    'Moves a transfer on: `approved` (one approval step, from `pending_approval`), `shipped` (the goods ' +
    'leave the source for transit at their cost; `items` ships part of a line, `shipping` records the ' +
    'carrier), `partially_received` with `items` (what arrived), `completed` (all still in transit ' +
    'arrives), or `cancelled` (before completion; what is in transit goes back to the source). A move the ' +
    'state table lacks rejects with `BusinessRuleError`.',
  example: `await acs.inventory.transfers.updateStatus(transfer.id, { status: 'shipped', shipping: { method: 'van', trackingNumber: 'VAN-0042' } });
await acs.inventory.transfers.updateStatus(transfer.id, { status: 'partially_received', items: [{ itemId: chair.id, quantity: 3 }] });
await acs.inventory.transfers.updateStatus(transfer.id, { status: 'completed' });`,
  exampleCall: { params: { transferId: { fixture: 'requestedTransfer' } }, body: { status: 'shipped' } },
  params: TransferIdParams,
  body: StockTransferStatusParams,
  response: StockTransfer,
});
