import {
  createCreditNote,
  createDebitNote,
  invoiceNoteCount,
  invoicesTable,
  paymentsTable,
  recordPayment,
  refundCredit,
  type InvoiceRow,
} from '../domain/sales/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { addDays, companyToday } from '../domain/shared/calendar.js';
import * as money from '../domain/shared/money.js';
import { clockAt } from './sales.js';

/**
 * Demo corrections of posted invoices (SALES-53), after the sales documents and through the same
 * domain calls: goods returned on a paid invoice (a credit note whose credit stays with the customer, the
 * unit back in stock at the cost it left with),
 * part of that credit refunded the way it was paid, and a delivery surcharge as a debit note on an
 * open invoice. In the trading company the invoices keep the states the demo shows.
 */
export function seedInvoiceCorrections(ctx: ActingContext): void {
  const asOf = clockAt(ctx.clock);
  const invoices = invoicesTable(ctx).all();
  const open = invoices.find((i) => i.status === 'sent' && i.paymentCount === 0 && i.salesOrderId === null);
  if (!open) return;
  ctx.store.transaction(() => {
    // A company whose demo has no paid invoice is paid the open one first (in cash), and charges the debit note on it.
    // Goods come back on the invoice paid last before the credit note (its date: ten days ago).
    const creditDate = addDays(companyToday(ctx), -10);
    const demoPaid = invoices
      .filter(
        (i) => i.status === 'paid' && i.lastPaymentDate !== null && i.lastPaymentDate <= creditDate && invoiceNoteCount(ctx, i.id) === 0,
      )
      .sort((a, b) => (a.lastPaymentDate! < b.lastPaymentDate! ? 1 : -1))[0];
    const paid = demoPaid ?? payInFull(ctx, open, asOf);
    const day = (demo: number, own: number) => (demoPaid ? demo : own);
    const line = paid.items[0];
    const credit = asOf(day(-10, -4), () =>
      createCreditNote(ctx, paid.id, { reason: 'One unit returned unused', items: [{ invoiceLineId: line.id, quantity: 1 }] }),
    );
    // Refunded the way it was paid.
    const paymentMethod = paymentsTable(ctx).byIndex('invoiceId', paid.id)[0]?.paymentMethod ?? 'bank_transfer';
    asOf(day(-5, -3), () =>
      refundCredit(ctx, credit.id, {
        amount: money.toNumber(money.parse(credit.remainingCredit).dividedBy(2)),
        paymentMethod,
        reference: 'Refund 0317',
      }),
    );
    asOf(day(-3, -2), () =>
      createDebitNote(ctx, open.id, {
        reason: 'Delivery to a second site',
        items: [{ description: 'Delivery surcharge', quantity: 1, unitPrice: 25, taxCode: null }],
      }),
    );
  });
}

/** The open invoice paid in full in cash the day before its credit note. */
function payInFull(ctx: ActingContext, invoice: InvoiceRow, asOf: ReturnType<typeof clockAt>): InvoiceRow {
  asOf(-5, () => recordPayment(ctx, invoice.id, { amount: invoice.amountDue, paymentMethod: 'cash', reference: 'Counter payment 0211' }));
  return invoicesTable(ctx).get(invoice.id)!;
}
