import type { ActingContext } from '../shared/actor.js';
import { businessRule } from '../../kernel/errors.js';
import { recordCustomerActivity } from './customers.js';
import { checkDateOrder } from './sales-documents.js';
import { invoicesTable, type InvoiceRow } from './document-tables.js';
import { unpostInvoice } from './invoice-posting.js';
import { invoiceNoteCount } from './note-tables.js';
import { syncReservations } from './reservations.js';
import { assertInvoiceMove, retrieveInvoice, type InvoiceCancelInput } from './invoices.js';
import { releaseOrderQuantities } from './order-release.js';

/**
 * `POST /invoices/{id}/cancel` (implied; the spec has the status but no endpoint). A draft is simply
 * cancelled; a sent invoice has its entry reversed (dated `cancelDate`, default today) and the
 * customer's balance and sales lowered. An invoice with payments, or already cancelled, is refused.
 * Quantities invoiced from a sales order go back to the order. The goods come back at the cost they
 * left with and the order reserves them again (INV-28).
 */
export function cancelInvoice(ctx: ActingContext, invoiceId: string, input: InvoiceCancelInput = {}): InvoiceRow {
  return ctx.store.transaction(() => {
    const invoice = retrieveInvoice(ctx, invoiceId);
    const facts = { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, status: invoice.status };
    assertInvoiceMove(invoice, 'cancel', { amountPaid: invoice.amountPaid, paymentCount: invoice.paymentCount });
    if (invoice.paymentCount > 0) {
      throw businessRule('an invoice with payments cannot be cancelled', {
        ...facts,
        amountPaid: invoice.amountPaid,
        paymentCount: invoice.paymentCount,
      });
    }
    if (invoice.amountCredited > 0 || invoiceNoteCount(ctx, invoice.id) > 0) {
      throw businessRule('an invoice with credit or debit notes cannot be cancelled; credit what is left instead', {
        ...facts,
        amountCredited: invoice.amountCredited,
      });
    }
    checkDateOrder('cancelDate', input.cancelDate, invoice.invoiceDate, 'invoiceDate');
    const reason = input.reason?.trim() || `Invoice ${invoice.invoiceNumber} cancelled`;
    if (invoice.status === 'sent') {
      unpostInvoice(ctx, invoice, reason, input.cancelDate);
      recordCustomerActivity(ctx, invoice.customerId, { balanceDelta: -invoice.baseTotal, salesDelta: -invoice.baseTotal });
    }
    releaseOrderQuantities(ctx, invoice);
    const now = ctx.clock.iso();
    const cancelled = invoicesTable(ctx).update(invoice.id, {
      status: 'cancelled',
      amountDue: 0,
      baseAmountDue: 0,
      cancelledAt: now,
      cancellationReason: reason,
      updatedAt: now,
    });
    // The goods came back (unpostInvoice) and the order, still open, holds them again.
    syncReservations(ctx, invoice.salesOrderId);
    return cancelled;
  });
}
