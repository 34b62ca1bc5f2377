import type { CurrencyRevaluationLine } from '../../../../src/contract/index.js';
import { validationError } from '../../../kernel/errors.js';
import type { CompanyContext } from '../../../store/context.js';
import { accountsTable, balancesAsOf, journalEntriesTable } from '../../accounting/index.js';
import { billPaymentsTable, billsTable } from '../../purchasing/index.js';
import { companyCurrency } from '../../platform/index.js';
import { creditNotesTable, debitNotesTable, invoicesTable, paymentsTable, refundsTable } from '../../sales/index.js';
import * as money from '../../shared/money.js';

// What a currency revaluation restates (decision ACC-37): the foreign-currency items of the books at a date,
// each with its open foreign amount and what the books carry it at in the company's currency.

/** One item before it meets a rate: the line without its new rate and differences. */
export type ForeignItem = Pick<
  CurrencyRevaluationLine,
  'kind' | 'documentId' | 'documentNumber' | 'currency' | 'openAmount' | 'historicalRate' | 'historicalAmount'
> & {
  /** The account the difference moves: receivables, payables, or the bank account itself. */
  side: 'receivables' | 'payables' | 'account';
};

/** Posted at `date`: a payment dated on or before it that was not voided by then. */
const heldAt = (row: { status: string; voidDate: string | null }, dated: string, date: string) =>
  dated <= date && (row.status === 'posted' || (row.voidDate !== null && row.voidDate > date));

/** Open sales documents in a foreign currency: invoices with something due, credit notes with credit left. */
function receivables(ctx: CompanyContext, date: string, base: string): ForeignItem[] {
  const invoices = invoicesTable(ctx)
    .all()
    .filter((i) => i.currency !== base && i.status === 'sent' && i.amountDue > 0 && i.invoiceDate <= date)
    .map<ForeignItem>((i) => ({
      kind: 'invoice',
      side: 'receivables',
      documentId: i.id,
      documentNumber: i.invoiceNumber,
      currency: i.currency,
      openAmount: i.amountDue,
      historicalRate: i.exchangeRate,
      historicalAmount: i.baseAmountDue,
    }));
  const credits = creditNotesTable(ctx)
    .all()
    .filter((n) => n.currency !== base && n.remainingCredit > 0 && n.creditNoteDate <= date)
    .map<ForeignItem>((n) => ({
      kind: 'credit_note',
      side: 'receivables',
      documentId: n.id,
      documentNumber: n.creditNoteNumber,
      currency: n.currency,
      openAmount: -n.remainingCredit,
      historicalRate: n.exchangeRate,
      historicalAmount: -n.baseRemainingCredit,
    }));
  return [...invoices, ...credits];
}

/** Approved bills in a foreign currency with something due. */
function payables(ctx: CompanyContext, date: string, base: string): ForeignItem[] {
  return billsTable(ctx)
    .all()
    .filter((b) => b.currency !== base && (b.status === 'open' || b.status === 'partially_paid') && b.balanceDue > 0 && b.billDate <= date)
    .map((b) => ({
      kind: 'bill',
      side: 'payables',
      documentId: b.id,
      documentNumber: b.billNumber,
      currency: b.currency,
      openAmount: b.balanceDue,
      historicalRate: b.exchangeRate,
      historicalAmount: b.baseBalanceDue,
    }));
}

/**
 * Bank and cash accounts kept in a foreign currency (ACC-30): the foreign balance is what the documents moved
 * through them in that currency (customer payments in, refunds and bill payments out); the books' amount is the
 * account's ledger balance at the date, so a manual line in the company's currency is restated away (ACC-37).
 */
function accounts(ctx: CompanyContext, date: string, base: string): ForeignItem[] {
  const foreign = accountsTable(ctx)
    .all()
    .filter((a) => a.currency !== base && a.type === 'asset' && a.category === 'current_asset');
  if (foreign.length === 0) return [];
  const balances = balancesAsOf(ctx, date);
  return foreign.flatMap((account) => {
    const moved = [
      ...paymentsTable(ctx)
        .all()
        .filter((p) => p.accountId === account.id && heldAt(p, p.paymentDate, date))
        .map((p) => p.amount),
      ...refundsTable(ctx)
        .all()
        .filter((r) => r.accountId === account.id && r.refundDate <= date)
        .map((r) => -r.amount),
      ...billPaymentsTable(ctx)
        .all()
        .filter((p) => p.accountId === account.id && heldAt(p, p.paymentDate, date))
        .map((p) => -p.amount),
    ];
    const sums = balances.get(account.id);
    const historicalAmount = sums ? money.toNumber(sums.debit.minus(sums.credit)) : 0;
    const openAmount = money.toNumber(money.sum(moved));
    if (openAmount === 0 && historicalAmount === 0) return [];
    return [
      {
        kind: 'account' as const,
        side: 'account' as const,
        documentId: account.id,
        documentNumber: account.accountNumber,
        currency: account.currency,
        openAmount,
        historicalRate: openAmount === 0 ? 0 : parseFloat(money.parse(historicalAmount).dividedBy(openAmount).toFixed(8)),
        historicalAmount,
      },
    ];
  });
}

/** Every foreign-currency item of the books at `date`, receivables, then payables, then accounts. */
export function foreignItemsAt(ctx: CompanyContext, date: string): ForeignItem[] {
  const base = companyCurrency(ctx);
  return [...receivables(ctx, date, base), ...payables(ctx, date, base), ...accounts(ctx, date, base)];
}

/**
 * The run reads the documents as they stand, so nothing foreign may have settled after its date (ACC-37): a
 * payment, refund, note, cancellation or void in a foreign currency dated after `date` is a 422 on `date`
 * naming it (date the run after it, or run it before recording the settlement).
 */
export function refuseLaterForeignSettlements(ctx: CompanyContext, date: string): void {
  const base = companyCurrency(ctx);
  const after = (d: string | null | undefined) => d !== null && d !== undefined && d > date;
  const foreignInvoice = new Set(
    invoicesTable(ctx)
      .all()
      .filter((i) => i.currency !== base)
      .map((i) => i.id),
  );
  const foreignBill = new Set(
    billsTable(ctx)
      .all()
      .filter((b) => b.currency !== base)
      .map((b) => b.id),
  );
  const entries = journalEntriesTable(ctx);
  const later = [
    ...paymentsTable(ctx)
      .all()
      .filter((p) => foreignInvoice.has(p.invoiceId) && (after(p.paymentDate) || after(p.voidDate)))
      .map((p) => p.paymentNumber),
    ...billPaymentsTable(ctx)
      .all()
      .filter((p) => foreignBill.has(p.billId) && (after(p.paymentDate) || after(p.voidDate)))
      .map((p) => p.paymentNumber),
    ...creditNotesTable(ctx)
      .all()
      .filter((n) => n.currency !== base && after(n.creditNoteDate))
      .map((n) => n.creditNoteNumber),
    ...debitNotesTable(ctx)
      .all()
      .filter((n) => n.currency !== base && after(n.debitNoteDate))
      .map((n) => n.debitNoteNumber),
    ...refundsTable(ctx)
      .all()
      .filter((r) => r.currency !== base && after(r.refundDate))
      .map((r) => r.refundNumber),
    ...invoicesTable(ctx)
      .all()
      .filter((i) => foreignInvoice.has(i.id) && i.status === 'cancelled' && i.journalEntryId !== null)
      .filter((i) => after(entries.get(i.journalEntryId!)?.voidDate))
      .map((i) => i.invoiceNumber),
    ...billsTable(ctx)
      .all()
      .filter((b) => foreignBill.has(b.id) && after(b.voidDate))
      .map((b) => b.billNumber),
  ];
  if (later.length === 0) return;
  throw validationError([
    {
      field: 'date',
      code: 'DATE_CONSTRAINT',
      message: `foreign-currency settlements are dated after ${date} (${later.slice(0, 5).join(', ')}${later.length > 5 ? ', ...' : ''}): a revaluation restates the books as they stand, so date it on or after them`,
      value: date,
      constraint: { settledAfter: later.slice(0, 20) },
    },
  ]);
}
