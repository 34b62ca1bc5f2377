import type { BillPaymentCreateParams, PaymentVoidParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { notFound, validationError } from '../../kernel/errors.js';
import { bankingAccount, controlAccount, type JournalLineInput, postLedgerEntry, reverseLedgerEntry } from '../accounting/index.js';
import { companyCurrency } from '../platform/index.js';
import { basePortion, checkDateOrder, checkNotAfterToday, PAYMENT_MOVES, toBase } from '../sales/index.js';
import * as money from '../shared/money.js';
import { balanceMove } from '../shared/party-balance.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { retrieveSupplier } from './suppliers.js';
import { suppliersTable } from './tables.js';
import { BILL_MOVES } from './bill-status.js';
import { retrieveBill } from './bills.js';
import { discountRecoverableTax, discountTaken } from './payment-discount.js';
import { BILL_PAYMENT_NUMBER, billPaymentsTable, billsTable, type BillPaymentRow, type BillRow } from './bill-tables.js';
import { settledBillStatus } from './bill-adjustments.js';

/** The payment's rate: the caller's for a bill in a foreign currency, else the bill's; 1 in the company's currency. */
function paymentRate(ctx: CompanyContext, bill: BillRow, exchangeRate: number | undefined): number {
  if (exchangeRate === undefined) return bill.exchangeRate;
  if (bill.currency === companyCurrency(ctx) && exchangeRate !== 1) {
    throw validationError([
      {
        field: 'exchangeRate',
        code: 'INVALID_CHOICE',
        message: `a payment in the company's currency has exchangeRate 1`,
        value: exchangeRate,
        constraint: [1],
      },
    ]);
  }
  return exchangeRate;
}

const belowOneCent = (amount: number) =>
  validationError([
    { field: 'amount', code: 'MIN_VALUE', message: 'the amount is below one cent in the company currency; pay more', value: amount },
  ]);

/** Moves the bill's amounts by a payment (`sign` 1) or its void (-1), and the supplier's balance with them. */
function settle(
  ctx: ActingContext,
  bill: BillRow,
  payment: Pick<BillPaymentRow, 'amount' | 'discountAmount' | 'baseSettled'>,
  sign: 1 | -1,
): BillRow {
  const paidAmount = money.toNumber(money.parse(bill.paidAmount).plus(sign * payment.amount));
  const discount = money.toNumber(money.parse(bill.discountTaken).plus(sign * payment.discountAmount));
  // What supplier credit and debit notes moved (PUR-58) stays in the balance.
  const balanceDue = money.toNumber(
    money.parse(bill.balanceDue).minus(sign * money.toNumber(money.add(payment.amount, payment.discountAmount))),
  );
  const supplier = retrieveSupplier(ctx, bill.supplierId);
  suppliersTable(ctx).update(supplier.id, balanceMove(supplier, -sign * payment.baseSettled, ctx.clock.iso()));
  return billsTable(ctx).update(bill.id, {
    paidAmount,
    discountTaken: discount,
    balanceDue,
    baseBalanceDue: money.toNumber(money.parse(bill.baseBalanceDue).minus(sign * payment.baseSettled)),
    status: settledBillStatus(balanceDue, money.add(money.add(paidAmount, discount), bill.creditedAmount)),
    updatedAt: ctx.clock.iso(),
  });
}

/** What a payment moves in the company's currency: the bank, what it settles, the discount and the recoverable tax in that discount. */
interface PaymentAmounts {
  bankAccountId: string;
  baseSettled: number;
  baseAmount: number;
  baseDiscount: number;
  baseDiscountTax: number;
}

/**
 * Dr accounts payable with what the payment clears at the bill's rate, Cr the bank with what it paid
 * at its own rate, Cr tax recoverable with the recoverable tax the discount carries and discounts
 * received with the rest of it (PUR-57); the rest is a realised exchange gain (a credit) or loss (a debit).
 */
function paymentLines(ctx: ActingContext, bill: BillRow, amounts: PaymentAmounts): JournalLineInput[] {
  const { bankAccountId, baseSettled, baseAmount, baseDiscount, baseDiscountTax } = amounts;
  const lines: JournalLineInput[] = [
    { accountId: controlAccount(ctx, 'accounts_payable').id, debit: baseSettled, description: `Settles ${bill.billNumber}` },
    { accountId: bankAccountId, credit: baseAmount },
  ];
  if (baseDiscountTax > 0)
    lines.push({
      accountId: controlAccount(ctx, 'tax_recoverable').id,
      credit: baseDiscountTax,
      description: `Tax in the early-payment discount on ${bill.billNumber}`,
    });
  if (baseDiscount > baseDiscountTax)
    lines.push({
      accountId: controlAccount(ctx, 'purchase_discount').id,
      credit: money.toNumber(money.subtract(baseDiscount, baseDiscountTax)),
      description: `Early-payment discount on ${bill.billNumber}`,
    });
  const gain = money.toNumber(money.parse(baseSettled).minus(baseAmount).minus(baseDiscount));
  if (gain !== 0) {
    const accountId = controlAccount(ctx, 'exchange_gain_loss').id;
    const description = `Realised exchange ${gain > 0 ? 'gain' : 'loss'} on ${bill.billNumber}`;
    lines.push(gain > 0 ? { accountId, credit: gain, description } : { accountId, debit: -gain, description });
  }
  return lines;
}

/**
 * `POST /bills/{id}/payments` (PUR-39): a part or full payment of an approved bill, one entry on
 * the payment date; `paidAmount`, `balanceDue` and the status follow, and the supplier's balance falls
 * by what the payment cleared. A paid bill answers 422 BILL_ALREADY_PAID; more than is due is refused.
 */
export function payBill(ctx: ActingContext, billId: string, input: BillPaymentCreateParams): BillRow {
  return ctx.store.transaction(() => {
    const bill = retrieveBill(ctx, billId);
    BILL_MOVES.assert('pay', bill.status, { billId: bill.id, billNumber: bill.billNumber, balanceDue: bill.balanceDue });
    const { amount } = input;
    if (!money.isCents(amount) || !(amount > 0))
      throw validationError([{ field: 'amount', code: 'MIN_VALUE', message: 'a payment is above zero, in cents', value: amount }]);
    const paymentDate = input.paymentDate ?? companyToday(ctx);
    checkDateOrder('paymentDate', paymentDate, bill.billDate, 'billDate');
    checkNotAfterToday(ctx, 'paymentDate', paymentDate);
    const discountAmount = discountTaken(bill, amount, paymentDate);
    const exchangeRate = paymentRate(ctx, bill, input.exchangeRate);
    const method = input.method ?? 'bank_transfer';
    const account = bankingAccount(ctx, { accountId: input.accountId, method, currency: bill.currency });

    const settled = money.toNumber(money.add(amount, discountAmount));
    const baseSettled = basePortion(settled, { amount: bill.balanceDue, base: bill.baseBalanceDue }, bill.exchangeRate);
    const baseDiscount = Math.min(toBase(discountAmount, bill.exchangeRate), baseSettled);
    const baseDiscountTax = Math.min(toBase(discountRecoverableTax(ctx, bill, discountAmount), bill.exchangeRate), baseDiscount);
    const baseAmount =
      exchangeRate === bill.exchangeRate ? money.toNumber(money.subtract(baseSettled, baseDiscount)) : toBase(amount, exchangeRate);
    if (!(baseSettled > 0) || !(baseAmount > 0)) throw belowOneCent(amount);

    const table = billPaymentsTable(ctx);
    const id = table.newId();
    const paymentNumber = nextDocumentNumber(ctx, BILL_PAYMENT_NUMBER);
    const entry = postLedgerEntry(ctx, {
      date: paymentDate,
      reference: paymentNumber,
      description: `Payment ${paymentNumber} to ${bill.supplier.name} for ${bill.billNumber}`,
      lines: paymentLines(ctx, bill, { bankAccountId: account.id, baseSettled, baseAmount, baseDiscount, baseDiscountTax }),
      source: { type: 'bill_payment', id },
    });
    const payment = table.insert({
      id,
      paymentNumber,
      billId: bill.id,
      supplierId: bill.supplierId,
      amount,
      discountAmount,
      exchangeRate,
      baseAmount,
      baseSettled,
      paymentDate,
      method,
      reference: input.reference ?? null,
      accountId: account.id,
      journalEntryId: entry.id,
      status: 'posted',
      voidDate: null,
      voidReason: null,
      createdBy: actorOf(ctx),
      createdAt: ctx.clock.iso(),
    });
    return settle(ctx, bill, payment, 1);
  });
}

/**
 * `POST /bills/{id}/payments/{paymentId}/void` (implied; "undoing a payment as for invoices"): reverses
 * the payment's entry on `voidDate` (default today), gives the bill back what the payment and its
 * discount cleared, and the supplier's balance with it.
 */
export function voidBillPayment(ctx: ActingContext, billId: string, paymentId: string, input: PaymentVoidParams): BillRow {
  return ctx.store.transaction(() => {
    const bill = retrieveBill(ctx, billId);
    const table = billPaymentsTable(ctx);
    const payment = table.get(paymentId);
    if (!payment || payment.billId !== bill.id) throw notFound('payment', paymentId, 'NOT_FOUND', 'paymentId');
    PAYMENT_MOVES.assert('void', payment.status, { paymentId: payment.id, paymentNumber: payment.paymentNumber, billId: bill.id });
    const voidDate = input.voidDate ?? companyToday(ctx);
    checkNotAfterToday(ctx, 'voidDate', voidDate);
    const reason = input.reason.trim();
    // The ledger's own void checks the reason and that the date is not before the payment's.
    reverseLedgerEntry(ctx, payment.journalEntryId, { reason: `Payment ${payment.paymentNumber} voided: ${reason}`, voidDate });
    table.update(payment.id, { status: 'voided', voidDate, voidReason: reason });
    return settle(ctx, bill, payment, -1);
  });
}
