import type { PaymentStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { validationError } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import { stateMachine } from '../shared/transitions.js';
import { toBase } from './document-lines.js';
import { invoicesTable, type InvoiceRow, type StoredInvoiceStatus } from './document-tables.js';
import type { CreditNoteStatus } from './note-tables.js';

/**
 * What the documents that correct a posted invoice may start from (SALES-59, SALES-64): a sent, overdue or paid
 * invoice takes a credit or debit note (a draft is amended instead, a cancelled one has nothing left to
 * correct); credit is applied only to a sent invoice with something due.
 */
export const INVOICE_NOTE_MOVES = stateMachine<StoredInvoiceStatus, 'credit' | 'debit' | 'allocate'>({
  credit: {
    from: ['sent', 'paid'],
    rule: 'a {status} invoice cannot be credited',
    refusals: { draft: 'a draft invoice is amended, not credited' },
  },
  debit: {
    from: ['sent', 'paid'],
    rule: 'a {status} invoice cannot take a debit note',
    refusals: { draft: 'a draft invoice is amended, not charged by a debit note' },
  },
  allocate: {
    from: ['sent'],
    rule: 'credit cannot be applied to a {status} invoice',
    refusals: { draft: 'credit cannot be applied to a draft invoice; send it first', paid: 'the invoice is already paid' },
  },
});

/** Credit leaves a credit note only while some remains: applied to an invoice or refunded. */
export const CREDIT_NOTE_MOVES = stateMachine<CreditNoteStatus, 'allocate' | 'refund'>({
  allocate: { from: ['open'], rule: 'a credit note that is {status} has no credit left to apply' },
  refund: { from: ['open'], rule: 'a credit note that is {status} has no credit left to refund' },
});

/** `open` while credit remains; at none left, `refunded` when any of it was paid out, else `applied`. */
export const creditNoteStatusOf = (remainingCredit: number, amountRefunded: number): CreditNoteStatus =>
  remainingCredit > 0 ? 'open' : amountRefunded > 0 ? 'refunded' : 'applied';

/** `paid` with nothing due; `partial` once a payment or credit settled part of it; else `unpaid`. */
export const paymentStatusOf = (invoice: Pick<InvoiceRow, 'amountDue' | 'amountPaid' | 'amountCredited'>): PaymentStatus =>
  invoice.amountDue === 0 ? 'paid' : invoice.amountPaid > 0 || invoice.amountCredited > 0 ? 'partial' : 'unpaid';

/** What one document moves on an invoice: money paid (negative when a payment is voided), credit applied, charges added. */
export interface InvoiceAdjustment {
  paid?: number;
  credited?: number;
  debited?: number;
  /** What receivables hold for the invoice moves by this (company currency). */
  baseDelta: number;
  /** Payments: +1 for a new one, -1 for a voided one, with the latest payment date left. */
  payments?: { count: 1 | -1; lastPaymentDate: string | null };
}

/**
 * An invoice after a payment, a voided payment, credit applied to it or a debit note added to it, the
 * one place its amounts move: amountDue = total + amountDebited - amountPaid - amountCredited,
 * `baseAmountDue` moved by `baseDelta`; a sent invoice left with nothing due is `paid` (credit settles
 * it as a payment does), a paid one owing again (a void, a debit note) is `sent` again.
 */
export function adjustInvoice(ctx: CompanyContext, invoice: InvoiceRow, change: InvoiceAdjustment): InvoiceRow {
  const paid = change.paid ?? 0;
  const credited = change.credited ?? 0;
  const debited = change.debited ?? 0;
  const amounts = {
    amountPaid: money.toNumber(money.add(invoice.amountPaid, paid)),
    amountCredited: money.toNumber(money.add(invoice.amountCredited, credited)),
    amountDebited: money.toNumber(money.add(invoice.amountDebited, debited)),
    amountDue: money.toNumber(money.parse(invoice.amountDue).plus(debited).minus(credited).minus(paid)),
  };
  const status: StoredInvoiceStatus =
    amounts.amountDue === 0 && invoice.status === 'sent'
      ? 'paid'
      : amounts.amountDue > 0 && invoice.status === 'paid'
        ? 'sent'
        : invoice.status;
  const payments = change.payments
    ? { paymentCount: invoice.paymentCount + change.payments.count, lastPaymentDate: change.payments.lastPaymentDate }
    : {};
  return invoicesTable(ctx).update(invoice.id, {
    ...amounts,
    baseAmountDue: money.toNumber(money.add(invoice.baseAmountDue, change.baseDelta)),
    paymentStatus: paymentStatusOf(amounts),
    status,
    ...payments,
    updatedAt: ctx.clock.iso(),
  });
}

/**
 * The company-currency part of `amount` taken from an open balance (`outstanding` in the document's
 * currency and `base` in the company's): all of `base` when `amount` takes all of it, so no cent is
 * left over at any rate; otherwise the converted amount, leaving at least a cent behind.
 */
export function basePortion(amount: number, outstanding: { amount: number; base: number }, exchangeRate: number): number {
  if (money.equals(amount, outstanding.amount)) return outstanding.base;
  const cap = money.toNumber(money.subtract(outstanding.base, 0.01));
  return Math.max(0, Math.min(toBase(amount, exchangeRate), cap));
}

/** An open balance in a document's currency, in the company's, and the document's rate. */
export interface OpenBalance {
  amount: number;
  base: number;
  exchangeRate: number;
}

/**
 * What credit applied to a debt (a credit note's to an invoice, a supplier's to a bill) takes of each in
 * the company's currency. Each side at its own rate; at one rate both take the same amount, except that
 * clearing both leaves no cent on either (their balances were rounded by different paths).
 */
export function settlementBases(amount: number, debt: OpenBalance, credit: OpenBalance): { debtBase: number; creditBase: number } {
  const debtBase = basePortion(amount, debt, debt.exchangeRate);
  const creditBase = basePortion(amount, credit, credit.exchangeRate);
  if (debt.exchangeRate !== credit.exchangeRate) return { debtBase, creditBase };
  const settlesDebt = money.equals(amount, debt.amount);
  if (settlesDebt && money.equals(amount, credit.amount)) return { debtBase, creditBase };
  const base = settlesDebt ? debtBase : creditBase;
  return { debtBase: base, creditBase: base };
}

/** An amount taken from a balance is in cents and not more than the balance: a 422 MAX_VALUE on `field` otherwise. */
export function checkAmountWithin(field: string, amount: number, max: number, what: string): void {
  if (!money.isCents(amount)) {
    throw validationError([
      { field, code: 'INVALID_FORMAT', message: `${field} is a number with at most two decimal places`, value: amount },
    ]);
  }
  if (money.compare(amount, max) > 0) {
    throw validationError([
      {
        field,
        code: 'MAX_VALUE',
        message: `${what} is ${money.toFixed(max)}; ${field} cannot be more`,
        value: amount,
        constraint: { max },
      },
    ]);
  }
}
