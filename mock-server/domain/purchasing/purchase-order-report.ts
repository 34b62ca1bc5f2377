import type { OutstandingPosParams, OutstandingPosReport } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { companyCurrency } from '../platform/index.js';
import { companyToday, daysBetween } from '../shared/calendar.js';
import * as money from '../shared/money.js';
import { quantity } from '../inventory/index.js';
import { lineDueDate } from './purchase-orders.js';
import { purchaseOrdersTable, type PurchaseOrderRow } from './tables.js';

type OutstandingPo = OutstandingPosReport['orders'][number];
type OutstandingLine = OutstandingPo['lines'][number];
type Figure = OutstandingPosReport['bySupplier'][number];

/** Orders that went to the supplier; a cancelled order has nothing outstanding (decision PUR-19). */
const SENT_STATUSES: readonly PurchaseOrderRow['status'][] = ['sent', 'confirmed', 'partially_received', 'received'];

/** The order's lines with something still to arrive as of `asOfDate`: receipts dated after it count as outstanding. */
function outstandingLines(order: PurchaseOrderRow, asOfDate: string): OutstandingLine[] {
  const receipts = order.receipts.filter((receipt) => receipt.date <= asOfDate);
  return order.items.flatMap((line) => {
    const received = quantity(
      receipts
        .flatMap((r) => r.items)
        .filter((r) => r.lineId === line.id)
        .reduce((sum, r) => sum + r.quantity, 0),
    );
    const outstanding = quantity(line.quantity - received);
    if (outstanding <= 0) return [];
    const dueDate = lineDueDate(order, line);
    return [
      {
        lineId: line.id,
        itemId: line.itemId,
        itemCode: line.itemCode,
        description: line.description,
        quantity: line.quantity,
        receivedQuantity: received,
        outstandingQuantity: outstanding,
        unitPrice: line.unitPrice,
        outstandingValue: money.round(money.parse(line.unitPrice).times(outstanding)).toNumber(),
        dueDate,
        daysOverdue: dueDate === null ? 0 : Math.max(0, daysBetween(dueDate, asOfDate)),
      },
    ];
  });
}

function outstandingOrder(order: PurchaseOrderRow, lines: OutstandingLine[]): OutstandingPo {
  const value = money.sum(lines.map((line) => line.outstandingValue));
  return {
    purchaseOrderId: order.id,
    poNumber: order.poNumber,
    supplierId: order.supplierId,
    supplierName: order.supplier.name,
    status: order.status,
    orderDate: order.orderDate,
    requiredDate: order.requiredDate,
    currency: order.currency,
    exchangeRate: order.exchangeRate,
    outstandingValue: value.toNumber(),
    baseOutstandingValue: money.round(value.times(order.exchangeRate)).toNumber(),
    daysOverdue: Math.max(0, ...lines.map((line) => line.daysOverdue)),
    lines,
  };
}

/** Orders, outstanding and overdue values (company currency) of a set of orders. */
function figureOf(orders: readonly OutstandingPo[]): Omit<Figure, 'supplierId' | 'supplierName'> {
  const overdue = orders.filter((order) => order.daysOverdue > 0);
  // An order's overdue value is that of its late lines, in the company's currency at the order's rate.
  const overdueValues = orders.map((order) =>
    money.round(money.sum(order.lines.filter((l) => l.daysOverdue > 0).map((l) => l.outstandingValue)).times(order.exchangeRate)),
  );
  return {
    orderCount: orders.length,
    outstandingValue: money.sum(orders.map((order) => order.baseOutstandingValue)).toNumber(),
    overdueCount: overdue.length,
    overdueValue: money.sum(overdueValues).toNumber(),
  };
}

/**
 * `GET /reports/purchasing/outstanding-pos` (spec document 2, "Procurement workflow"; shape ours): the
 * goods still to arrive on orders sent by `asOfDate`, net of tax at the order's price, each line late
 * by the days since its `expectedDate` (else the order's `requiredDate`); by supplier and by order.
 */
export function outstandingPosReport(ctx: CompanyContext, params: OutstandingPosParams): OutstandingPosReport {
  const asOfDate = params.asOfDate ?? companyToday(ctx);
  const orders = purchaseOrdersTable(ctx)
    .all()
    .filter(
      (order) =>
        SENT_STATUSES.includes(order.status) &&
        order.orderDate <= asOfDate &&
        (!params.supplierId || order.supplierId === params.supplierId),
    )
    .flatMap((order) => {
      const lines = outstandingLines(order, asOfDate).filter((line) => !params.overdueOnly || line.daysOverdue > 0);
      return lines.length > 0 ? [outstandingOrder(order, lines)] : [];
    })
    .sort((a, b) => a.supplierName.localeCompare(b.supplierName) || a.poNumber.localeCompare(b.poNumber));
  const suppliers = [...new Set(orders.map((order) => order.supplierId))];
  return {
    reportName: 'Outstanding purchase orders',
    asOfDate,
    currency: companyCurrency(ctx),
    summary: { ...figureOf(orders), lineCount: orders.reduce((sum, order) => sum + order.lines.length, 0) },
    bySupplier: suppliers.map((supplierId) => {
      const own = orders.filter((order) => order.supplierId === supplierId);
      return { supplierId, supplierName: own[0].supplierName, ...figureOf(own) };
    }),
    orders,
  };
}
