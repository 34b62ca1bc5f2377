import type { PurchaseOrderReceiveParams } from '../../../src/contract/index.js';
import { validationError, type ValidationIssue } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { checkDateOrder, checkNotAfterToday } from '../sales/index.js';
import { controlAccount } from '../accounting/index.js';
import {
  changeCommitted,
  postStockValue,
  quantity,
  recordStockMovements,
  stockLocation,
  toCents,
  type NewStockMovement,
} from '../inventory/index.js';
import * as money from '../shared/money.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { PURCHASE_ORDER_MOVES } from './purchase-order-status.js';
import { landedUnitPrice } from './purchase-tax.js';
import { isStockLine, receivingLocationId, retrievePurchaseOrder, withStatus } from './purchase-orders.js';
import {
  purchaseOrdersTable,
  RECEIPT_NUMBER,
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
  type PurchaseReceiptLineRow,
} from './tables.js';

const outstandingOf = (line: PurchaseOrderLineRow): number => quantity(line.quantity - line.receivedQuantity);

/** The receipt's lines: the body's, each within what is still outstanding on its order line; without a body, everything outstanding. */
function receiptLines(
  ctx: CompanyContext,
  order: PurchaseOrderRow,
  input: PurchaseOrderReceiveParams,
): { line: PurchaseOrderLineRow; quantity: number; lotNumber: string | null; expiryDate: string | null }[] {
  if (!input.items) {
    return order.items
      .filter((line) => outstandingOf(line) > 0)
      .map((line) => ({ line, quantity: outstandingOf(line), lotNumber: null, expiryDate: null }));
  }
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const lines = input.items.flatMap((entry, index) => {
    const line = order.items.find((l) => l.id === entry.lineId);
    const field = `items.${index}`;
    if (!line) {
      issues.push({
        field: `${field}.lineId`,
        code: 'INVALID_CHOICE',
        message: `purchase order ${order.poNumber} has no line ${entry.lineId.slice(0, 100)}`,
        value: entry.lineId.slice(0, 100),
      });
      return [];
    }
    if (seen.has(line.id))
      issues.push({
        field: `${field}.lineId`,
        code: 'DUPLICATE_VALUE',
        message: 'each order line is named once per receipt',
        value: line.id,
      });
    seen.add(line.id);
    const left = outstandingOf(line);
    // Over-receipt is refused (decision PUR-9): the buyer raises the order first.
    if (entry.quantity > left) {
      issues.push({
        field: `${field}.quantity`,
        code: 'MAX_VALUE',
        message: `only ${left} of ${line.description} is still to be received`,
        value: entry.quantity,
        constraint: { max: left },
      });
    }
    if (entry.expiryDate && !entry.lotNumber)
      issues.push({ field: `${field}.lotNumber`, code: 'REQUIRED_FIELD', message: 'an expiry date belongs to a lot: give lotNumber' });
    if (entry.lotNumber && !isStockLine(ctx, line)) {
      issues.push({
        field: `${field}.lotNumber`,
        code: 'INVALID_CHOICE',
        message: `${line.description.slice(0, 100)} is not a stock item: it arrives without a lot`,
        value: entry.lotNumber,
      });
    }
    return [{ line, quantity: entry.quantity, lotNumber: entry.lotNumber ?? null, expiryDate: entry.expiryDate ?? null }];
  });
  if (issues.length > 0) throw validationError(issues);
  return lines;
}

/** The order's lines with what this receipt brings added to what each had received. */
function addReceived(order: PurchaseOrderRow, received: readonly PurchaseReceiptLineRow[]): PurchaseOrderRow['items'] {
  return order.items.map((line) => {
    const taken = received.filter((r) => r.lineId === line.id);
    if (taken.length === 0) return line;
    return {
      ...line,
      receivedQuantity: quantity(line.receivedQuantity + taken.reduce((sum, r) => sum + r.quantity, 0)),
      receivedValueCents: line.receivedValueCents + taken.reduce((sum, r) => sum + r.valueCents, 0),
    };
  });
}

/**
 * Receives goods against an order (PUR-9): stock lines go into stock through the movement log
 * at the order's unit price in the company's currency (with its tax where that is not recoverable, PUR-55), and one entry posts Dr inventory / Cr goods
 * received not invoiced; non-stock lines are counted as received without stock. The order moves to
 * `partially_received` or `received`; what arrived leaves `onOrderStock`.
 */
export function receivePurchaseOrder(ctx: ActingContext, purchaseOrderId: string, input: PurchaseOrderReceiveParams): PurchaseOrderRow {
  return ctx.store.transaction(() => {
    const order = retrievePurchaseOrder(ctx, purchaseOrderId);
    PURCHASE_ORDER_MOVES.assert('receive', order.status, { purchaseOrderId: order.id, poNumber: order.poNumber });
    const lines = receiptLines(ctx, order, input);
    const date = input.date ?? companyToday(ctx);
    // Goods arrive after they were ordered and not in the future (decision PUR-12).
    checkDateOrder('date', date, order.orderDate, 'orderDate');
    checkNotAfterToday(ctx, 'date', date);
    const locationId = input.locationId ? stockLocation(ctx, input.locationId).id : receivingLocationId(ctx, order);
    const receiptId = ctx.store.ids.next('grn');
    const receiptNumber = nextDocumentNumber(ctx, RECEIPT_NUMBER);
    const source = { type: 'purchase_receipt', id: receiptId, number: receiptNumber };

    // Only tracked stock lines go into stock and onto goods received not invoiced; the rest are counted as received.
    const stockLines = new Set(lines.filter(({ line }) => isStockLine(ctx, line)).map(({ line }) => line.id));
    const received: PurchaseReceiptLineRow[] = lines.map(({ line, quantity: count, lotNumber, expiryDate }) => ({
      lineId: line.id,
      itemId: line.itemId,
      quantity: count,
      unitPrice: line.unitPrice,
      valueCents: stockLines.has(line.id) ? toCents(money.round(landedUnitPrice(ctx, line).times(count).times(order.exchangeRate))) : 0,
      lotNumber,
      expiryDate,
    }));
    const moves: NewStockMovement[] = received
      .filter((r) => stockLines.has(r.lineId))
      .map((r) => ({
        date,
        itemId: r.itemId!,
        locationId,
        quantity: r.quantity,
        type: 'purchase_receipt',
        source,
        valueCents: r.valueCents,
        lot: r.lotNumber ? { lotNumber: r.lotNumber, expiryDate: r.expiryDate } : null,
        notes: `${order.poNumber} from ${order.supplier.name}`,
      }));

    // What arrives leaves "on order" at the order's receiving location, where sending put it.
    const orderedAt = receivingLocationId(ctx, order);
    for (const move of moves) changeCommitted(ctx, move.itemId, orderedAt, 'onOrder', -move.quantity);
    const movements = recordStockMovements(ctx, moves);
    const grni = moves.length > 0 ? controlAccount(ctx, 'goods_received_not_invoiced').id : null;
    const entry = postStockValue(ctx, {
      date,
      reference: receiptNumber,
      description: `Goods received: ${order.poNumber} from ${order.supplier.name}`,
      source: { type: 'purchase_receipt', id: receiptId },
      movements,
      counterAccountId: () => grni!,
    });

    const items = addReceived(order, received);
    const complete = items.every((line) => line.receivedQuantity >= line.quantity);
    return purchaseOrdersTable(ctx).update(order.id, {
      items,
      receipts: [
        ...order.receipts,
        {
          id: receiptId,
          receiptNumber,
          date,
          locationId,
          items: received,
          journalEntryId: entry?.id ?? null,
          notes: input.notes ?? null,
          receivedBy: actorOf(ctx),
          receivedAt: ctx.clock.iso(),
        },
      ],
      ...withStatus(ctx, order, complete ? 'received' : 'partially_received'),
    });
  });
}
