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
import { byNumber, creditsLoadReproduces, setFields } from './fixture-rows.js';

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

/** A bill's payments in number order, a voided one with its `void`. */
export function billPaymentsOf(store: Store, companyId: string, row: BillRow, accounts: Map<string, string>) {
  return store
    .table<BillPaymentRow>(companyId, BILL_PAYMENTS)
    .byIndex('billId', row.id)
    .sort(byNumber((payment) => payment.paymentNumber))
    .map((payment) => ({
      amount: payment.amount,
      paymentDate: payment.paymentDate,
      method: payment.method,
      ...(payment.exchangeRate !== row.exchangeRate ? { exchangeRate: payment.exchangeRate } : {}),
      ...setFields(payment, ['reference']),
      account: accounts.get(payment.accountId)!,
      ...(payment.status === 'voided' ? { void: { reason: payment.voidReason!, voidDate: payment.voidDate! } } : {}),
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

/** A bill's supplier debit notes and the credit notes a load reproduces (creditsLoadReproduces), each in number order. */
export function billNotesOf(store: Store, companyId: string, row: BillRow, at: Map<string, number>, accounts: Map<string, string>) {
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
  const fates = creditsLoadReproduces(
    money.toNumber(money.add(row.balanceDue, row.creditedAmount)),
    notes.map((note) => {
      const [first] = note.applications;
      const own = first && { own: first.billId === row.id, sameDay: first.applicationDate === note.creditNoteDate, amount: first.amount };
      return { total: note.total, ...(own ? { first: own } : {}) };
    }),
  );
  const creditNotes = notes.flatMap((note, n) => (fates[n].keep ? [creditNoteOf(note, row, fates[n].settled, at, accounts)] : []));
  return { debitNotes, creditNotes };
}
