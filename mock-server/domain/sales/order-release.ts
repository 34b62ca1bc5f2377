import type { CompanyContext } from '../../store/context.js';
import { addQuantities } from './document-lines.js';
import { salesOrdersTable, type InvoiceRow } from './document-tables.js';

/**
 * Gives an invoice's order-line quantities back to its sales order (on cancel, or when its lines are
 * replaced), and the shipping it carried unless `keepsShipping` (the invoice goes on billing it).
 */
export function releaseOrderQuantities(ctx: CompanyContext, invoice: InvoiceRow, keepsShipping = false): void {
  if (!invoice.salesOrderId) return;
  const orders = salesOrdersTable(ctx);
  const order = orders.get(invoice.salesOrderId);
  if (!order) return;
  const released = new Map<string, number>();
  for (const line of invoice.items) {
    if (line.salesOrderLineId) released.set(line.salesOrderLineId, addQuantities(released.get(line.salesOrderLineId) ?? 0, line.quantity));
  }
  const carriedShipping = invoice.shippingCost > 0 && !keepsShipping;
  orders.update(order.id, {
    items: order.items.map((line) =>
      released.has(line.id) ? { ...line, invoicedQuantity: addQuantities(line.invoicedQuantity, -released.get(line.id)!) } : line,
    ),
    shippingInvoiced: carriedShipping ? false : order.shippingInvoiced,
    invoiceIds: order.invoiceIds.filter((id) => id !== invoice.id),
    updatedAt: ctx.clock.iso(),
  });
}
