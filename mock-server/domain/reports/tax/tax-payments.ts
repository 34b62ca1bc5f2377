import type { TaxPayment, TaxPaymentCreateParams } from '../../../../src/contract/index.js';
import { businessRule, validationError } from '../../../kernel/errors.js';
import { bankingAccount, controlAccount, postLedgerEntry, TAX_PAYMENT_SOURCE } from '../../accounting/index.js';
import { companyCurrency } from '../../platform/index.js';
import { checkDateOrder, checkNotAfterToday } from '../../sales/index.js';
import type { ActingContext } from '../../shared/actor.js';
import { companyToday } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { retrieveTaxReturn, taxReturnsTable, type TaxReturnRow } from './tax-return-table.js';

// A tax return's settlement (decisions ACC-35, ACC-39): money to or from the authority, and, once per
// return, its input tax moved from tax recoverable to tax payable in the same entry.

/** `[accountId, amount]`: debit when positive, credit when negative; a zero amount writes no line. */
type Movement = [accountId: string, debit: money.Amount];

/**
 * One settlement entry of a return: `cash` paid to the authority (negative: a refund received) through
 * `bankId`, and on the return's first settlement its input tax cleared from tax recoverable, so one
 * balanced entry clears both tax accounts: Dr 2120 (input tax + cash) / Cr 1180 input tax / Cr bank cash.
 */
function settlementLines(ctx: ActingContext, row: TaxReturnRow, cash: money.Amount, bankId: string | null) {
  const clearing = row.payments.length === 0 ? money.parse(row.inputTax) : money.ZERO;
  const movements: Movement[] = [[controlAccount(ctx, 'tax_payable').id, clearing.plus(cash)]];
  if (!clearing.isZero()) movements.push([controlAccount(ctx, 'tax_recoverable').id, clearing.negated()]);
  if (bankId && !cash.isZero()) movements.push([bankId, cash.negated()]);
  return movements
    .filter(([, amount]) => !amount.isZero())
    .map(([accountId, amount]) =>
      amount.isPositive() ? { accountId, debit: money.toNumber(amount) } : { accountId, credit: money.toNumber(amount.negated()) },
    );
}

/** Posts a settlement of a return and adds it to the return's payments. */
function settle(
  ctx: ActingContext,
  row: TaxReturnRow,
  input: { amount: number; paymentDate: string; accountId: string; bank: boolean; reference?: string },
) {
  const refund = row.amountDue < 0;
  const cash = money.parse(input.amount).times(refund ? -1 : 1);
  const paymentId = ctx.store.ids.next('txp');
  const entry = postLedgerEntry(ctx, {
    date: input.paymentDate,
    reference: input.reference ?? row.returnNumber,
    description: `${refund ? 'Tax refund for' : input.bank ? 'Tax paid for' : 'Input tax set off in'} ${row.returnNumber} (${row.periodFrom} to ${row.periodTo})`,
    lines: settlementLines(ctx, row, cash, input.bank ? input.accountId : null),
    source: { type: TAX_PAYMENT_SOURCE, id: paymentId },
  });
  const payment: TaxPayment = {
    id: paymentId,
    paymentDate: input.paymentDate,
    amount: input.amount,
    accountId: input.accountId,
    journalEntryId: entry.id,
    reference: input.reference ?? null,
    createdAt: ctx.clock.iso(),
  };
  const amountPaid = money.toNumber(money.add(row.amountPaid, cash));
  const amountDue = money.toNumber(money.subtract(row.totalTax, amountPaid));
  return taxReturnsTable(ctx).update(row.id, {
    payments: [...row.payments, payment],
    amountPaid,
    amountDue,
    status: amountDue === 0 ? 'paid' : 'filed',
  });
}

/**
 * A return just filed with nothing due but input tax to clear (its output and input tax equal): the
 * set-off alone, Dr tax payable / Cr tax recoverable, on the filing day, as a payment of 0 (ACC-39).
 */
export function settleWithoutMoney(ctx: ActingContext, row: TaxReturnRow): TaxReturnRow {
  if (row.amountDue !== 0 || row.inputTax === 0) return row;
  const accountId = controlAccount(ctx, 'tax_recoverable').id;
  return settle(ctx, row, { amount: 0, paymentDate: companyToday(ctx), accountId, bank: false });
}

/**
 * `POST /tax-returns/{id}/payments` (ACC-35): money to the authority, Dr tax payable / Cr the bank; on a
 * return the authority owes back, the refund received, Dr the bank / Cr tax payable. At most what is due.
 * The first also sets the return's input tax off against tax payable (ACC-39).
 */
export function payTaxReturn(ctx: ActingContext, taxReturnId: string, input: TaxPaymentCreateParams): TaxReturnRow {
  return ctx.store.transaction(() => {
    const row = retrieveTaxReturn(ctx, taxReturnId);
    if (row.status === 'paid') throw businessRule(`${row.returnNumber} has nothing due`, { taxReturnId: row.id, amountDue: row.amountDue });
    const due = Math.abs(row.amountDue);
    if (input.amount > due) {
      throw validationError([
        {
          field: 'amount',
          code: 'MAX_VALUE',
          message: `${row.returnNumber} has ${money.toFixed(due)} due`,
          value: input.amount,
          constraint: { max: due },
        },
      ]);
    }
    const paymentDate = input.paymentDate ?? companyToday(ctx);
    checkNotAfterToday(ctx, 'paymentDate', paymentDate);
    checkDateOrder('paymentDate', paymentDate, row.periodFrom, 'periodFrom');
    const bank = bankingAccount(ctx, { accountId: input.accountId, method: 'bank_transfer', currency: companyCurrency(ctx) });
    return settle(ctx, row, { amount: input.amount, paymentDate, accountId: bank.id, bank: true, reference: input.reference });
  });
}
