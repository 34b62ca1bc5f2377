import type { StockTransfer, StockTransferStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { notFound, validationError, type ValidationIssue } from '../../kernel/errors.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { fromCents, issue, quantity, receiptCents, unitCostOf } from './costing.js';
import { insufficientStock, stockedItem } from './movements.js';
import { locationRef, stockLocation } from './locations.js';
import { findStockBalance, ledgerValuationMethod, stockBalance } from './stock-balances.js';
import { itemsTable } from './tables.js';
import { stockTransfersTable, TRANSFER_NUMBER, type StockTransferLineRow, type StockTransferRow } from './transfer-table.js';

/** `POST /inventory/transfers` and `POST /stock-transfers` (spec document 2, "Stock"). */
export interface StockTransferInput {
  date?: string;
  fromLocationId: string;
  toLocationId: string;
  reference?: string | null;
  notes?: string | null;
  items: readonly { itemId: string; quantity: number; notes?: string | null }[];
  requestApproval?: boolean;
}

/** Filters of `GET /inventory/transfers` (the spec shows none; decision INV-27). */
export interface StockTransferFilters {
  status?: StockTransferStatus;
  fromLocationId?: string;
  toLocationId?: string;
  locationId?: string;
  itemId?: string;
  dateFrom?: string;
  dateTo?: string;
}

export function retrieveStockTransfer(ctx: CompanyContext, transferId: string): StockTransferRow {
  const transfer = stockTransfersTable(ctx).get(transferId);
  if (!transfer) throw notFound('stock_transfer', transferId, 'TRANSFER_NOT_FOUND', 'transferId');
  return transfer;
}

/**
 * Requests a transfer: both ends are active stock locations (not transit) and differ, each line a
 * tracked item named once, with no more than the source has on hand now (checked again on shipping).
 * Nothing moves yet; `requestApproval` makes it wait for an approval step.
 */
export function createStockTransfer(ctx: ActingContext, input: StockTransferInput): StockTransferRow {
  return ctx.store.transaction(() => {
    const from = stockLocation(ctx, input.fromLocationId, 'fromLocationId');
    const to = stockLocation(ctx, input.toLocationId, 'toLocationId');
    if (from.id === to.id) {
      throw validationError([
        { field: 'toLocationId', code: 'INVALID_CHOICE', message: 'a transfer moves stock between two different locations', value: to.id },
      ]);
    }
    const items = transferLines(ctx, from.id, input.items);
    const table = stockTransfersTable(ctx);
    const now = ctx.clock.iso();
    const actor = actorOf(ctx);
    const status: StockTransferStatus = input.requestApproval === true ? 'pending_approval' : 'requested';
    return table.insert({
      id: table.newId(),
      transferNumber: nextDocumentNumber(ctx, TRANSFER_NUMBER),
      date: input.date ?? companyToday(ctx),
      status,
      fromLocationId: from.id,
      toLocationId: to.id,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      items,
      shipping: { method: null, trackingNumber: null, shippedAt: null, estimatedDelivery: null, actualDelivery: null },
      approvals: [],
      statusHistory: [{ status, changedAt: now, changedBy: actor, notes: null }],
      createdBy: actor,
      createdAt: now,
      updatedAt: now,
    });
  });
}

function transferLines(ctx: ActingContext, fromLocationId: string, lines: StockTransferInput['items']): StockTransferLineRow[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const rows = lines.map((line, index): StockTransferLineRow => {
    const field = `items.${index}`;
    const item = stockedItem(ctx, line.itemId, `${field}.itemId`);
    const count = quantity(line.quantity);
    if (seen.has(item.id))
      issues.push({
        field: `${field}.itemId`,
        code: 'DUPLICATE_VALUE',
        message: `${item.itemCode} is named twice; one line per item`,
        value: item.id,
      });
    else if (!(count > 0))
      issues.push({
        field: `${field}.quantity`,
        code: 'MIN_VALUE',
        message: 'quantity must be above zero',
        value: line.quantity,
        constraint: { min: 0, inclusive: false },
      });
    seen.add(item.id);
    const balance = stockBalance(ctx, item.id, fromLocationId);
    if (count > balance.onHand) throw insufficientStock(item, balance, count, `${field}.quantity`);
    return {
      id: ctx.store.ids.next('ln'),
      itemId: item.id,
      itemCode: item.itemCode,
      itemName: item.name,
      quantityRequested: count,
      quantityShipped: 0,
      quantityReceived: 0,
      shippedValueCents: 0,
      receivedValueCents: 0,
      notes: line.notes ?? null,
    };
  });
  if (issues.length > 0) throw validationError(issues);
  return rows;
}

/** The plain filters of the list; `locationId` matches either end, `itemId` any line. */
export function stockTransferMatches(filters: StockTransferFilters): (row: StockTransferRow) => boolean {
  return (row) =>
    (filters.status === undefined || row.status === filters.status) &&
    (filters.fromLocationId === undefined || row.fromLocationId === filters.fromLocationId) &&
    (filters.toLocationId === undefined || row.toLocationId === filters.toLocationId) &&
    (filters.locationId === undefined || row.fromLocationId === filters.locationId || row.toLocationId === filters.locationId) &&
    (filters.itemId === undefined || row.items.some((line) => line.itemId === filters.itemId)) &&
    (filters.dateFrom === undefined || row.date >= filters.dateFrom) &&
    (filters.dateTo === undefined || row.date <= filters.dateTo);
}

/**
 * A line's cost in cents: from shipping on, what left the source; before that, what shipping now
 * would take from the source's cost layers by the company's method (the item's cost price when the
 * source holds less than requested); nothing for a transfer cancelled before it shipped.
 */
function lineCostCents(ctx: CompanyContext, transfer: StockTransferRow, line: StockTransferLineRow): { cents: number; count: number } {
  if (transfer.shipping.shippedAt !== null) return { cents: line.shippedValueCents, count: line.quantityShipped };
  if (transfer.status === 'cancelled') return { cents: 0, count: 0 };
  const layers = findStockBalance(ctx, line.itemId, transfer.fromLocationId)?.layers ?? [];
  const taken = issue(layers, ledgerValuationMethod(ctx), line.quantityRequested);
  const cents = taken?.valueCents ?? receiptCents(line.quantityRequested, itemsTable(ctx).get(line.itemId)?.pricing.costPrice ?? 0);
  return { cents, count: line.quantityRequested };
}

/** A transfer as the API shows it (spec document 2, "Stock transfer"). */
export function presentStockTransfer(ctx: CompanyContext, row: StockTransferRow): StockTransfer {
  let totalCents = 0;
  const items = row.items.map((line) => {
    const cost = lineCostCents(ctx, row, line);
    totalCents += cost.cents;
    return {
      id: line.id,
      itemId: line.itemId,
      itemCode: line.itemCode,
      itemName: line.itemName,
      quantityRequested: line.quantityRequested,
      quantityShipped: line.quantityShipped,
      quantityReceived: line.quantityReceived,
      unitCost: unitCostOf(cost.cents, cost.count),
      totalCost: fromCents(cost.cents),
      notes: line.notes,
    };
  });
  return {
    id: row.id,
    transferNumber: row.transferNumber,
    date: row.date,
    status: row.status,
    fromLocationId: row.fromLocationId,
    fromLocation: locationRef(ctx, row.fromLocationId),
    toLocationId: row.toLocationId,
    toLocation: locationRef(ctx, row.toLocationId),
    reference: row.reference,
    notes: row.notes,
    items,
    shipping: { ...row.shipping },
    totalValue: fromCents(totalCents),
    approvals: row.approvals.map((step) => ({ ...step })),
    statusHistory: row.statusHistory.map((entry) => ({ ...entry })),
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
