import {
  createCreditNote,
  createDebitNote,
  createInvoice,
  invoiceNoteCount,
  invoicesTable,
  paymentsTable,
  recordPayment,
  refundCredit,
  sendInvoice,
  type InvoiceRow,
} from '../domain/sales/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { clockAt, QUIET } from './sales.js';

/**
 * Demo corrections of posted invoices (issue #9), after the sales documents and through the same
 * domain calls: goods returned on a paid invoice (a credit note whose credit stays with the customer),
 * part of that credit refunded the way it was paid, and a delivery surcharge as a debit note on an open invoice. The
 * invoices keep the states the demo shows (a paid one stays paid, an open one open).
 */
export function seedInvoiceCorrections(ctx: ActingContext): void {
  const asOf = clockAt(ctx.clock);
  const invoices = invoicesTable(ctx).all();
  const open = invoices.find((i) => i.status === 'sent' && i.paymentCount === 0 && i.salesOrderId === null);
  if (!open) return;
  ctx.store.transaction(() => {
    const paid = invoices.find((i) => i.status === 'paid' && invoiceNoteCount(ctx, i.id) === 0) ?? paidInvoice(ctx, open, asOf);
    const line = paid.items[0];
    const credit = asOf(-10, () => createCreditNote(ctx, paid.id, { reason: 'One unit returned damaged', items: [{ invoiceLineId: line.id, quantity: 1 }] }));
    // Refunded the way it was paid.
    const paymentMethod = paymentsTable(ctx).byIndex('invoiceId', paid.id)[0]?.paymentMethod ?? 'bank_transfer';
    asOf(-5, () => refundCredit(ctx, credit.id, { amount: Math.floor(credit.remainingCredit / 2), paymentMethod, reference: 'Refund 0317' }));
    asOf(-3, () => createDebitNote(ctx, open.id, { reason: 'Delivery to a second site', items: [{ description: 'Delivery surcharge', quantity: 1, unitPrice: 25, taxCode: null }] }));
  });
}

/** A small invoice of the open invoice's customer, sent and paid in full, for a company whose demo has none. */
function paidInvoice(ctx: ActingContext, like: InvoiceRow, asOf: ReturnType<typeof clockAt>): InvoiceRow {
  const sent = asOf(-20, () => sendInvoice(ctx, createInvoice(ctx, { customerId: like.customerId, items: [{ itemId: like.items[0].itemId, quantity: 2 }] }).id, {}, QUIET));
  asOf(-15, () => recordPayment(ctx, sent.id, { amount: sent.total, paymentMethod: 'cash', reference: 'Counter sale 0211' }));
  return invoicesTable(ctx).get(sent.id)!;
}
