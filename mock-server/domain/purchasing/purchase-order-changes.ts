import type { PurchaseOrderCancelParams, PurchaseOrderConfirmParams, PurchaseOrderUpdateParams } from '../../../src/contract/index.js';
import { businessRule, validationError, type ValidationIssue } from '../../kernel/errors.js';
import { stockLocation } from '../inventory/index.js';
import { documentCurrency } from '../sales/index.js';
import type { ActingContext } from '../shared/actor.js';
import { cancelOpenApprovals, requestApprovals } from './approvals.js';
import { PURCHASE_ORDER_MOVES } from './purchase-order-status.js';
import {
  checkOrderDates,
  commitOnOrder,
  pricePurchaseOrderLines,
  purchaseOrderTotals,
  retrievePurchaseOrder,
  withStatus,
} from './purchase-orders.js';
import { retrieveSupplier, supplierForPurchase, supplierRef } from './suppliers.js';
import { purchaseOrdersTable, type PurchaseOrderRow } from './tables.js';

/** What an approver approved: once approved, a draft keeps its supplier, currency and lines (decision PUR-11). */
const APPROVED_TERMS = ['supplierId', 'currency', 'exchangeRate', 'items'] as const;

/**
 * `PUT /purchase-orders/{id}` (implied): a draft takes any field of create. `items` replaces every line,
 * priced again as on create; a new supplier must be active and brings its own currency unless `currency`
 * is given. The required date and each line's expected date stay on or after the order date.
 */
export function updatePurchaseOrder(ctx: ActingContext, purchaseOrderId: string, changes: PurchaseOrderUpdateParams): PurchaseOrderRow {
  return ctx.store.transaction(() => {
    const order = retrievePurchaseOrder(ctx, purchaseOrderId);
    PURCHASE_ORDER_MOVES.assert('update', order.status, { purchaseOrderId: order.id, poNumber: order.poNumber });
    const changed = APPROVED_TERMS.filter((field) => changes[field] !== undefined);
    if (order.approval.status === 'approved' && changed.length > 0) {
      throw businessRule(
        `purchase order ${order.poNumber} is approved; its supplier, currency and lines no longer change (cancel it and raise a new one)`,
        {
          purchaseOrderId: order.id,
          fields: changed,
        },
      );
    }
    // Only a new supplier must be active: a draft's own supplier may be put on hold meanwhile.
    const newSupplier = changes.supplierId !== undefined && changes.supplierId !== order.supplierId;
    const supplier = newSupplier ? supplierForPurchase(ctx, changes.supplierId!) : retrieveSupplier(ctx, order.supplierId);
    const currencyInput = changes.currency ?? (newSupplier ? supplier.currency : order.currency);
    const { currency, exchangeRate } = documentCurrency(ctx, supplier, {
      currency: currencyInput,
      exchangeRate: changes.exchangeRate ?? (currencyInput === order.currency ? order.exchangeRate : undefined),
    });
    const items = changes.items ? pricePurchaseOrderLines(ctx, changes.items) : order.items;
    const orderDate = changes.orderDate ?? order.orderDate;
    const requiredDate = changes.requiredDate !== undefined ? changes.requiredDate : order.requiredDate;
    checkOrderDates(orderDate, requiredDate, items);
    const pick = <K extends 'reference' | 'terms' | 'notes'>(key: K): PurchaseOrderRow[K] =>
      changes[key] !== undefined ? (changes[key] ?? null) : order[key];
    let locationId = order.locationId;
    if (changes.locationId !== undefined) locationId = changes.locationId === null ? null : stockLocation(ctx, changes.locationId).id;
    const updated = purchaseOrdersTable(ctx).update(order.id, {
      supplierId: supplier.id,
      supplier: supplierRef(supplier),
      orderDate,
      requiredDate,
      currency,
      exchangeRate,
      reference: pick('reference'),
      terms: pick('terms'),
      notes: pick('notes'),
      locationId,
      deliveryAddress:
        changes.deliveryAddress !== undefined
          ? changes.deliveryAddress
            ? ({ ...changes.deliveryAddress } as Record<string, string | null>)
            : null
          : order.deliveryAddress,
      items,
      ...purchaseOrderTotals(items, exchangeRate),
      updatedAt: ctx.clock.iso(),
    });
    // New terms, or a rejected order changed, go (back) to the approvers the rules name (PUR-11).
    return changed.length > 0 || order.approval.status === 'rejected' ? requestApprovals(ctx, updated) : updated;
  });
}

/**
 * `POST /purchase-orders/{id}/confirm` (implied): the supplier confirmed a sent order, optionally with
 * the delivery date it promises per line (what the outstanding orders report counts lateness from).
 */
export function confirmPurchaseOrder(
  ctx: ActingContext,
  purchaseOrderId: string,
  input: PurchaseOrderConfirmParams = {},
): PurchaseOrderRow {
  return ctx.store.transaction(() => {
    const order = retrievePurchaseOrder(ctx, purchaseOrderId);
    PURCHASE_ORDER_MOVES.assert('confirm', order.status, { purchaseOrderId: order.id, poNumber: order.poNumber });
    const promised = new Map<string, string>();
    const issues: ValidationIssue[] = [];
    (input.items ?? []).forEach((entry, index) => {
      const field = `items.${index}`;
      if (!order.items.some((line) => line.id === entry.lineId)) {
        issues.push({
          field: `${field}.lineId`,
          code: 'INVALID_CHOICE',
          message: `purchase order ${order.poNumber} has no line ${entry.lineId.slice(0, 100)}`,
          value: entry.lineId.slice(0, 100),
        });
      } else if (promised.has(entry.lineId)) {
        issues.push({ field: `${field}.lineId`, code: 'DUPLICATE_VALUE', message: 'each order line is named once', value: entry.lineId });
      }
      promised.set(entry.lineId, entry.expectedDate);
    });
    if (issues.length > 0) throw validationError(issues);
    const items = order.items.map((line) => (promised.has(line.id) ? { ...line, expectedDate: promised.get(line.id)! } : line));
    checkOrderDates(order.orderDate, order.requiredDate, items);
    return purchaseOrdersTable(ctx).update(order.id, { items, ...withStatus(ctx, order, 'confirmed', input.notes ?? null) });
  });
}

/**
 * `POST /purchase-orders/{id}/cancel` (implied): what is still to arrive leaves `onOrderStock`. A partly
 * received order keeps its receipts, which stay on goods received not invoiced until billed, and cancels
 * the rest (decision PUR-15); the reason is kept in the status history.
 */
export function cancelPurchaseOrder(ctx: ActingContext, purchaseOrderId: string, input: PurchaseOrderCancelParams = {}): PurchaseOrderRow {
  return ctx.store.transaction(() => {
    const order = retrievePurchaseOrder(ctx, purchaseOrderId);
    PURCHASE_ORDER_MOVES.assert('cancel', order.status, { purchaseOrderId: order.id, poNumber: order.poNumber });
    // A draft never went on order; anything sent did, less what has arrived since.
    if (order.status !== 'draft') commitOnOrder(ctx, order, -1);
    cancelOpenApprovals(ctx, order.id, ctx.clock.iso());
    return purchaseOrdersTable(ctx).update(order.id, withStatus(ctx, order, 'cancelled', input.reason ?? null));
  });
}
