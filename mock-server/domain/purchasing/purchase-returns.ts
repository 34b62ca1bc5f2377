import type { PurchaseReturnCreateParams } from '../../../src/contract/index.js';
import { notFound, ServiceError, validationError, type ValidationIssue } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { controlAccount, postLedgerEntry } from '../accounting/index.js';
import {
  changeCommitted,
  costOfSalesAccountOf,
  fromCents,
  inventoryAccountOf,
  layerShare,
  lotsOnHand,
  netCentsLines,
  quantity,
  recordStockMovements,
} from '../inventory/index.js';
import { checkDateOrder, checkNotAfterToday } from '../sales/index.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { isStockLine, receivingLocationId, retrievePurchaseOrder, withStatus } from './purchase-orders.js';
import {
  ORDER_RETURN_MOVES,
  PURCHASE_RETURN_NUMBER,
  purchaseReturnsTable,
  type PurchaseReturnLineRow,
  type PurchaseReturnRow,
} from './purchase-return-tables.js';
import { purchaseOrdersTable, type PurchaseOrderLineRow, type PurchaseOrderRow, type PurchaseReceiptRow } from './tables.js';

export function retrievePurchaseReturn(ctx: CompanyContext, purchaseReturnId: string): PurchaseReturnRow {
  const row = purchaseReturnsTable(ctx).get(purchaseReturnId);
  if (!row) throw notFound('purchase_return', purchaseReturnId, 'PURCHASE_RETURN_NOT_FOUND', 'purchaseReturnId');
  return row;
}

/** What one receipt's line still holds to return: its quantity and value less the posted returns drawn on it. */
function returnableOf(ctx: CompanyContext, order: PurchaseOrderRow, receipt: PurchaseReceiptRow, lineId: string) {
  const received = receipt.items.find((line) => line.lineId === lineId);
  if (!received) return { quantity: 0, valueCents: 0, received };
  const taken = purchaseReturnsTable(ctx)
    .byIndex('purchaseOrderId', order.id)
    .filter((row) => row.status === 'posted')
    .flatMap((row) => row.items)
    .filter((line) => line.receiptId === receipt.id && line.lineId === lineId);
  return {
    quantity: quantity(taken.reduce((left, line) => left - line.quantity, received.quantity)),
    valueCents: taken.reduce((left, line) => left - line.valueCents, received.valueCents),
    received,
  };
}

/** The receipts a return draws on: the one it names, else the order's, newest first. */
function receiptsOf(order: PurchaseOrderRow, receiptId: string | undefined): PurchaseReceiptRow[] {
  if (receiptId === undefined) return [...order.receipts].reverse();
  const receipt = order.receipts.find((r) => r.id === receiptId);
  if (!receipt)
    throw validationError([
      {
        field: 'receiptId',
        code: 'INVALID_CHOICE',
        message: `purchase order ${order.poNumber} has no receipt ${receiptId.slice(0, 100)}`,
        value: receiptId.slice(0, 100),
      },
    ]);
  return [receipt];
}

type ReturnPart = Omit<PurchaseReturnLineRow, 'grniCents' | 'billedQuantity'>;

/** Takes `wanted` units of an order line from the receipts, in order, each at its cost for what it has left (INV-33). */
function drawOn(
  ctx: CompanyContext,
  order: PurchaseOrderRow,
  receipts: readonly PurchaseReceiptRow[],
  line: PurchaseOrderLineRow,
  wanted: number,
) {
  const parts: ReturnPart[] = [];
  let left = wanted;
  for (const receipt of receipts) {
    if (left <= 0) break;
    const held = returnableOf(ctx, order, receipt, line.id);
    if (!held.received || held.quantity <= 0) continue;
    const take = Math.min(left, held.quantity);
    parts.push({
      lineId: line.id,
      receiptId: receipt.id,
      receiptNumber: receipt.receiptNumber,
      itemId: line.itemId!,
      description: line.description,
      quantity: take,
      valueCents: layerShare(held, take),
      lotNumber: held.received.lotNumber,
      expiryDate: held.received.expiryDate,
      locationId: receipt.locationId,
    });
    left = quantity(left - take);
  }
  return { parts, short: left };
}

const returnableTotal = (ctx: CompanyContext, order: PurchaseOrderRow, receipts: readonly PurchaseReceiptRow[], lineId: string) =>
  quantity(receipts.reduce((sum, receipt) => sum + Math.max(0, returnableOf(ctx, order, receipt, lineId).quantity), 0));

/** The return's parts: the lines the body names (each within what is left to return), else everything left. */
function returnParts(ctx: CompanyContext, order: PurchaseOrderRow, input: PurchaseReturnCreateParams): ReturnPart[] {
  const receipts = receiptsOf(order, input.receiptId);
  const stockLines = order.items.filter((line) => isStockLine(ctx, line));
  if (!input.items) {
    const parts = stockLines.flatMap((line) => drawOn(ctx, order, receipts, line, returnableTotal(ctx, order, receipts, line.id)).parts);
    if (parts.length === 0)
      throw validationError([
        { field: 'items', code: 'REQUIRED_FIELD', message: `nothing received on ${order.poNumber} is left to return` },
      ]);
    return parts;
  }
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const parts = input.items.flatMap((entry, index) => {
    const field = `items.${index}`;
    const line = order.items.find((l) => l.id === entry.lineId);
    const value = entry.lineId.slice(0, 100);
    if (!line) {
      issues.push({
        field: `${field}.lineId`,
        code: 'INVALID_CHOICE',
        message: `purchase order ${order.poNumber} has no line ${value}`,
        value,
      });
      return [];
    }
    if (!isStockLine(ctx, line)) {
      const message = `${line.description.slice(0, 100)} is not a stock item: only goods in stock go back`;
      issues.push({ field: `${field}.lineId`, code: 'INVALID_CHOICE', message, value });
      return [];
    }
    if (seen.has(line.id))
      issues.push({ field: `${field}.lineId`, code: 'DUPLICATE_VALUE', message: 'each order line is named once per return', value });
    seen.add(line.id);
    const drawn = drawOn(ctx, order, receipts, line, entry.quantity);
    if (drawn.short > 0) {
      const max = returnableTotal(ctx, order, receipts, line.id);
      const message = `only ${max} of ${line.description.slice(0, 100)} is received and not yet returned`;
      issues.push({ field: `${field}.quantity`, code: 'MAX_VALUE', message, value: entry.quantity, constraint: { max } });
    }
    return drawn.parts;
  });
  if (issues.length > 0) throw validationError(issues);
  return parts;
}

/** A receipt's lot goes back from that lot (INV-33): refused when the lot no longer holds the units. */
function checkLots(ctx: CompanyContext, parts: readonly ReturnPart[]): void {
  for (const part of parts) {
    if (!part.lotNumber) continue;
    const wanted = parts.filter((p) => p.lotNumber === part.lotNumber && p.itemId === part.itemId && p.locationId === part.locationId);
    const asked = quantity(wanted.reduce((sum, p) => sum + p.quantity, 0));
    const held = lotsOnHand(ctx, part.itemId, part.locationId).find((lot) => lot.lotNumber === part.lotNumber)?.quantity ?? 0;
    if (asked > held + 1e-9)
      throw new ServiceError('INSUFFICIENT_STOCK', `Not enough of lot ${part.lotNumber} at the location: ${held} held, ${asked} asked`, [
        { itemId: part.itemId, locationId: part.locationId, lotNumber: part.lotNumber, onHand: held, requested: asked },
      ]);
  }
}

/**
 * Goods received not invoiced for an order line's returned units (PUR-61): the units not billed yet take
 * their share of what the line holds (as a bill's matching does), the billed ones their receipt cost, which
 * leaves the line a debit a supplier credit note clears. Returns the lines with each part's share.
 */
function matchReturn(line: PurchaseOrderLineRow, parts: readonly ReturnPart[]): PurchaseReturnLineRow[] {
  const unbilled = Math.max(0, quantity(line.receivedQuantity - line.billedQuantity));
  let toUnbilled = Math.min(unbilled, quantity(parts.reduce((sum, p) => sum + p.quantity, 0)));
  let heldCents = line.receivedValueCents;
  let heldQuantity = unbilled;
  return parts.map((part) => {
    const fromUnbilled = Math.min(part.quantity, toUnbilled);
    const unbilledCents = fromUnbilled > 0 ? layerShare({ quantity: heldQuantity, valueCents: heldCents }, fromUnbilled) : 0;
    heldCents -= unbilledCents;
    heldQuantity = quantity(heldQuantity - fromUnbilled);
    toUnbilled = quantity(toUnbilled - fromUnbilled);
    const billedQuantity = quantity(part.quantity - fromUnbilled);
    const billedCents = billedQuantity > 0 ? part.valueCents - Math.round((part.valueCents * fromUnbilled) / part.quantity) : 0;
    return { ...part, grniCents: unbilledCents + billedCents, billedQuantity };
  });
}

/** The order's lines and status once goods went back: received net of returns, outstanding again unless cancelled. */
export function orderAfterReturn(
  ctx: ActingContext,
  order: PurchaseOrderRow,
  lines: readonly PurchaseReturnLineRow[],
  sign: 1 | -1,
  note: string,
) {
  const items = order.items.map((line) => {
    const mine = lines.filter((l) => l.lineId === line.id);
    if (mine.length === 0) return line;
    const count = quantity(mine.reduce((sum, l) => sum + l.quantity, 0));
    const cents = mine.reduce((sum, l) => sum + l.grniCents, 0);
    // What goes back is on order again, at the order's receiving location, until it is replaced or the rest cancelled.
    if (order.status !== 'cancelled') changeCommitted(ctx, line.itemId!, receivingLocationId(ctx, order), 'onOrder', sign * count);
    return {
      ...line,
      receivedQuantity: quantity(line.receivedQuantity - sign * count),
      receivedValueCents: line.receivedValueCents - sign * cents,
    };
  });
  const complete = items.every((line) => line.receivedQuantity >= line.quantity);
  const status = order.status === 'cancelled' ? 'cancelled' : complete ? 'received' : 'partially_received';
  return purchaseOrdersTable(ctx).update(order.id, {
    items,
    ...(status === order.status ? { updatedAt: ctx.clock.iso() } : withStatus(ctx, order, status, note)),
  });
}

/**
 * `POST /purchase-returns` (implied, PUR-62): goods received on an order go back to the supplier. Each
 * leaves stock at its receipt's cost from the receipt's lot (INV-33); one entry posts Dr goods received
 * not invoiced / Cr inventory, any difference between the two (rounding, or stock whose layers no longer
 * hold the receipt's cost) on the item's cost of sales (PUR-61). The order's received quantities fall.
 */
export function createPurchaseReturn(ctx: ActingContext, input: PurchaseReturnCreateParams): PurchaseReturnRow {
  return ctx.store.transaction(() => {
    const order = retrievePurchaseOrder(ctx, input.purchaseOrderId);
    ORDER_RETURN_MOVES.assert('return', order.status, { purchaseOrderId: order.id, poNumber: order.poNumber });
    const parts = returnParts(ctx, order, input);
    const date = input.date ?? companyToday(ctx);
    const latest = parts.reduce((max, p) => {
      const at = order.receipts.find((r) => r.id === p.receiptId)!.date;
      return at > max ? at : max;
    }, '');
    checkDateOrder('date', date, latest, 'receiptDate');
    checkNotAfterToday(ctx, 'date', date);
    checkLots(ctx, parts);
    const id = ctx.store.ids.next('prt');
    const returnNumber = nextDocumentNumber(ctx, PURCHASE_RETURN_NUMBER);
    const source = { type: 'purchase_return', id, number: returnNumber };
    const movements = recordStockMovements(
      ctx,
      parts.map((p, index) => ({
        date,
        itemId: p.itemId,
        locationId: p.locationId,
        quantity: -p.quantity,
        type: 'purchase_return' as const,
        source,
        valueCents: p.valueCents,
        lot: p.lotNumber ? { lotNumber: p.lotNumber, expiryDate: p.expiryDate } : null,
        notes: `${order.poNumber} to ${order.supplier.name}: ${input.reason.trim()}`.slice(0, 1000),
        field: `items.${index}.quantity`,
      })),
    );
    // What actually left stock (INV-33: the receipt's cost, unless the layers left cannot hold the difference).
    const left = parts.map((p, index) => ({ ...p, valueCents: -movements[index].valueCents }));
    const lines = order.items.flatMap((line) =>
      matchReturn(
        line,
        left.filter((p) => p.lineId === line.id),
      ),
    );
    const nets = new Map<string, number>();
    const add = (accountId: string, cents: number) => nets.set(accountId, (nets.get(accountId) ?? 0) + cents);
    const grni = controlAccount(ctx, 'goods_received_not_invoiced').id;
    for (const line of lines) {
      add(inventoryAccountOf(ctx, line.itemId), -line.valueCents);
      add(grni, line.grniCents);
      add(costOfSalesAccountOf(ctx, line.itemId), line.valueCents - line.grniCents);
    }
    const description = `Goods returned: ${order.poNumber} to ${order.supplier.name}`;
    const journal = netCentsLines(nets, description);
    // Goods received at no cost move no value: the return writes no entry, as such a receipt wrote none.
    const entry =
      journal.length > 0
        ? postLedgerEntry(ctx, { date, reference: returnNumber, description, source: { type: 'purchase_return', id }, lines: journal })
        : null;
    orderAfterReturn(ctx, order, lines, 1, `${returnNumber}: goods returned`);
    const now = ctx.clock.iso();
    return purchaseReturnsTable(ctx).insert({
      id,
      returnNumber,
      purchaseOrderId: order.id,
      poNumber: order.poNumber,
      receiptId: input.receiptId ?? null,
      supplierId: order.supplierId,
      supplier: { ...order.supplier },
      date,
      status: 'posted',
      reason: input.reason.trim(),
      items: lines,
      total: fromCents(lines.reduce((sum, l) => sum + l.valueCents, 0)),
      journalEntryId: entry?.id ?? null,
      notes: input.notes ?? null,
      voidDate: null,
      voidReason: null,
      createdBy: actorOf(ctx),
      createdAt: now,
      updatedAt: now,
    });
  });
}
