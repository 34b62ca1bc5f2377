import type { z } from 'zod';
import type {
  SupplierDeliveryPerformance,
  SupplierDeliveryRecord,
  SupplierDeliverySummary,
  SupplierPerformance,
  SupplierPerformanceParams,
  SupplierPerformanceReport,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { companyCurrency } from '../platform/index.js';
import * as money from '../shared/money.js';
import { daysBetween } from '../shared/calendar.js';
import { meanOf, periodOf, ratingAverages, ratingsOf, withinPeriod, type Period } from './supplier-performance-ratings.js';
import { lineDueDate } from './purchase-orders.js';
import { retrieveSupplier } from './suppliers.js';
import { purchaseOrdersTable, suppliersTable, type PurchaseOrderRow, type PurchaseReceiptRow, type SupplierRow } from './tables.js';

/** Query of the performance endpoints and report as the contract has checked it. */
export type SupplierPerformanceQuery = z.output<typeof SupplierPerformanceParams>;

/** Sent orders count for performance: a draft was never placed, a cancelled one is counted apart. */
const PLACED = new Set(['sent', 'confirmed', 'partially_received', 'received']);
const OPEN = new Set(['sent', 'confirmed', 'partially_received']);

/**
 * A receipt judged against its due date (PUR-25): each line it brings is due on the line's
 * `expectedDate`, else the order's `requiredDate`; the receipt is on time when it arrived on or before
 * the earliest of them, and is not judged when no line had one. Lead time runs from the order date.
 */
function deliveryRecord(order: PurchaseOrderRow, receipt: PurchaseReceiptRow): SupplierDeliveryRecord {
  const dues = receipt.items
    .map((item) => order.items.find((line) => line.id === item.lineId))
    .map((line) => (line ? lineDueDate(order, line) : order.requiredDate))
    .filter((date): date is string => date !== null)
    .sort();
  const dueDate = dues[0] ?? null;
  return {
    receiptId: receipt.id,
    receiptNumber: receipt.receiptNumber,
    purchaseOrderId: order.id,
    poNumber: order.poNumber,
    orderDate: order.orderDate,
    dueDate,
    receivedDate: receipt.date,
    leadDays: daysBetween(order.orderDate, receipt.date),
    daysLate: dueDate === null ? 0 : Math.max(0, daysBetween(dueDate, receipt.date)),
    onTime: dueDate === null ? null : receipt.date <= dueDate,
  };
}

const ordersOf = (ctx: CompanyContext, supplierId: string): PurchaseOrderRow[] =>
  purchaseOrdersTable(ctx).byIndex('supplierId', supplierId);

/** The supplier's receipts dated in the period, oldest first. */
function deliveryRecords(orders: readonly PurchaseOrderRow[], period: Period): SupplierDeliveryRecord[] {
  return orders
    .flatMap((order) =>
      order.receipts.filter((receipt) => withinPeriod(receipt.date, period)).map((receipt) => deliveryRecord(order, receipt)),
    )
    .sort((a, b) => a.receivedDate.localeCompare(b.receivedDate) || a.receiptNumber.localeCompare(b.receiptNumber));
}

function deliverySummary(records: readonly SupplierDeliveryRecord[]): SupplierDeliverySummary {
  const onTimeCount = records.filter((r) => r.onTime === true).length;
  const lateCount = records.filter((r) => r.onTime === false).length;
  const judged = onTimeCount + lateCount;
  return {
    receiptCount: records.length,
    onTimeCount,
    lateCount,
    onTimeRate: judged === 0 ? null : money.toNumber(money.parse(onTimeCount).times(100).dividedBy(judged)),
    averageLeadDays: meanOf(records.map((r) => r.leadDays)),
  };
}

/** Company-currency value, net of tax, of what the receipts in the period brought (per line, rounded as received). */
function receivedValueOf(orders: readonly PurchaseOrderRow[], period: Period): money.Amount {
  const values = orders.flatMap((order) =>
    order.receipts
      .filter((receipt) => withinPeriod(receipt.date, period))
      .flatMap((receipt) =>
        receipt.items.map((item) => money.round(money.parse(item.unitPrice).times(item.quantity).times(order.exchangeRate))),
      ),
  );
  return money.sum(values);
}

/** Orders, spend, delivery and ratings of one supplier over a period: what `/performance` and the report both answer. */
function performanceOf(ctx: CompanyContext, supplier: SupplierRow, period: Period): SupplierPerformance {
  const orders = ordersOf(ctx, supplier.id);
  const dated = orders.filter((order) => withinPeriod(order.orderDate, period));
  const placed = dated.filter((order) => PLACED.has(order.status));
  const delivery = deliverySummary(deliveryRecords(orders, period));
  const quality = ratingAverages(ratingsOf(ctx, supplier.id, period));
  const parts = [delivery.onTimeRate, quality.overall === null ? null : (quality.overall * 100) / 5].filter((p): p is number => p !== null);
  return {
    supplierId: supplier.id,
    supplierNumber: supplier.supplierNumber,
    supplierName: supplier.name,
    periodFrom: period.from,
    periodTo: period.to,
    currency: companyCurrency(ctx),
    orderCount: placed.length,
    openOrderCount: placed.filter((order) => OPEN.has(order.status)).length,
    cancelledOrderCount: dated.filter((order) => order.status === 'cancelled').length,
    orderedValue: money.toNumber(
      money.sum(placed.map((order) => money.round(money.subtract(order.total, order.taxTotal).times(order.exchangeRate)))),
    ),
    receivedValue: money.toNumber(receivedValueOf(orders, period)),
    delivery,
    quality,
    score: meanOf(parts),
  };
}

/** `GET /suppliers/{id}/performance`. */
export function supplierPerformance(ctx: CompanyContext, supplierId: string, query: SupplierPerformanceQuery): SupplierPerformance {
  return performanceOf(ctx, retrieveSupplier(ctx, supplierId), periodOf(query));
}

/** `GET /suppliers/{id}/delivery-performance`. */
export function supplierDeliveryPerformance(
  ctx: CompanyContext,
  supplierId: string,
  query: SupplierPerformanceQuery,
): SupplierDeliveryPerformance {
  const supplier = retrieveSupplier(ctx, supplierId);
  const period = periodOf(query);
  const receipts = deliveryRecords(ordersOf(ctx, supplier.id), period);
  return {
    supplierId: supplier.id,
    supplierName: supplier.name,
    periodFrom: period.from,
    periodTo: period.to,
    summary: deliverySummary(receipts),
    receipts,
  };
}

/**
 * `GET /reports/purchasing/supplier-performance` (PUR-26): every supplier's `/performance` over the
 * period, ranked by score (suppliers without one last), then by ordered value, then by name.
 */
export function supplierPerformanceReport(ctx: CompanyContext, query: SupplierPerformanceQuery): SupplierPerformanceReport {
  const period = periodOf(query);
  const suppliers = suppliersTable(ctx)
    .all()
    .map((supplier) => performanceOf(ctx, supplier, period))
    .sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || b.orderedValue - a.orderedValue || a.supplierName.localeCompare(b.supplierName));
  return {
    reportName: 'Supplier Performance',
    periodFrom: period.from,
    periodTo: period.to,
    currency: companyCurrency(ctx),
    suppliers,
  };
}
