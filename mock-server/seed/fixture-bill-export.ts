import {
  BILL_PAYMENTS,
  type BillPaymentRow,
  type BillRow,
  SUPPLIER_CREDIT_NOTES,
  SUPPLIER_DEBIT_NOTES,
  type SupplierCreditNoteRow,
  type SupplierDebitNoteRow,
} from '../domain/purchasing/index.js';
import * as money from '../domain/shared/money.js';
import type { Store } from '../store/index.js';
import { byNumber, setFields } from './fixture-rows.js';
import { placeCredits } from './fixture-credit-order.js';
import { CREDIT_LEFT_OUT } from './fixture-invoices-export.js';
import type { LedgerClock } from './fixture-ledger-clock.js';

// What a fixture writes of a bill after its approval (MOCK-47): its payments, its supplier debit and credit notes.

/** A bill's (or a supplier debit note's) line as a fixture writes it: the item by code. */
export const billLineOf = (line: BillRow['items'][number] | Omit<BillRow['items'][number], 'purchaseOrderLineId'>) => ({
  ...(line.itemCode ? { item: line.itemCode } : {}),
  description: line.description,
  quantity: line.quantity,
  unitPrice: line.unitPrice,
  taxCode: line.taxCode,
  accountCode: line.accountCode,
});

/** A bill's payments in number order. */
export const billPaymentRowsOf = (store: Store, companyId: string, row: BillRow): BillPaymentRow[] =>
  store
    .table<BillPaymentRow>(companyId, BILL_PAYMENTS)
    .byIndex('billId', row.id)
    .sort(byNumber((payment) => payment.paymentNumber));

/** A bill's payments as a fixture writes them, a voided one with its `void`, each placed among the written credit notes (MOCK-52). */
export function billPaymentsOf(
  rows: readonly BillPaymentRow[],
  row: BillRow,
  accounts: Map<string, string>,
  gaps: readonly { made: number; voided: number }[],
) {
  return rows.map((payment, n) => ({
    amount: payment.amount,
    paymentDate: payment.paymentDate,
    method: payment.method,
    ...(payment.exchangeRate !== row.exchangeRate ? { exchangeRate: payment.exchangeRate } : {}),
    ...setFields(payment, ['reference']),
    account: accounts.get(payment.accountId)!,
    ...(gaps[n].made > 0 ? { afterCreditNotes: gaps[n].made } : {}),
    ...(payment.status === 'voided'
      ? {
          void: {
            reason: payment.voidReason!,
            voidDate: payment.voidDate!,
            ...(gaps[n].voided > gaps[n].made ? { afterCreditNotes: gaps[n].voided } : {}),
          },
        }
      : {}),
  }));
}

/** A supplier credit note as its POST takes it (lines by position in the bill), its later applications and refunds. */
function creditNoteOf(
  note: SupplierCreditNoteRow,
  bill: BillRow,
  settled: boolean,
  at: Map<string, number>,
  accounts: Map<string, string>,
) {
  // An application to a bill the file leaves out (one matched to an order) cannot be named, so it is left out too.
  const applications = note.applications
    .slice(settled ? 1 : 0)
    .filter((application) => at.has(application.billId))
    .map((application) => ({
      bill: at.get(application.billId)!,
      amount: application.amount,
      applicationDate: application.applicationDate,
    }));
  const refunds = note.refunds.map((refund) => ({
    amount: refund.amount,
    refundDate: refund.refundDate,
    method: refund.method,
    ...setFields(refund, ['reference']),
    account: accounts.get(refund.accountId)!,
  }));
  return {
    reason: note.reason,
    ...setFields(note, ['supplierCreditNoteNumber']),
    creditNoteDate: note.creditNoteDate,
    items: note.items.map((line) => ({ line: bill.items.findIndex((l) => l.id === line.billLineId), quantity: line.quantity })),
    ...setFields(note, ['notes']),
    ...(applications.length > 0 ? { applications } : {}),
    ...(refunds.length > 0 ? { refunds } : {}),
  };
}

/**
 * A bill's supplier debit notes and the credit notes a load reproduces (placeCredits), each in number order, where its
 * payments fall among the notes written and the notes left out (MOCK-52).
 */
export function billNotesOf(
  store: Store,
  companyId: string,
  row: BillRow,
  paid: readonly BillPaymentRow[],
  clock: LedgerClock,
  at: Map<string, number>,
  accounts: Map<string, string>,
) {
  const debitNotes = store
    .table<SupplierDebitNoteRow>(companyId, SUPPLIER_DEBIT_NOTES)
    .byIndex('billId', row.id)
    .sort(byNumber((note) => note.debitNoteNumber))
    .map((note) => ({
      reason: note.reason,
      ...setFields(note, ['supplierDebitNoteNumber']),
      debitNoteDate: note.debitNoteDate,
      items: note.items.map(billLineOf),
      ...setFields(note, ['notes']),
    }));
  const notes = store
    .table<SupplierCreditNoteRow>(companyId, SUPPLIER_CREDIT_NOTES)
    .byIndex('billId', row.id)
    .sort(byNumber((note) => note.creditNoteNumber));
  const placed = placeCredits(
    money.toNumber(money.add(row.balanceDue, row.creditedAmount)),
    paid.map((p) => ({
      amount: p.amount,
      made: clock.made('bill_payment', p.id) ?? -1,
      ...(p.status === 'voided' ? { voided: clock.undone('bill_payment', p.id) ?? -1 } : {}),
    })),
    notes.map((note) => {
      const [first] = note.applications;
      const own = first && { own: first.billId === row.id, sameDay: first.applicationDate === note.creditNoteDate, amount: first.amount };
      return { total: note.total, made: clock.made('supplier_credit_note', note.id) ?? -1, ...(own ? { first: own } : {}) };
    }),
  );
  const creditNotes = notes.flatMap((note, n) =>
    placed.notes[n].keep ? [creditNoteOf(note, row, placed.notes[n].settled, at, accounts)] : [],
  );
  const leftOut = notes
    .filter((_, n) => !placed.notes[n].keep)
    .map((note) => ({ record: `${note.creditNoteNumber} on ${row.billNumber}`, reason: CREDIT_LEFT_OUT }));
  return { debitNotes, creditNotes, gaps: placed.gaps, leftOut };
}
