import { MAX_AMOUNT, type Payment, type PaymentMethod, type PaymentRecordStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { bankingAccount, controlAccount, type JournalLineInput, postLedgerEntry } from '../accounting/index.js';
import { laterDate, companyToday } from '../shared/calendar.js';
import { recordCustomerActivity } from './customers.js';
import { toBase } from './document-lines.js';
import { validationError } from '../../kernel/errors.js';
import { assertInvoiceMove, retrieveInvoice } from './invoices.js';
import * as money from '../shared/money.js';
import { checkDateOrder, checkNotAfterToday, SALES_NUMBERS } from './sales-documents.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { paymentsTable, type InvoiceRow, type PaymentRow } from './document-tables.js';
import { adjustInvoice, basePortion } from './invoice-adjustments.js';
import { companyCurrency } from '../platform/index.js';

/** A payment as `POST /invoices/{id}/payments` (and `/payment`) takes it (spec document 2, "Invoices"). */
export interface PaymentInput {
  amount: number;
  paymentDate?: string;
  paymentMethod?: PaymentMethod;
  reference?: string | null;
  notes?: string | null;
  accountId?: string;
  exchangeRate?: number;
}

/**
 * Records a payment against a sent invoice (SALES-37, SALES-38): posts debit the
 * bank or cash account, credit accounts receivable; moves the invoice's `amountPaid`, `amountDue`,
 * `paymentStatus`, `lastPaymentDate` (and `status` to `paid` when nothing is left) and lowers the
 * customer's balance. An amount not above zero or above `amountDue`, or a date after today, is
 * refused and changes nothing. A foreign-currency payment at its own rate books the difference
 * against the invoice's rate as a realised exchange gain or loss (SALES-57, SALES-58).
 */
export function recordPayment(ctx: ActingContext, invoiceId: string, input: PaymentInput): PaymentRow {
  return ctx.store.transaction(() => {
    const invoice = retrieveInvoice(ctx, invoiceId);
    assertInvoiceMove(invoice, 'pay', { amountPaid: invoice.amountPaid });

    const { amount } = input;
    checkPaymentAmount(invoice, amount);
    const paymentDate = input.paymentDate ?? companyToday(ctx);
    checkDateOrder('paymentDate', paymentDate, invoice.invoiceDate, 'invoiceDate');
    checkNotAfterToday(ctx, 'paymentDate', paymentDate);
    const exchangeRate = paymentRateOf(ctx, invoice, input.exchangeRate);
    const paymentMethod = input.paymentMethod ?? 'bank_transfer';
    const account = bankingAccount(ctx, { accountId: input.accountId, method: paymentMethod, currency: invoice.currency });

    const baseSettled = settledBase(invoice, amount);
    const baseAmount = exchangeRate === invoice.exchangeRate ? baseSettled : bankedAmount(amount, exchangeRate);

    const table = paymentsTable(ctx);
    const id = table.newId();
    const paymentNumber = nextDocumentNumber(ctx, SALES_NUMBERS.payment);
    const entry = postLedgerEntry(ctx, {
      date: paymentDate,
      reference: paymentNumber,
      description: `Payment ${paymentNumber} from ${invoice.customer.name} for ${invoice.invoiceNumber}`,
      lines: paymentLines(ctx, invoice, { bankAccountId: account.id, baseAmount, baseSettled }),
      source: { type: 'payment', id },
    });
    const payment = table.insert({
      id,
      paymentNumber,
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      customerId: invoice.customerId,
      amount,
      exchangeRate,
      baseAmount,
      baseSettled,
      currency: invoice.currency,
      paymentDate,
      paymentMethod,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      accountId: account.id,
      journalEntryId: entry.id,
      status: 'posted',
      voidDate: null,
      voidedAt: null,
      voidReason: null,
      createdBy: actorOf(ctx),
      createdAt: ctx.clock.iso(),
    });

    adjustInvoice(ctx, invoice, {
      paid: amount,
      baseDelta: -baseSettled,
      payments: { count: 1, lastPaymentDate: laterDate(invoice.lastPaymentDate, paymentDate) },
    });
    recordCustomerActivity(ctx, invoice.customerId, { balanceDelta: -baseSettled });
    return payment;
  });
}

/** An invoice's payments, oldest first (for `GET /invoices/{id}/payments`), of one `status` if given; 404 for an unknown invoice. */
export function invoicePayments(ctx: CompanyContext, invoiceId: string, status?: PaymentRecordStatus): PaymentRow[] {
  retrieveInvoice(ctx, invoiceId);
  const rows = paymentsTable(ctx).byIndex('invoiceId', invoiceId);
  return status === undefined ? rows : rows.filter((row) => row.status === status);
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
    exchangeRate: row.exchangeRate,
    baseAmount: row.baseAmount,
    paymentDate: row.paymentDate,
    paymentMethod: row.paymentMethod,
    reference: row.reference,
    notes: row.notes,
    accountId: row.accountId,
    journalEntryId: row.journalEntryId,
    status: row.status,
    voidDate: row.voidDate,
    voidedAt: row.voidedAt,
    voidReason: row.voidReason,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
  };
}

/** A payment is above zero, in cents, and not more than the invoice has due. */
function checkPaymentAmount(invoice: InvoiceRow, amount: number): void {
  if (typeof amount !== 'number' || !money.isCents(amount)) {
    throw validationError([
      { field: 'amount', code: 'INVALID_FORMAT', message: 'amount is a number with at most two decimal places', value: amount },
    ]);
  }
  if (amount <= 0) {
    throw validationError([
      {
        field: 'amount',
        code: 'MIN_VALUE',
        message: 'a payment must be above zero',
        value: amount,
        constraint: { min: 0, inclusive: false },
      },
    ]);
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
 * What the payment clears of receivable in the company's currency (`basePortion`: the settling payment
 * clears exactly what receivables still hold, a part payment leaves at least a cent there); a part
 * worth less than a cent is refused.
 */
function settledBase(invoice: InvoiceRow, amount: number): number {
  const baseSettled = basePortion(amount, { amount: invoice.amountDue, base: invoice.baseAmountDue }, invoice.exchangeRate);
  if (!(baseSettled > 0)) throw belowOneCent(amount, `pay more, or the whole ${money.toFixed(invoice.amountDue)} due`);
  return baseSettled;
}

/** What the bank receives at the payment's own rate: a cent at least, and within what one amount may be (as a document's total is). */
function bankedAmount(amount: number, exchangeRate: number): number {
  const exact = money.parse(amount).times(exchangeRate);
  if (money.compare(exact, MAX_AMOUNT) > 0) {
    throw validationError([
      {
        field: 'amount',
        code: 'MAX_VALUE',
        message: `at exchangeRate ${exchangeRate} the payment is ${money.toFixed(exact)} in the company currency, above the largest the service takes, ${money.toFixed(MAX_AMOUNT)}`,
        value: amount,
        constraint: { max: MAX_AMOUNT },
      },
    ]);
  }
  const baseAmount = toBase(amount, exchangeRate);
  if (!(baseAmount > 0)) throw belowOneCent(amount, 'pay more');
  return baseAmount;
}

const belowOneCent = (amount: number, advice: string) =>
  validationError([
    { field: 'amount', code: 'MIN_VALUE', message: `the amount is below one cent in the company currency; ${advice}`, value: amount },
  ]);

/**
 * The payment's rate: the caller's for an invoice in a foreign currency, else the invoice's. In the
 * company's currency a rate other than 1 is refused, as documents refuse it.
 */
function paymentRateOf(ctx: CompanyContext, invoice: InvoiceRow, exchangeRate: number | undefined): number {
  if (exchangeRate === undefined) return invoice.exchangeRate;
  const base = companyCurrency(ctx);
  if (invoice.currency === base && exchangeRate !== 1) {
    throw validationError([
      {
        field: 'exchangeRate',
        code: 'INVALID_CHOICE',
        message: `a payment in the company's currency ${base} has exchangeRate 1`,
        value: exchangeRate,
        constraint: [1],
      },
    ]);
  }
  return exchangeRate;
}

/**
 * Debit the bank with what it received (`baseAmount`), credit receivables with what the payment
 * clears at the invoice's rate (`baseSettled`); the difference is a realised exchange gain (a credit)
 * or loss (a debit) on the seeded `exchange_gain_loss` account.
 */
function paymentLines(
  ctx: ActingContext,
  invoice: InvoiceRow,
  amounts: { bankAccountId: string; baseAmount: number; baseSettled: number },
): JournalLineInput[] {
  const { bankAccountId, baseAmount, baseSettled } = amounts;
  const lines: JournalLineInput[] = [
    { accountId: bankAccountId, debit: baseAmount },
    { accountId: controlAccount(ctx, 'accounts_receivable').id, credit: baseSettled, description: `Settles ${invoice.invoiceNumber}` },
  ];
  const difference = money.toNumber(money.subtract(baseAmount, baseSettled));
  if (difference !== 0) {
    const accountId = controlAccount(ctx, 'exchange_gain_loss').id;
    const description = `Realised exchange ${difference > 0 ? 'gain' : 'loss'} on ${invoice.invoiceNumber}`;
    lines.push(difference > 0 ? { accountId, credit: difference, description } : { accountId, debit: -difference, description });
  }
  return lines;
}
