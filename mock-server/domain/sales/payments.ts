import type { Payment, PaymentMethod } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { bankingAccount } from '../accounting/bank-accounts.js';
import { laterDate, companyToday } from '../shared/calendar.js';
import { controlAccount } from '../accounting/control-accounts.js';
import { recordCustomerActivity } from './customers.js';
import { toBase } from './document-lines.js';
import { validationError } from '../../kernel/errors.js';
import { assertInvoiceMove, retrieveInvoice } from './invoices.js';
import { postLedgerEntry } from '../accounting/journal-entries.js';
import * as money from '../shared/money.js';
import { checkDateOrder, SALES_NUMBERS } from './sales-documents.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { invoicesTable, paymentsTable, type InvoiceRow, type PaymentRow } from './document-tables.js';

/** A payment as `POST /invoices/{id}/payments` (and `/payment`) takes it (spec document 2, "Invoices"). */
export interface PaymentInput {
  amount: number;
  paymentDate?: string;
  paymentMethod?: PaymentMethod;
  reference?: string | null;
  notes?: string | null;
  accountId?: string;
}

/**
 * Records a payment against a sent invoice (issue #3, "Money and the ledger"): posts debit the
 * bank or cash account, credit accounts receivable; moves the invoice's `amountPaid`, `amountDue`,
 * `paymentStatus`, `lastPaymentDate` (and `status` to `paid` when nothing is left) and lowers the
 * customer's balance. An amount not above zero or above `amountDue` is refused and changes nothing.
 */
export function recordPayment(ctx: ActingContext, invoiceId: string, input: PaymentInput): PaymentRow {
  return ctx.store.transaction(() => {
    const invoice = retrieveInvoice(ctx, invoiceId);
    assertInvoiceMove(invoice, 'pay', { amountPaid: invoice.amountPaid });

    const { amount } = input;
    checkPaymentAmount(invoice, amount);
    const paymentDate = input.paymentDate ?? companyToday(ctx);
    checkDateOrder('paymentDate', paymentDate, invoice.invoiceDate, 'invoiceDate');
    const paymentMethod = input.paymentMethod ?? 'bank_transfer';
    const account = bankingAccount(ctx, { accountId: input.accountId, method: paymentMethod, currency: invoice.currency });

    const { amountDue, baseAmount } = settlementOf(invoice, amount);

    const table = paymentsTable(ctx);
    const id = table.newId();
    const paymentNumber = nextDocumentNumber(ctx, SALES_NUMBERS.payment);
    const receivable = controlAccount(ctx, 'accounts_receivable');
    const entry = postLedgerEntry(ctx, {
      date: paymentDate,
      reference: paymentNumber,
      description: `Payment ${paymentNumber} from ${invoice.customer.name} for ${invoice.invoiceNumber}`,
      lines: [
        { accountId: account.id, debit: baseAmount },
        { accountId: receivable.id, credit: baseAmount, description: `Settles ${invoice.invoiceNumber}` },
      ],
      source: { type: 'payment', id },
    });
    const payment = table.insert({
      id,
      paymentNumber,
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      customerId: invoice.customerId,
      amount,
      baseAmount,
      currency: invoice.currency,
      paymentDate,
      paymentMethod,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      accountId: account.id,
      journalEntryId: entry.id,
      createdBy: actorOf(ctx),
      createdAt: ctx.clock.iso(),
    });

    settleInvoice(ctx, invoice, { amount, amountDue, baseAmount, paymentDate });
    recordCustomerActivity(ctx, invoice.customerId, { balanceDelta: -baseAmount });
    return payment;
  });
}

/** An invoice's payments, oldest first (for `GET /invoices/{id}/payments`); 404 for an unknown invoice. */
export function invoicePayments(ctx: CompanyContext, invoiceId: string): PaymentRow[] {
  retrieveInvoice(ctx, invoiceId);
  return paymentsTable(ctx).byIndex('invoiceId', invoiceId);
}

export function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    paymentNumber: row.paymentNumber,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    customerId: row.customerId,
    amount: row.amount,
    currency: row.currency,
    paymentDate: row.paymentDate,
    paymentMethod: row.paymentMethod,
    reference: row.reference,
    notes: row.notes,
    accountId: row.accountId,
    journalEntryId: row.journalEntryId,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
  };
}

/** A payment is above zero, in cents, and not more than the invoice has due. */
function checkPaymentAmount(invoice: InvoiceRow, amount: number): void {
  if (typeof amount !== 'number' || !money.isCents(amount)) {
    throw validationError([{ field: 'amount', code: 'INVALID_FORMAT', message: 'amount is a number with at most two decimal places', value: amount }]);
  }
  if (amount <= 0) {
    throw validationError([{ field: 'amount', code: 'MIN_VALUE', message: 'a payment must be above zero', value: amount, constraint: { min: 0, inclusive: false } }]);
  }
  if (money.compare(amount, invoice.amountDue) > 0) {
    throw validationError([
      {
        field: 'amount',
        code: 'MAX_VALUE',
        message: `${invoice.invoiceNumber} has ${money.toFixed(invoice.amountDue)} due; a payment cannot be more`,
        value: amount,
        constraint: { max: invoice.amountDue },
      },
    ]);
  }
}

/**
 * What the payment leaves due, and what it clears of receivable in the company's currency. The payment
 * that settles the invoice clears exactly what receivable still holds for it, so no cent is left over
 * at any rate; a part payment leaves at least a cent there, so the settling payment always posts something.
 */
function settlementOf(invoice: InvoiceRow, amount: number): { amountDue: number; baseAmount: number } {
  const amountDue = money.toNumber(money.subtract(invoice.amountDue, amount));
  const partCap = money.toNumber(money.subtract(invoice.baseAmountDue, 0.01));
  const baseAmount = amountDue === 0 ? invoice.baseAmountDue : Math.min(toBase(amount, invoice.exchangeRate), partCap);
  if (!(baseAmount > 0)) {
    throw validationError([
      {
        field: 'amount',
        code: 'MIN_VALUE',
        message: `the amount is below one cent in the company currency; pay more, or the whole ${money.toFixed(invoice.amountDue)} due`,
        value: amount,
      },
    ]);
  }
  return { amountDue, baseAmount };
}

/** The invoice after a payment: paid and due amounts, payment status, and `paid` when nothing is left. */
function settleInvoice(ctx: ActingContext, invoice: InvoiceRow, payment: { amount: number; amountDue: number; baseAmount: number; paymentDate: string }): void {
  const { amount, amountDue, baseAmount, paymentDate } = payment;
  invoicesTable(ctx).update(invoice.id, {
    amountPaid: money.toNumber(money.add(invoice.amountPaid, amount)),
    amountDue,
    baseAmountDue: money.toNumber(money.subtract(invoice.baseAmountDue, baseAmount)),
    paymentStatus: amountDue === 0 ? 'paid' : 'partial',
    status: amountDue === 0 ? 'paid' : invoice.status,
    lastPaymentDate: laterDate(invoice.lastPaymentDate, paymentDate),
    paymentCount: invoice.paymentCount + 1,
    updatedAt: ctx.clock.iso(),
  });
}
