import type { SupplierCreditNote, SupplierCreditNoteStatus, SupplierDebitNote } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import * as money from '../shared/money.js';
import type { BillRow } from './bill-tables.js';
import {
  supplierCreditNotesTable,
  supplierDebitNotesTable,
  type SupplierCreditNoteRow,
  type SupplierDebitNoteRow,
} from './supplier-note-tables.js';

/** A line as the API shows it: without the account id, the matching flag and the cleared value, as a bill's. */
const presentLine = <L extends { accountId: string; matchedStock: boolean; clearedValueCents: number }>({
  accountId: _a,
  matchedStock: _m,
  clearedValueCents: _c,
  ...line
}: L) => ({ ...line });

export const presentSupplierCreditNote = ({ baseLinesTotal: _l, ...row }: SupplierCreditNoteRow): SupplierCreditNote => ({
  ...row,
  supplier: { ...row.supplier },
  items: row.items.map(presentLine),
  applications: row.applications.map(({ baseAmount: _b, creditBase: _c, ...application }) => ({ ...application })),
  refunds: row.refunds.map((refund) => ({ ...refund })),
});

export const presentSupplierDebitNote = (row: SupplierDebitNoteRow): SupplierDebitNote => ({
  ...row,
  supplier: { ...row.supplier },
  items: row.items.map(presentLine),
});

/** Plain filters of the two lists. */
export interface SupplierNoteFilters {
  supplierId?: string;
  billId?: string;
  status?: SupplierCreditNoteStatus;
  fromDate?: string;
  toDate?: string;
}

const dateOf = (row: SupplierCreditNoteRow | SupplierDebitNoteRow) => ('creditNoteDate' in row ? row.creditNoteDate : row.debitNoteDate);

export const supplierNoteMatches =
  (filters: SupplierNoteFilters) =>
  (row: SupplierCreditNoteRow | SupplierDebitNoteRow): boolean =>
    (filters.supplierId === undefined || row.supplierId === filters.supplierId) &&
    (filters.billId === undefined || row.billId === filters.billId) &&
    (filters.status === undefined || ('status' in row && row.status === filters.status)) &&
    (filters.fromDate === undefined || dateOf(row) >= filters.fromDate) &&
    (filters.toDate === undefined || dateOf(row) <= filters.toDate);

/**
 * What supplier notes moved of a bill's payable by the end of `asOfDate`, company currency (PUR-58): its debit
 * notes dated by then add, credit applied to it by then takes away (the ledger's own dates, for aged payables).
 */
export function billNotesOwedOn(ctx: CompanyContext, bill: BillRow, asOfDate: string): money.Amount {
  const debited = supplierDebitNotesTable(ctx)
    .byIndex('billId', bill.id)
    .filter((note) => note.debitNoteDate <= asOfDate)
    .map((note) => note.baseTotal);
  const credited = supplierCreditNotesTable(ctx)
    .byIndex('supplierId', bill.supplierId)
    .flatMap((note) => note.applications)
    .filter((application) => application.billId === bill.id && application.applicationDate <= asOfDate)
    .map((application) => application.baseAmount);
  return money.sum(debited).minus(money.sum(credited));
}

/**
 * Supplier credit not yet applied nor refunded at the end of `asOfDate`, company currency, by credit note:
 * what it debited to payables less what its applications took (and their exchange differences) and its refunds.
 */
export function unappliedSupplierCreditOn(
  ctx: CompanyContext,
  asOfDate: string,
  supplierId?: string,
): { note: SupplierCreditNoteRow; amount: money.Amount }[] {
  const notes = supplierId ? supplierCreditNotesTable(ctx).byIndex('supplierId', supplierId) : supplierCreditNotesTable(ctx).all();
  return notes
    .filter((note) => note.creditNoteDate <= asOfDate)
    .map((note) => {
      const applied = note.applications.filter((a) => a.applicationDate <= asOfDate);
      const refunded = note.refunds.filter((r) => r.refundDate <= asOfDate).map((r) => r.baseAmount);
      const taken = applied.map((a) => a.creditBase);
      return { note, amount: money.parse(note.baseTotal).minus(money.sum(taken)).minus(money.sum(refunded)) };
    })
    .filter((row) => !row.amount.isZero());
}
