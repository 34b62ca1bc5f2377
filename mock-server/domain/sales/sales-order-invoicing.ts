import type { CompanyContext } from '../../store/context.js';
import { addQuantities, linePart } from './document-lines.js';
import { businessRule, validationError, type ValidationIssue } from '../../kernel/errors.js';
import { createInvoiceFromOrder } from './invoices.js';
import * as money from '../shared/money.js';
import type { ActingContext } from '../shared/actor.js';
import { invoicesTable, salesOrdersTable, type InvoiceLineRow, type InvoiceRow, type SalesOrderRow } from './document-tables.js';
import { remainingOf, retrieveSalesOrder, SALES_ORDER_ACTIONS, type ConvertToInvoiceInput } from './sales-orders.js';

/**
 * `POST /sales-orders/{id}/convert-to-invoice`: a draft invoice for what remains of every line, or
 * for `partialItems` (order line id and quantity). Allowed while confirmed, shipped or delivered;
 * more than remains on a line, an unknown line, or nothing left to invoice is refused. The first
 * invoice made from the order carries its shipping cost. A part is priced by its quantity, except the
 * one that completes a line, which takes the rest of the line's amounts (SALES-67), so the invoices
 * of an order add up to its subtotal, discount and tax to the cent.
 */
export function convertSalesOrderToInvoice(ctx: ActingContext, salesOrderId: string, input: ConvertToInvoiceInput = {}): InvoiceRow {
  return ctx.store.transaction(() => {
    const order = retrieveSalesOrder(ctx, salesOrderId);
    SALES_ORDER_ACTIONS.assert('invoice', order.status, { salesOrderId: order.id, orderNumber: order.orderNumber });
    const requested = input.partialItems ? partialQuantities(order, input.partialItems) : wholeQuantities(order);
    if (requested.size === 0) {
      throw businessRule('the sales order is fully invoiced', { salesOrderId: order.id, orderNumber: order.orderNumber });
    }

    const billed = billedLines(ctx, order);
    const lines: InvoiceLineRow[] = order.items
      .filter((line) => requested.has(line.id))
      .map((line) => {
        const quantity = requested.get(line.id)!;
        const part = linePart(line, billed.get(line.id) ?? [], quantity);
        const { notes: _notes, invoicedQuantity: _invoiced, ...priced } = part;
        return { ...priced, id: ctx.store.ids.next('ln'), salesOrderLineId: line.id };
      });
    const invoice = createInvoiceFromOrder(
      ctx,
      order.customerId,
      {
        invoiceDate: input.invoiceDate,
        dueDate: input.dueDate,
        currency: order.currency,
        exchangeRate: order.exchangeRate,
        reference: order.orderNumber,
        terms: order.terms,
        billingAddress: order.billingAddress,
      },
      { salesOrderId: order.id, locationId: order.locationId, lines, shippingCost: order.shippingInvoiced ? 0 : order.shippingCost },
    );
    salesOrdersTable(ctx).update(order.id, {
      items: order.items.map((line) =>
        requested.has(line.id) ? { ...line, invoicedQuantity: addQuantities(line.invoicedQuantity, requested.get(line.id)!) } : line,
      ),
      shippingInvoiced: true,
      invoiceIds: [...order.invoiceIds, invoice.id],
      updatedAt: ctx.clock.iso(),
    });
    return invoice;
  });
}

/** The invoice lines that already bill each order line, from the order's invoices (not cancelled, not detached). */
function billedLines(ctx: CompanyContext, order: SalesOrderRow): Map<string, InvoiceLineRow[]> {
  const out = new Map<string, InvoiceLineRow[]>();
  for (const invoiceId of order.invoiceIds) {
    for (const line of invoicesTable(ctx).get(invoiceId)?.items ?? []) {
      if (line.salesOrderLineId) out.set(line.salesOrderLineId, [...(out.get(line.salesOrderLineId) ?? []), line]);
    }
  }
  return out;
}

function wholeQuantities(order: SalesOrderRow): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of order.items) {
    const remaining = remainingOf(line);
    if (remaining > 0) out.set(line.id, remaining);
  }
  return out;
}

function partialQuantities(order: SalesOrderRow, partial: readonly { itemId: string; quantity: number }[]): Map<string, number> {
  const issues: ValidationIssue[] = [];
  const out = new Map<string, number>();
  partial.forEach(({ itemId, quantity }, index) => {
    const line = order.items.find((l) => l.id === itemId);
    if (!line) {
      issues.push({
        field: `partialItems.${index}.itemId`,
        code: 'INVALID_CHOICE',
        message: `${order.orderNumber} has no line ${itemId}; partialItems name order line ids`,
        value: itemId,
        constraint: order.items.map((l) => l.id),
      });
    } else if (out.has(itemId)) {
      issues.push({
        field: `partialItems.${index}.itemId`,
        code: 'DUPLICATE_VALUE',
        message: `line ${itemId} is named twice`,
        value: itemId,
      });
    } else if (!(quantity > 0)) {
      issues.push({
        field: `partialItems.${index}.quantity`,
        code: 'MIN_VALUE',
        message: 'quantity must be above zero',
        value: quantity,
        constraint: { min: 0, inclusive: false },
      });
    } else {
      const remaining = remainingOf(line);
      if (money.compare(quantity, remaining) > 0) {
        issues.push({
          field: `partialItems.${index}.quantity`,
          code: 'MAX_VALUE',
          message: `only ${remaining} of line ${itemId} (${line.description}) remains to be invoiced`,
          value: quantity,
          constraint: { max: remaining },
        });
      } else out.set(itemId, quantity);
    }
  });
  if (issues.length > 0) throw validationError(issues);
  return out;
}
