import type { SupplierCreditNoteApplyParams, SupplierCreditNoteRefundParams } from '../../../src/contract/index.js';
import { businessRule, validationError } from '../../kernel/errors.js';
import { bankingAccount, controlAccount, postLedgerEntry } from '../accounting/index.js';
import { basePortion, checkAmountWithin, checkDateOrder, checkNotAfterToday, settlementBases } from '../sales/index.js';
import type { ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import * as money from '../shared/money.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { balanceMove } from '../shared/party-balance.js';
import { retrieveSupplier } from './suppliers.js';
import { suppliersTable } from './tables.js';
import { retrieveBill } from './bills.js';
import { adjustBill } from './bill-adjustments.js';
import type { BillRow } from './bill-tables.js';
import { retrieveSupplierCreditNote } from './supplier-credit-notes.js';
import {
  BILL_NOTE_MOVES,
  SUPPLIER_CREDIT_MOVES,
  SUPPLIER_NOTE_NUMBERS,
  supplierCreditNotesTable,
  supplierCreditStatusOf,
  type SupplierCreditNoteRow,
} from './supplier-note-tables.js';

/** The bill credit is applied to: the note's supplier's, in its currency, with something due. */
function billToApply(ctx: ActingContext, note: SupplierCreditNoteRow, billId: string): BillRow {
  const bill = retrieveBill(ctx, billId);
  const both = { supplierCreditNoteId: note.id, creditNoteNumber: note.creditNoteNumber, billId: bill.id, billNumber: bill.billNumber };
  if (bill.supplierId !== note.supplierId)
    throw businessRule("supplier credit is applied only to the same supplier's bills", {
      ...both,
      supplierId: note.supplierId,
      billSupplierId: bill.supplierId,
    });
  if (bill.currency !== note.currency)
    throw businessRule('supplier credit is applied only to bills in its own currency', {
      ...both,
      currency: note.currency,
      billCurrency: bill.currency,
    });
  BILL_NOTE_MOVES.assert('apply', bill.status, both);
  return bill;
}

/**
 * Books what the credit and the debt it settles differ by in the company's currency (PUR-58): both sit in
 * accounts payable, so only a difference of rates (or a cent of rounding) posts, to exchange gain or loss.
 * Credit worth more than the bill's payable it clears leaves payables owed more (Cr payables, Dr a loss).
 */
function postApplicationDifference(ctx: ActingContext, note: SupplierCreditNoteRow, bill: BillRow, difference: number, date: string): void {
  const payable = controlAccount(ctx, 'accounts_payable').id;
  const exchange = controlAccount(ctx, 'exchange_gain_loss').id;
  const amount = Math.abs(difference);
  const [debit, credit] = difference > 0 ? [exchange, payable] : [payable, exchange];
  postLedgerEntry(ctx, {
    date,
    reference: note.creditNoteNumber,
    description: `Exchange difference on applying ${note.creditNoteNumber} to ${bill.billNumber}`,
    lines: [
      { accountId: debit, debit: amount },
      { accountId: credit, credit: amount },
    ],
    source: { type: 'supplier_credit_note', id: note.id },
  });
}

/**
 * `POST /supplier-credit-notes/{id}/applications` (PUR-58): remaining supplier credit settles another open
 * bill of the supplier in the same currency; the bill's `creditedAmount` rises and its balance falls.
 */
export function applySupplierCredit(ctx: ActingContext, creditNoteId: string, input: SupplierCreditNoteApplyParams): SupplierCreditNoteRow {
  return ctx.store.transaction(() => {
    const note = retrieveSupplierCreditNote(ctx, creditNoteId);
    SUPPLIER_CREDIT_MOVES.assert('apply', note.status, { supplierCreditNoteId: note.id, remainingCredit: note.remainingCredit });
    const bill = billToApply(ctx, note, input.billId);
    const { amount } = input;
    checkAmountWithin('amount', amount, note.remainingCredit, `${note.creditNoteNumber}'s remaining credit`);
    checkAmountWithin('amount', amount, bill.balanceDue, `what ${bill.billNumber} has due`);
    const applicationDate = input.applicationDate ?? companyToday(ctx);
    checkDateOrder('applicationDate', applicationDate, note.creditNoteDate, 'creditNoteDate');
    checkDateOrder('applicationDate', applicationDate, bill.billDate, 'billDate');
    checkNotAfterToday(ctx, 'applicationDate', applicationDate);

    const { debtBase, creditBase } = settlementBases(
      amount,
      { amount: bill.balanceDue, base: bill.baseBalanceDue, exchangeRate: bill.exchangeRate },
      { amount: note.remainingCredit, base: note.baseRemainingCredit, exchangeRate: note.exchangeRate },
    );
    const difference = money.toNumber(money.subtract(creditBase, debtBase));
    if (difference !== 0) postApplicationDifference(ctx, note, bill, difference, applicationDate);
    adjustBill(ctx, bill, { credited: amount, baseDelta: -debtBase });
    const now = ctx.clock.iso();
    const supplier = retrieveSupplier(ctx, note.supplierId);
    if (difference !== 0) suppliersTable(ctx).update(supplier.id, balanceMove(supplier, difference, now));
    const remainingCredit = money.toNumber(money.subtract(note.remainingCredit, amount));
    return supplierCreditNotesTable(ctx).update(note.id, {
      amountApplied: money.toNumber(money.add(note.amountApplied, amount)),
      remainingCredit,
      baseRemainingCredit: money.toNumber(money.subtract(note.baseRemainingCredit, creditBase)),
      status: supplierCreditStatusOf(remainingCredit, note.amountRefunded),
      applications: [
        ...note.applications,
        {
          id: ctx.store.ids.next('sca'),
          billId: bill.id,
          billNumber: bill.billNumber,
          amount,
          baseAmount: debtBase,
          creditBase,
          applicationDate,
          createdAt: now,
        },
      ],
      updatedAt: now,
    });
  });
}

/**
 * `POST /supplier-credit-notes/{id}/refunds` (PUR-58): the supplier pays back remaining credit. Posts Dr the
 * bank or cash account, Cr accounts payable, at the credit note's rate on the refund's date (not after today);
 * the credit falls and the supplier's balance rises back by it.
 */
export function refundSupplierCredit(
  ctx: ActingContext,
  creditNoteId: string,
  input: SupplierCreditNoteRefundParams,
): SupplierCreditNoteRow {
  return ctx.store.transaction(() => {
    const note = retrieveSupplierCreditNote(ctx, creditNoteId);
    SUPPLIER_CREDIT_MOVES.assert('refund', note.status, { supplierCreditNoteId: note.id, remainingCredit: note.remainingCredit });
    const { amount } = input;
    checkAmountWithin('amount', amount, note.remainingCredit, `${note.creditNoteNumber}'s remaining credit`);
    const refundDate = input.refundDate ?? companyToday(ctx);
    checkDateOrder('refundDate', refundDate, note.creditNoteDate, 'creditNoteDate');
    checkNotAfterToday(ctx, 'refundDate', refundDate);
    const method = input.method ?? 'bank_transfer';
    const account = bankingAccount(ctx, { accountId: input.accountId, method, currency: note.currency });
    const baseAmount = basePortion(amount, { amount: note.remainingCredit, base: note.baseRemainingCredit }, note.exchangeRate);
    if (!(baseAmount > 0))
      throw validationError([
        {
          field: 'amount',
          code: 'MIN_VALUE',
          message: 'the amount is below one cent in the company currency; record more, or all the remaining credit',
          value: amount,
        },
      ]);
    const refundNumber = nextDocumentNumber(ctx, SUPPLIER_NOTE_NUMBERS.refund);
    const entry = postLedgerEntry(ctx, {
      date: refundDate,
      reference: refundNumber,
      description: `Refund ${refundNumber} from ${note.supplier.name} of ${note.creditNoteNumber}`,
      lines: [
        { accountId: account.id, debit: baseAmount },
        { accountId: controlAccount(ctx, 'accounts_payable').id, credit: baseAmount, description: `Refund of ${note.creditNoteNumber}` },
      ],
      source: { type: 'supplier_credit_note', id: note.id },
    });
    const now = ctx.clock.iso();
    const supplier = retrieveSupplier(ctx, note.supplierId);
    suppliersTable(ctx).update(supplier.id, balanceMove(supplier, baseAmount, now));
    const amountRefunded = money.toNumber(money.add(note.amountRefunded, amount));
    const remainingCredit = money.toNumber(money.subtract(note.remainingCredit, amount));
    const refund = {
      id: ctx.store.ids.next('srf'),
      refundNumber,
      amount,
      baseAmount,
      refundDate,
      method,
      reference: input.reference ?? null,
      accountId: account.id,
      journalEntryId: entry.id,
      createdAt: now,
    };
    return supplierCreditNotesTable(ctx).update(note.id, {
      amountRefunded,
      remainingCredit,
      baseRemainingCredit: money.toNumber(money.subtract(note.baseRemainingCredit, baseAmount)),
      status: supplierCreditStatusOf(remainingCredit, amountRefunded),
      refunds: [...note.refunds, refund],
      updatedAt: now,
    });
  });
}
