import type { SalesOrder, SalesOrderStatus } from '../../../src/contract/index.js';
import { addQuantities, presentLine, presentTotals } from './document-lines.js';
import type { SalesOrderRow } from './document-tables.js';
import { type SalesOrderFilters, remainingOf } from './sales-orders.js';

export function salesOrderMatches(filters: SalesOrderFilters): (row: SalesOrderRow) => boolean {
  return (row) =>
    (filters.customerId === undefined || row.customerId === filters.customerId) &&
    (filters.status === undefined || row.status === filters.status) &&
    (filters.priority === undefined || row.priority === filters.priority) &&
    (filters.orderDateFrom === undefined || row.orderDate >= filters.orderDateFrom) &&
    (filters.orderDateTo === undefined || row.orderDate <= filters.orderDateTo) &&
    (filters.requiredDateFrom === undefined || (row.requiredDate !== null && row.requiredDate >= filters.requiredDateFrom)) &&
    (filters.requiredDateTo === undefined || (row.requiredDate !== null && row.requiredDate <= filters.requiredDateTo));
}

const FULFILLMENT_BY_STATUS = {
  draft: 'unfulfilled',
  confirmed: 'unfulfilled',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
} as const satisfies Record<SalesOrderStatus, SalesOrder['fulfillment']['status']>;

/** The wire shape: fulfilment read from the status (a shipment is the whole order), invoicing from the lines. */
export function presentSalesOrder(row: SalesOrderRow): SalesOrder {
  const ordered = row.items.reduce((total, line) => addQuantities(total, line.quantity), 0);
  const shipped = row.status === 'shipped' || row.status === 'delivered' ? ordered : 0;
  const invoiced = row.items.reduce((total, line) => addQuantities(total, line.invoicedQuantity), 0);
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    customerId: row.customerId,
    customer: { ...row.customer },
    quoteId: row.quoteId,
    locationId: row.locationId,
    orderDate: row.orderDate,
    requiredDate: row.requiredDate,
    promisedDate: row.promisedDate,
    status: row.status,
    priority: row.priority,
    currency: row.currency,
    exchangeRate: row.exchangeRate,
    reference: row.reference,
    notes: row.notes,
    terms: row.terms,
    billingAddress: row.billingAddress ? { ...row.billingAddress } : null,
    shippingAddress: row.shippingAddress ? { ...row.shippingAddress } : null,
    items: row.items.map((line) => ({
      ...presentLine(line),
      notes: line.notes,
      invoicedQuantity: line.invoicedQuantity,
      remainingQuantity: remainingOf(line),
    })),
    ...presentTotals(row),
    fulfillment: {
      status: FULFILLMENT_BY_STATUS[row.status],
      shippedQuantity: shipped,
      remainingQuantity: addQuantities(ordered, -shipped),
      shippingMethod: row.shipping.method,
      trackingNumber: row.shipping.trackingNumber,
      estimatedDelivery: row.shipping.estimatedDelivery,
    },
    invoicing: {
      status: invoiced === 0 ? 'not_invoiced' : invoiced < ordered ? 'partially_invoiced' : 'invoiced',
      invoiceIds: [...row.invoiceIds],
    },
    statusHistory: row.statusHistory.map((change) => ({ ...change })),
    attachments: [],
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
