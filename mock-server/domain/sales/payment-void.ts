import type { PaymentRecordStatus } from '../../../src/contract/index.js';
import { adjustInvoice } from './invoice-adjustments.js';
import { companyToday, laterDate } from '../shared/calendar.js';
import { notFound, validationError } from '../../kernel/errors.js';
import { reverseLedgerEntry } from '../accounting/index.js';
import type { ActingContext } from '../shared/actor.js';
import { stateMachine } from '../shared/transitions.js';
import { recordCustomerActivity } from './customers.js';
import { retrieveInvoice } from './invoices.js';
import { checkNotAfterToday } from './sales-documents.js';
import { paymentsTable, type InvoiceRow, type PaymentRow } from './document-tables.js';

export interface PaymentVoidInput {
  reason: string;
  voidDate?: string;
}

/** A payment is voided once; the refusal names the rule, 422 BUSINESS_RULE_VIOLATION. */
export const PAYMENT_MOVES = stateMachine<PaymentRecordStatus, 'void'>({
  void: { from: ['posted'], rule: 'a {status} payment cannot be voided', refusals: { voided: 'the payment is already voided' } },
});

/**
 * `POST /invoices/{invoiceId}/payments/{paymentId}/void` (implied; SALES-54): reverses
 * the payment's entry (dated `voidDate`, default today, not before the payment date), gives the
 * invoice back what the payment took (`amountPaid`, `amountDue`, `baseAmountDue`, `paymentStatus`,
 * `status`, `lastPaymentDate` and its count of active payments) and the customer's balance, and
 * marks the payment voided. A foreign payment's exchange difference is reversed with its entry.
 */
export function voidPayment(ctx: ActingContext, invoiceId: string, paymentId: string, input: PaymentVoidInput): PaymentRow {
  return ctx.store.transaction(() => {
    const invoice = retrieveInvoice(ctx, invoiceId);
    const table = paymentsTable(ctx);
    const payment = table.get(paymentId);
    if (!payment || payment.invoiceId !== invoice.id) throw notFound('payment', paymentId, 'NOT_FOUND', 'paymentId');
    PAYMENT_MOVES.assert('void', payment.status, {
      paymentId: payment.id,
      paymentNumber: payment.paymentNumber,
      invoiceId: invoice.id,
      voidedAt: payment.voidedAt,
    });

    const reason = input.reason?.trim() ?? '';
    if (!reason) throw validationError([{ field: 'reason', code: 'REQUIRED_FIELD', message: 'a void needs a reason' }]);
    const voidDate = input.voidDate ?? companyToday(ctx);
    checkNotAfterToday(ctx, 'voidDate', voidDate);
    // The ledger's own void checks the reason and that the date is not before the payment's.
    reverseLedgerEntry(ctx, payment.journalEntryId, { reason: `Payment ${payment.paymentNumber} voided: ${reason}`, voidDate });
    const now = ctx.clock.iso();
    const voided = table.update(payment.id, { status: 'voided', voidDate, voidedAt: now, voidReason: reason });
    restoreInvoice(ctx, invoice, voided);
    recordCustomerActivity(ctx, invoice.customerId, { balanceDelta: payment.baseSettled });
    return voided;
  });
}

/** The invoice as if the payment had never been made: `paid` goes back to `sent` (overdue again if past due). */
function restoreInvoice(ctx: ActingContext, invoice: InvoiceRow, voided: PaymentRow): void {
  const lastPaymentDate = paymentsTable(ctx)
    .byIndex('invoiceId', invoice.id)
    .filter((row) => row.status === 'posted')
    .reduce<string | null>((last, row) => laterDate(last, row.paymentDate), null);
  // Credit applied to the invoice still settles part of it (SALES-61): adjustInvoice derives the payment status from all three.
  adjustInvoice(ctx, invoice, { paid: -voided.amount, baseDelta: voided.baseSettled, payments: { count: -1, lastPaymentDate } });
}
