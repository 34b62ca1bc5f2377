import type { PurchaseOrder, PurchaseOrderCreateParams, PurchaseOrderStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import {
  checkDateOrder,
  documentCurrency,
  documentTotals,
  priceLines,
  recordDocumentMessage,
  type SendInput,
  type SendOptions,
  type StoredDocumentLine,
} from '../sales/index.js';
import type { PricedPurchaseLine } from './bill-tables.js';
import { changeCommitted, defaultLocation, fromCents, itemsTable, stockLocation } from '../inventory/index.js';
import { businessRule, notFound } from '../../kernel/errors.js';
import { dateRange, numberRange } from '../shared/list-ranges.js';
import * as money from '../shared/money.js';
import { PURCHASE_ORDER_MOVES } from './purchase-order-status.js';
import { supplierForPurchase, supplierRef } from './suppliers.js';
import { requestApprovals } from './approvals.js';
import { PO_NUMBER, purchaseOrdersTable, type PurchaseOrderLineRow, type PurchaseOrderRow } from './tables.js';

export function retrievePurchaseOrder(ctx: CompanyContext, purchaseOrderId: string): PurchaseOrderRow {
  const order = purchaseOrdersTable(ctx).get(purchaseOrderId);
  if (!order) throw notFound('purchase_order', purchaseOrderId, 'PURCHASE_ORDER_NOT_FOUND', 'purchaseOrderId');
  return order;
}

/** The fields a purchase document keeps of a line priced by `priceLines` (orders and bills). */
export const purchaseLineFields = (line: StoredDocumentLine): PricedPurchaseLine => ({
  id: line.id,
  itemId: line.itemId,
  itemCode: line.itemCode,
  description: line.description,
  quantity: line.quantity,
  unitPrice: line.unitPrice,
  lineTotal: line.lineTotal,
  taxCode: line.taxCode,
  taxRate: line.taxRate,
  taxAmount: line.taxAmount,
});

/** Prices order lines as a purchase (the item's cost price and purchase tax code), through the one line pricer. */
export function pricePurchaseOrderLines(
  ctx: CompanyContext,
  items: PurchaseOrderCreateParams['items'],
  field = 'items',
): PurchaseOrderLineRow[] {
  const priced = priceLines(ctx, items, field, 'purchase');
  return priced.map((line, index) => ({
    ...purchaseLineFields(line),
    receivedQuantity: 0,
    receivedValueCents: 0,
    billedQuantity: 0,
    expectedDate: items[index].expectedDate ?? null,
    notes: items[index].notes ?? null,
  }));
}

/** A required date and each line's expected date fall on or after the order date (DATE_CONSTRAINT otherwise). */
export function checkOrderDates(
  orderDate: string,
  requiredDate: string | null,
  lines: readonly Pick<PurchaseOrderLineRow, 'expectedDate'>[],
): void {
  checkDateOrder('requiredDate', requiredDate, orderDate, 'orderDate');
  for (const [index, line] of lines.entries()) checkDateOrder(`items.${index}.expectedDate`, line.expectedDate, orderDate, 'orderDate');
}

/** The order's amounts (spec document 2, "Purchase order"): lines carry no discount, so `discountTotal` is 0. */
export function purchaseOrderTotals(lines: readonly PurchaseOrderLineRow[], exchangeRate: number) {
  const totals = documentTotals(
    lines.map((l) => ({ lineTotal: l.lineTotal, discountAmount: 0, taxAmount: l.taxAmount })),
    0,
    exchangeRate,
  );
  return { subtotal: totals.subtotal, taxTotal: totals.totalTax, discountTotal: 0, total: totals.total };
}

/**
 * Creates a draft order. The supplier must be active; the currency defaults to the supplier's. With
 * `requiresApproval` the order waits for an approver before it can be sent (PUR-28).
 */
export function createPurchaseOrder(
  ctx: ActingContext,
  input: PurchaseOrderCreateParams,
  links: { requisitionId?: string | null; rfqId?: string | null } = {},
): PurchaseOrderRow {
  return ctx.store.transaction(() => {
    const supplier = supplierForPurchase(ctx, input.supplierId);
    const { currency, exchangeRate } = documentCurrency(ctx, supplier, input);
    const locationId = input.locationId ? stockLocation(ctx, input.locationId).id : null;
    const items = pricePurchaseOrderLines(ctx, input.items);
    const orderDate = input.orderDate ?? companyToday(ctx);
    checkOrderDates(orderDate, input.requiredDate ?? null, items);
    const table = purchaseOrdersTable(ctx);
    const now = ctx.clock.iso();
    const actor = actorOf(ctx);
    const status: PurchaseOrderStatus = 'draft';
    const required = input.requiresApproval === true;
    // `requiresApproval`, or an approval rule that applies, makes the draft wait for its approvers (PUR-27, PUR-28).
    const order = table.insert({
      id: table.newId(),
      poNumber: nextDocumentNumber(ctx, PO_NUMBER),
      supplierId: supplier.id,
      supplier: supplierRef(supplier),
      orderDate,
      requiredDate: input.requiredDate ?? null,
      status,
      currency,
      exchangeRate,
      reference: input.reference ?? null,
      locationId,
      ...purchaseOrderTotals(items, exchangeRate),
      items,
      deliveryAddress: input.deliveryAddress ? ({ ...input.deliveryAddress } as Record<string, string | null>) : null,
      terms: input.terms ?? null,
      notes: input.notes ?? null,
      requisitionId: links.requisitionId ?? null,
      rfqId: links.rfqId ?? null,
      approval: { required, status: required ? 'pending' : 'not_required' },
      receipts: [],
      billIds: [],
      statusHistory: [{ status, changedAt: now, changedBy: actor, notes: null }],
      createdBy: actor,
      approvedBy: null,
      approvedAt: null,
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    });
    return requestApprovals(ctx, order);
  });
}

/** Where the order's goods arrive when a receipt names no location. */
/** When a line is due: its `expectedDate`, else the order's `requiredDate`; null when neither is set (PUR-25). */
export const lineDueDate = (
  order: Pick<PurchaseOrderRow, 'requiredDate'>,
  line: Pick<PurchaseOrderLineRow, 'expectedDate'>,
): string | null => line.expectedDate ?? order.requiredDate;

export const receivingLocationId = (ctx: CompanyContext, order: PurchaseOrderRow): string => order.locationId ?? defaultLocation(ctx).id;

/** Whether a line's item is one whose stock is tracked: only those go on order and into stock. */
export function isStockLine(ctx: CompanyContext, line: Pick<PurchaseOrderLineRow, 'itemId'>): boolean {
  const item = line.itemId ? itemsTable(ctx).get(line.itemId) : undefined;
  return item !== undefined && item.type === 'inventory' && item.inventory.tracked;
}

/**
 * Puts what is still to arrive on order (`sign` 1: the order was sent) or takes it off (-1: cancelled),
 * so the stock records' `onOrderStock` reflects open orders (PUR-8).
 */
export function commitOnOrder(ctx: CompanyContext, order: PurchaseOrderRow, sign: 1 | -1): void {
  const locationId = receivingLocationId(ctx, order);
  for (const line of order.items) {
    const outstanding = line.quantity - line.receivedQuantity;
    if (outstanding > 0 && isStockLine(ctx, line)) changeCommitted(ctx, line.itemId!, locationId, 'onOrder', sign * outstanding);
  }
}

/** Counts a change of status in the history; the caller writes the row. */
export function withStatus(
  ctx: ActingContext,
  order: PurchaseOrderRow,
  status: PurchaseOrderStatus,
  notes: string | null = null,
): Pick<PurchaseOrderRow, 'status' | 'statusHistory' | 'updatedAt'> {
  const now = ctx.clock.iso();
  return { status, statusHistory: [...order.statusHistory, { status, changedAt: now, changedBy: actorOf(ctx), notes }], updatedAt: now };
}

export function presentPurchaseOrder(row: PurchaseOrderRow): PurchaseOrder {
  return {
    ...row,
    supplier: { ...row.supplier },
    items: row.items.map(({ receivedValueCents: _value, ...line }) => ({ ...line })),
    deliveryAddress: row.deliveryAddress ? { ...row.deliveryAddress } : null,
    approval: { ...row.approval },
    receipts: row.receipts.map((receipt) => ({
      ...receipt,
      items: receipt.items.map(({ valueCents, ...line }) => ({ ...line, value: fromCents(valueCents) })),
    })),
    billIds: [...row.billIds],
    statusHistory: row.statusHistory.map((entry) => ({ ...entry })),
  };
}

/**
 * The list's plain filters (spec document 2: `status`, `supplierId`, `fromDate`, `toDate`, `totalMin`,
 * `totalMax`); both ranges inclusive, and a range that cannot match (`totalMax` below `totalMin`) is a 422.
 */
export function purchaseOrderMatches(filters: {
  status?: PurchaseOrderStatus;
  supplierId?: string;
  fromDate?: string;
  toDate?: string;
  totalMin?: number;
  totalMax?: number;
}): (row: PurchaseOrderRow) => boolean {
  const dated = dateRange('fromDate', filters.fromDate, 'toDate', filters.toDate);
  const totalled = numberRange('totalMin', filters.totalMin, 'totalMax', filters.totalMax);
  return (row) =>
    // Given is given, even empty: the list's declared index reads `supplierId=` so too.
    (filters.status === undefined || row.status === filters.status) &&
    (filters.supplierId === undefined || row.supplierId === filters.supplierId) &&
    dated(row.orderDate) &&
    totalled(row.total);
}

/**
 * Sends a draft to the supplier: an order that waits for approval cannot go (PUR-13); what it
 * orders goes on order at its receiving location. The message goes to the outbox, `to` by default the
 * supplier's email; with no recipient the order is only marked as sent, as invoices are (SALES-31).
 */
export function sendPurchaseOrder(
  ctx: ActingContext,
  purchaseOrderId: string,
  input: SendInput = {},
  options: SendOptions = {},
): PurchaseOrderRow {
  return ctx.store.transaction(() => {
    const order = retrievePurchaseOrder(ctx, purchaseOrderId);
    PURCHASE_ORDER_MOVES.assert('send', order.status, { purchaseOrderId: order.id, poNumber: order.poNumber });
    if (order.approval.status === 'pending' || order.approval.status === 'rejected') {
      throw businessRule(`purchase order ${order.poNumber} needs an approval before it is sent; its approval is ${order.approval.status}`, {
        purchaseOrderId: order.id,
        approvalStatus: order.approval.status,
      });
    }
    commitOnOrder(ctx, order, 1);
    const sent = purchaseOrdersTable(ctx).update(order.id, { sentAt: ctx.clock.iso(), ...withStatus(ctx, order, 'sent') });
    if (options.recordMessage === false) return sent;
    const due = sent.requiredDate ? `, required by ${sent.requiredDate}` : '';
    recordDocumentMessage(
      ctx,
      { kind: 'purchase_order', id: sent.id, number: sent.poNumber, customerEmail: sent.supplier.email, party: 'supplier' },
      input,
      {
        subject: `Purchase order ${sent.poNumber}`,
        message: `Dear ${sent.supplier.name}, please find our purchase order ${sent.poNumber} for ${sent.currency} ${money.toFixed(sent.total)}${due}.`,
      },
    );
    return sent;
  });
}
