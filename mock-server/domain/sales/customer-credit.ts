import type { PaymentMethod } from '../../../src/contract/index.js';
import { bankingAccount, controlAccount, postLedgerEntry } from '../accounting/index.js';
import { businessRule, notFound, validationError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { companyToday } from '../shared/calendar.js';
import * as money from '../shared/money.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { recordCustomerActivity } from './customers.js';
import { checkDateOrder, checkNotAfterToday, SALES_NUMBERS } from './sales-documents.js';
import { retrieveInvoice } from './invoices.js';
import { retrieveCreditNote } from './credit-notes.js';
import {
  adjustInvoice,
  basePortion,
  checkAmountWithin,
  CREDIT_NOTE_MOVES,
  creditNoteStatusOf,
  INVOICE_NOTE_MOVES,
  settlementBases,
} from './invoice-adjustments.js';
import { creditNotesTable, refundsTable, type CreditNoteRow, type RefundRow } from './note-tables.js';
import type { InvoiceRow } from './document-tables.js';

/** `POST /credit-notes/{id}/allocations` (SALES-62, Xero's allocation model). */
export interface AllocationInput {
  invoiceId: string;
  amount: number;
  allocationDate?: string;
}

/** `POST /credit-notes/{id}/refunds` (SALES-63). */
export interface RefundInput {
  amount: number;
  refundDate?: string;
  paymentMethod?: PaymentMethod;
  reference?: string | null;
  notes?: string | null;
  accountId?: string;
}

export function retrieveRefund(ctx: CompanyContext, refundId: string): RefundRow {
  const refund = refundsTable(ctx).get(refundId);
  if (!refund) throw notFound('refund', refundId, 'NOT_FOUND', 'refundId');
  return refund;
}

/**
 * Applies a credit note's remaining credit to another open invoice of the same customer and currency
 * (SALES-62): the invoice's `amountCredited` rises and its `amountDue` falls, the credit note's
 * `remainingCredit` falls. Both sit in accounts receivable, so nothing is posted at one rate (but a
 * cent of rounding); across rates the difference is a realised exchange gain or loss.
 */
export function allocateCredit(ctx: ActingContext, creditNoteId: string, input: AllocationInput): CreditNoteRow {
  return ctx.store.transaction(() => {
    const note = retrieveCreditNote(ctx, creditNoteId);
    const facts = { creditNoteId: note.id, creditNoteNumber: note.creditNoteNumber };
    CREDIT_NOTE_MOVES.assert('allocate', note.status, { ...facts, remainingCredit: note.remainingCredit });
    const invoice = retrieveInvoice(ctx, input.invoiceId);
    const both = { ...facts, invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber };
    if (invoice.customerId !== note.customerId) {
      throw businessRule("credit is applied only to the same customer's invoices", {
        ...both,
        customerId: note.customerId,
        invoiceCustomerId: invoice.customerId,
      });
    }
    if (invoice.currency !== note.currency) {
      throw businessRule('credit is applied only to invoices in its own currency', {
        ...both,
        currency: note.currency,
        invoiceCurrency: invoice.currency,
      });
    }
    INVOICE_NOTE_MOVES.assert('allocate', invoice.status, both);
    const { amount } = input;
    checkAmountWithin('amount', amount, note.remainingCredit, `${note.creditNoteNumber}'s remaining credit`);
    checkAmountWithin('amount', amount, invoice.amountDue, `what ${invoice.invoiceNumber} has due`);
    const allocationDate = input.allocationDate ?? companyToday(ctx);
    checkDateOrder('allocationDate', allocationDate, note.creditNoteDate, 'creditNoteDate');
    checkDateOrder('allocationDate', allocationDate, invoice.invoiceDate, 'invoiceDate');
    checkNotAfterToday(ctx, 'allocationDate', allocationDate);

    const { invoiceBase, noteBase } = allocationBases(amount, invoice, note);
    const difference = money.toNumber(money.subtract(noteBase, invoiceBase));
    if (difference !== 0) postAllocationDifference(ctx, note, invoice, difference, allocationDate);

    adjustInvoice(ctx, invoice, { credited: amount, baseDelta: -invoiceBase });
    const amountApplied = money.toNumber(money.add(note.amountApplied, amount));
    const remainingCredit = money.toNumber(money.subtract(note.remainingCredit, amount));
    const now = ctx.clock.iso();
    return creditNotesTable(ctx).update(note.id, {
      amountApplied,
      remainingCredit,
      baseRemainingCredit: money.toNumber(money.subtract(note.baseRemainingCredit, noteBase)),
      status: creditNoteStatusOf(remainingCredit, note.amountRefunded),
      allocations: [
        ...note.allocations,
        {
          id: ctx.store.ids.next('cal'),
          invoiceId: invoice.id,
          invoiceNumber: invoice.invoiceNumber,
          amount,
          baseAmount: invoiceBase,
          allocationDate,
          createdAt: now,
        },
      ],
      updatedAt: now,
    });
  });
}

/** What an allocation takes of the invoice's receivable and of the credit, in the company's currency (`settlementBases`). */
function allocationBases(amount: number, invoice: InvoiceRow, note: CreditNoteRow): { invoiceBase: number; noteBase: number } {
  const { debtBase, creditBase } = settlementBases(
    amount,
    { amount: invoice.amountDue, base: invoice.baseAmountDue, exchangeRate: invoice.exchangeRate },
    { amount: note.remainingCredit, base: note.baseRemainingCredit, exchangeRate: note.exchangeRate },
  );
  return { invoiceBase: debtBase, noteBase: creditBase };
}

/**
 * Books what the credit and the debt it settles differ by in the company's currency: credit worth more
 * than the debt it clears is a gain (Dr receivables, Cr exchange gain/loss), less a loss; at one rate
 * only a cent of rounding, which goes to sales. Receivables then still equal what customers owe less
 * their credit (IAS 21: a settlement at another rate realises the difference).
 */
function postAllocationDifference(ctx: ActingContext, note: CreditNoteRow, invoice: InvoiceRow, difference: number, date: string): void {
  const receivable = controlAccount(ctx, 'accounts_receivable').id;
  const sameRate = invoice.exchangeRate === note.exchangeRate;
  const other = controlAccount(ctx, sameRate ? 'sales' : 'exchange_gain_loss').id;
  const amount = Math.abs(difference);
  const [debit, credit] = difference > 0 ? [receivable, other] : [other, receivable];
  postLedgerEntry(ctx, {
    date,
    reference: note.creditNoteNumber,
    description: `${sameRate ? 'Rounding' : 'Exchange difference'} on applying ${note.creditNoteNumber} to ${invoice.invoiceNumber}`,
    lines: [
      { accountId: debit, debit: amount },
      { accountId: credit, credit: amount },
    ],
    source: { type: 'credit_note', id: note.id },
  });
  recordCustomerActivity(ctx, note.customerId, { balanceDelta: difference });
}

/**
 * Pays out a credit note's remaining credit (SALES-63): posts Dr accounts receivable, Cr the bank or
 * cash account, at the refund's date (not after today); the credit note's `remainingCredit` falls and
 * the customer's balance rises back by the refund.
 */
export function refundCredit(ctx: ActingContext, creditNoteId: string, input: RefundInput): RefundRow {
  return ctx.store.transaction(() => {
    const note = retrieveCreditNote(ctx, creditNoteId);
    CREDIT_NOTE_MOVES.assert('refund', note.status, {
      creditNoteId: note.id,
      creditNoteNumber: note.creditNoteNumber,
      remainingCredit: note.remainingCredit,
    });
    const { amount } = input;
    checkAmountWithin('amount', amount, note.remainingCredit, `${note.creditNoteNumber}'s remaining credit`);
    const refundDate = input.refundDate ?? companyToday(ctx);
    checkDateOrder('refundDate', refundDate, note.creditNoteDate, 'creditNoteDate');
    checkNotAfterToday(ctx, 'refundDate', refundDate);
    const paymentMethod = input.paymentMethod ?? 'bank_transfer';
    const account = bankingAccount(ctx, { accountId: input.accountId, method: paymentMethod, currency: note.currency });
    const baseAmount = basePortion(amount, { amount: note.remainingCredit, base: note.baseRemainingCredit }, note.exchangeRate);
    if (!(baseAmount > 0)) {
      throw validationError([
        {
          field: 'amount',
          code: 'MIN_VALUE',
          message: 'the amount is below one cent in the company currency; refund more, or all the remaining credit',
          value: amount,
        },
      ]);
    }

    const table = refundsTable(ctx);
    const id = table.newId();
    const refundNumber = nextDocumentNumber(ctx, SALES_NUMBERS.refund);
    const entry = postLedgerEntry(ctx, {
      date: refundDate,
      reference: refundNumber,
      description: `Refund ${refundNumber} to ${note.customer.name} of ${note.creditNoteNumber}`,
      lines: [
        { accountId: controlAccount(ctx, 'accounts_receivable').id, debit: baseAmount, description: `Refunds ${note.creditNoteNumber}` },
        { accountId: account.id, credit: baseAmount },
      ],
      source: { type: 'refund', id },
    });
    const now = ctx.clock.iso();
    const refund = table.insert({
      id,
      refundNumber,
      creditNoteId: note.id,
      creditNoteNumber: note.creditNoteNumber,
      customerId: note.customerId,
      amount,
      baseAmount,
      currency: note.currency,
      refundDate,
      paymentMethod,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      accountId: account.id,
      journalEntryId: entry.id,
      createdBy: actorOf(ctx),
      createdAt: now,
    });
    const amountRefunded = money.toNumber(money.add(note.amountRefunded, amount));
    const remainingCredit = money.toNumber(money.subtract(note.remainingCredit, amount));
    creditNotesTable(ctx).update(note.id, {
      amountRefunded,
      remainingCredit,
      baseRemainingCredit: money.toNumber(money.subtract(note.baseRemainingCredit, baseAmount)),
      status: creditNoteStatusOf(remainingCredit, amountRefunded),
      refundIds: [...note.refundIds, refund.id],
      updatedAt: now,
    });
    recordCustomerActivity(ctx, note.customerId, { balanceDelta: baseAmount });
    return refund;
  });
}
