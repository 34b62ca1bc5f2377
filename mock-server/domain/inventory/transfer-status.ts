import { validationError, type ValidationIssue } from '../../kernel/errors.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import { layerShare, quantity } from './costing.js';
import { recordStockMovements, type MovementSource, type StockMovementRow } from './movements.js';
import { postRevaluation } from './stock-postings.js';
import { stockLocation, transitLocation } from './locations.js';
import {
  stockTransfersTable,
  TRANSFER_MOVES,
  type StockTransferLineRow,
  type StockTransferRow,
  type TransferAction,
} from './transfer-table.js';
import { retrieveStockTransfer } from './transfers.js';

/** `PATCH /inventory/transfers/{id}/status` (spec document 2, "Stock"; the receipt lines are ours). */
export interface TransferStatusInput {
  status: TransferAction;
  notes?: string;
  shipping?: { method?: string; trackingNumber?: string; estimatedDelivery?: string };
  /** What a shipment sends or a partial receipt takes in, by item. */
  items?: readonly { itemId: string; quantity: number }[];
}

type StepChanges = Pick<StockTransferRow, 'status'> & Partial<Pick<StockTransferRow, 'items' | 'approvals' | 'shipping'>>;

/**
 * Moves a transfer along `TRANSFER_MOVES`, with its stock: shipping takes the goods out of the source
 * into the company's transit location, a receipt takes them from transit into the destination, a
 * cancellation after shipping takes what is still in transit back to the source. The cost moves with
 * the goods, so no journal entry is written: both ends are the item's one inventory account, where
 * `postStockValue` would net every amount to nothing (INV-27: a transfer writes no profit); only goods
 * arriving where stock is below zero write one, the revaluation of the shortfall they cover.
 */
export function changeStockTransferStatus(ctx: ActingContext, transferId: string, input: TransferStatusInput): StockTransferRow {
  return ctx.store.transaction(() => {
    const transfer = retrieveStockTransfer(ctx, transferId);
    TRANSFER_MOVES.assert(input.status, transfer.status, {
      transferId: transfer.id,
      transferNumber: transfer.transferNumber,
      requestedStatus: input.status,
    });
    checkItemsAllowed(input);
    const changes = STEPS[input.status](ctx, transfer, input);
    const now = ctx.clock.iso();
    const shipping = changes.shipping ?? transfer.shipping;
    return stockTransfersTable(ctx).update(transfer.id, {
      ...changes,
      shipping: {
        ...shipping,
        method: input.shipping?.method ?? shipping.method,
        trackingNumber: input.shipping?.trackingNumber ?? shipping.trackingNumber,
        estimatedDelivery: input.shipping?.estimatedDelivery ?? shipping.estimatedDelivery,
      },
      statusHistory: [
        ...transfer.statusHistory,
        { status: changes.status, changedAt: now, changedBy: actorOf(ctx), notes: input.notes ?? null },
      ],
      updatedAt: now,
    });
  });
}

/** `items` says what a shipment or a partial receipt moves; a partial receipt must say it. */
function checkItemsAllowed(input: TransferStatusInput): void {
  if (input.status === 'partially_received' && !input.items) {
    throw validationError([
      { field: 'items', code: 'REQUIRED_FIELD', message: 'a partial receipt names the items that arrived and their quantities' },
    ]);
  }
  if (input.items && input.status !== 'shipped' && input.status !== 'partially_received') {
    throw validationError([
      {
        field: 'items',
        code: 'INVALID_CHOICE',
        message: `items name what a shipment or a partial receipt moves; ${input.status} takes none`,
        constraint: ['shipped', 'partially_received'],
      },
    ]);
  }
}

const STEPS: Record<TransferAction, (ctx: ActingContext, transfer: StockTransferRow, input: TransferStatusInput) => StepChanges> = {
  approved: (ctx, transfer, input) => ({
    status: 'approved',
    approvals: [
      ...transfer.approvals,
      { step: transfer.approvals.length + 1, approvedBy: actorOf(ctx), approvedAt: ctx.clock.iso(), notes: input.notes ?? null },
    ],
  }),
  shipped: ship,
  partially_received: (ctx, transfer, input) => receive(ctx, transfer, input.items),
  completed: (ctx, transfer) => receive(ctx, transfer, undefined),
  cancelled: (ctx, transfer) => {
    if (transfer.shipping.shippedAt !== null) bringBack(ctx, transfer);
    return { status: 'cancelled' };
  },
};

const sourceOf = (transfer: StockTransferRow): MovementSource => ({
  type: 'stock_transfer',
  id: transfer.id,
  number: transfer.transferNumber,
});
const inTransit = (line: StockTransferLineRow): number => quantity(line.quantityShipped - line.quantityReceived);

/** Shipping: each line's quantity leaves the source at its cost by the company's method and enters transit carrying that value. */
function ship(ctx: ActingContext, transfer: StockTransferRow, input: TransferStatusInput): StepChanges {
  stockLocation(ctx, transfer.fromLocationId, 'fromLocationId');
  const transit = transitLocation(ctx);
  const quantities = stepQuantities(transfer, input.items, (line) => line.quantityRequested, 'requested');
  const items = transfer.items.map((line, index) => {
    const count = quantities.get(line.id) ?? 0;
    if (count === 0) return { ...line };
    return {
      ...line,
      quantityShipped: count,
      shippedValueCents: carry(ctx, transfer, index, count, transfer.fromLocationId, transit.id).cents,
    };
  });
  return { status: 'shipped', items, shipping: { ...transfer.shipping, shippedAt: ctx.clock.iso() } };
}

/**
 * A receipt: each line's quantity leaves transit with its share of the value its transfer shipped
 * (pro rata, the last unit taking what is left, as costing's `issue` splits a layer) and enters the
 * destination at that value. Two transfers of one item in transit at once each keep their own cost.
 * The transfer is `completed` once nothing of it is in transit.
 */
function receive(ctx: ActingContext, transfer: StockTransferRow, requested: TransferStatusInput['items']): StepChanges {
  stockLocation(ctx, transfer.toLocationId, 'toLocationId');
  const quantities = stepQuantities(transfer, requested, inTransit, 'in transit');
  const moved = moveOutOfTransit(ctx, transfer, quantities, transfer.toLocationId);
  const items = transfer.items.map((line) => {
    const count = quantities.get(line.id) ?? 0;
    const cents = moved.get(line.id) ?? 0;
    return { ...line, quantityReceived: quantity(line.quantityReceived + count), receivedValueCents: line.receivedValueCents + cents };
  });
  const done = items.every((line) => inTransit(line) === 0);
  return {
    status: done ? 'completed' : 'partially_received',
    items,
    shipping: { ...transfer.shipping, actualDelivery: done ? companyToday(ctx) : null },
  };
}

/**
 * A cancellation after shipping: what is still in transit goes back to the source at the cost it
 * carries; the lines keep what was shipped and received, the difference being back at the source.
 */
function bringBack(ctx: ActingContext, transfer: StockTransferRow): void {
  moveOutOfTransit(ctx, transfer, new Map(transfer.items.map((line) => [line.id, inTransit(line)])), transfer.fromLocationId);
}

/** Takes each line's quantity out of transit into `locationId` at the value it carries; the cents moved, by line id. */
function moveOutOfTransit(
  ctx: ActingContext,
  transfer: StockTransferRow,
  quantities: Map<string, number>,
  locationId: string,
): Map<string, number> {
  const transit = transitLocation(ctx);
  const moved = new Map<string, number>();
  const arrivals: StockMovementRow[] = [];
  transfer.items.forEach((line, index) => {
    const count = quantities.get(line.id) ?? 0;
    if (count === 0) return;
    const share = layerShare({ quantity: inTransit(line), valueCents: line.shippedValueCents - line.receivedValueCents }, count);
    const { cents, arrived } = carry(ctx, transfer, index, count, transit.id, locationId, share);
    moved.set(line.id, cents);
    arrivals.push(arrived);
  });
  postRevaluation(ctx, {
    date: companyToday(ctx),
    reference: transfer.transferNumber,
    description: `Stock transfer ${transfer.transferNumber}: shortfall revalued on arrival`,
    source: { type: 'stock_transfer', id: transfer.id },
    movements: arrivals,
  });
  return moved;
}

/**
 * Moves `count` of a line's item between two locations: a `transfer_out` at `valueCents` (by the
 * company's method when not given) and a `transfer_in` carrying what went out. The cents carried and the arrival.
 */
function carry(
  ctx: ActingContext,
  transfer: StockTransferRow,
  index: number,
  count: number,
  fromId: string,
  toId: string,
  valueCents?: number,
): { cents: number; arrived: StockMovementRow } {
  const move = {
    date: companyToday(ctx),
    itemId: transfer.items[index].itemId,
    source: sourceOf(transfer),
    field: `items.${index}.quantity`,
  };
  const [out] = recordStockMovements(ctx, [{ ...move, locationId: fromId, quantity: -count, type: 'transfer_out', valueCents }]);
  const [arrived] = recordStockMovements(ctx, [
    { ...move, locationId: toId, quantity: count, type: 'transfer_in', valueCents: -out.valueCents },
  ]);
  return { cents: -out.valueCents, arrived };
}

/**
 * The quantity a step moves per line id: every line's `limit` when `items` is not given, else the
 * items named (by item id, at most the line's `limit`; lines not named move nothing).
 */
function stepQuantities(
  transfer: StockTransferRow,
  items: TransferStatusInput['items'],
  limit: (line: StockTransferLineRow) => number,
  what: string,
): Map<string, number> {
  if (!items) return new Map(transfer.items.map((line) => [line.id, limit(line)]));
  const issues: ValidationIssue[] = [];
  const out = new Map<string, number>();
  items.forEach(({ itemId, quantity: asked }, index) => {
    const line = transfer.items.find((l) => l.itemId === itemId);
    const field = `items.${index}`;
    const count = quantity(asked);
    if (!line) {
      const choices = transfer.items.map((l) => l.itemId);
      issues.push({
        field: `${field}.itemId`,
        code: 'INVALID_CHOICE',
        message: `${transfer.transferNumber} has no line for item ${itemId}`,
        value: itemId,
        constraint: choices,
      });
    } else if (out.has(line.id)) {
      issues.push({ field: `${field}.itemId`, code: 'DUPLICATE_VALUE', message: `${line.itemCode} is named twice`, value: itemId });
    } else if (!(count > 0)) {
      issues.push({
        field: `${field}.quantity`,
        code: 'MIN_VALUE',
        message: 'quantity must be above zero',
        value: asked,
        constraint: { min: 0, inclusive: false },
      });
    } else if (count > limit(line)) {
      const max = limit(line);
      issues.push({
        field: `${field}.quantity`,
        code: 'MAX_VALUE',
        message: `only ${max} of ${line.itemCode} is ${what} on ${transfer.transferNumber}`,
        value: asked,
        constraint: { max },
      });
    } else out.set(line.id, count);
  });
  if (issues.length > 0) throw validationError(issues);
  return out;
}
