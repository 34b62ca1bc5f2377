import type { PaymentMethod, SupplierCreditNoteStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import * as money from '../shared/money.js';
import type { NumberFormat } from '../shared/numbering.js';
import { stateMachine } from '../shared/transitions.js';
import type { BillLineRow, BillRow, StoredBillStatus } from './bill-tables.js';

/** The tables of the documents that correct an approved bill (decision PUR-58): supplier credit and debit notes. */
export const SUPPLIER_CREDIT_NOTES = 'supplierCreditNotes';
export const SUPPLIER_DEBIT_NOTES = 'supplierDebitNotes';

export const SUPPLIER_NOTE_NUMBERS = {
  creditNote: { sequence: 'supplierCreditNote', prefix: 'SCN', digits: 6 },
  debitNote: { sequence: 'supplierDebitNote', prefix: 'SDN', digits: 6 },
  refund: { sequence: 'supplierRefund', prefix: 'SRF', digits: 6 },
} as const satisfies Record<string, NumberFormat>;

/** A credited bill line: the bill line's fields at the credited quantity, and the goods received not invoiced it gave back (PUR-59). */
export interface SupplierCreditNoteLineRow extends Omit<BillLineRow, 'purchaseOrderLineId'> {
  billLineId: string;
}

export interface SupplierCreditApplicationRow {
  id: string;
  billId: string;
  billNumber: string;
  amount: number;
  /** What the application cleared of the bill's payable, company currency. */
  baseAmount: number;
  /** What it took of the credit's base (differs from `baseAmount` across rates: the difference is an exchange difference). */
  creditBase: number;
  applicationDate: string;
  createdAt: string;
}

export interface SupplierCreditRefundRow {
  id: string;
  refundNumber: string;
  amount: number;
  baseAmount: number;
  refundDate: string;
  method: PaymentMethod;
  reference: string | null;
  accountId: string;
  journalEntryId: string;
  createdAt: string;
}

export interface SupplierCreditNoteRow {
  id: string;
  creditNoteNumber: string;
  supplierCreditNoteNumber: string | null;
  billId: string;
  billNumber: string;
  supplierId: string;
  supplier: BillRow['supplier'];
  creditNoteDate: string;
  status: SupplierCreditNoteStatus;
  reason: string;
  notes: string | null;
  currency: string;
  exchangeRate: number;
  items: SupplierCreditNoteLineRow[];
  subtotal: number;
  taxTotal: number;
  total: number;
  /** `total` in the company's currency, as debited to accounts payable. */
  baseTotal: number;
  /** What the note's lines reversed of the bill's entry, company currency (a cent from `baseTotal` at a foreign rate). */
  baseLinesTotal: number;
  amountApplied: number;
  amountRefunded: number;
  remainingCredit: number;
  /** What accounts payable still holds of this credit for the supplier (a debit), company currency. */
  baseRemainingCredit: number;
  applications: SupplierCreditApplicationRow[];
  refunds: SupplierCreditRefundRow[];
  journalEntryId: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface SupplierDebitNoteRow {
  id: string;
  debitNoteNumber: string;
  supplierDebitNoteNumber: string | null;
  billId: string;
  billNumber: string;
  supplierId: string;
  supplier: BillRow['supplier'];
  debitNoteDate: string;
  reason: string;
  notes: string | null;
  currency: string;
  exchangeRate: number;
  items: Omit<BillLineRow, 'purchaseOrderLineId'>[];
  subtotal: number;
  taxTotal: number;
  total: number;
  baseTotal: number;
  journalEntryId: string;
  createdBy: string;
  createdAt: string;
}

export function defineSupplierNoteTables(store: Store): void {
  store.defineTable(SUPPLIER_CREDIT_NOTES, { prefix: 'scn', indexes: ['supplierId', 'billId', 'status'] });
  store.defineTable(SUPPLIER_DEBIT_NOTES, { prefix: 'sdn', indexes: ['supplierId', 'billId'] });
}

export const supplierCreditNotesTable = (ctx: CompanyContext): Table<SupplierCreditNoteRow> =>
  ctx.store.table<SupplierCreditNoteRow>(ctx.companyId, SUPPLIER_CREDIT_NOTES);
export const supplierDebitNotesTable = (ctx: CompanyContext): Table<SupplierDebitNoteRow> =>
  ctx.store.table<SupplierDebitNoteRow>(ctx.companyId, SUPPLIER_DEBIT_NOTES);

/**
 * What the supplier's documents may start from (PUR-58): an approved bill, paid or not, takes a credit or
 * debit note (a draft is changed instead, a void one has nothing left to correct); credit is applied only
 * to a bill with something due.
 */
export const BILL_NOTE_MOVES = stateMachine<StoredBillStatus, 'credit' | 'debit' | 'apply'>({
  credit: {
    from: ['open', 'partially_paid', 'paid'],
    rule: 'a {status} bill cannot be credited',
    refusals: { draft: 'a draft bill is changed, not credited' },
  },
  debit: {
    from: ['open', 'partially_paid', 'paid'],
    rule: 'a {status} bill cannot take a debit note',
    refusals: { draft: 'a draft bill is changed, not charged by a debit note' },
  },
  apply: {
    from: ['open', 'partially_paid'],
    rule: 'supplier credit cannot be applied to a {status} bill',
    refusals: { draft: 'supplier credit cannot be applied to a draft bill; approve it first', paid: 'the bill is already paid' },
  },
});

/** Credit leaves a supplier credit note only while some remains: applied to a bill or refunded by the supplier. */
export const SUPPLIER_CREDIT_MOVES = stateMachine<SupplierCreditNoteStatus, 'apply' | 'refund'>({
  apply: { from: ['open'], rule: 'a supplier credit note that is {status} has no credit left to apply' },
  refund: { from: ['open'], rule: 'a supplier credit note that is {status} has no credit left to refund' },
});

/** `open` while credit remains; at none left, `refunded` when any of it was paid back, else `applied`. */
export const supplierCreditStatusOf = (remainingCredit: number, amountRefunded: number): SupplierCreditNoteStatus =>
  remainingCredit > 0 ? 'open' : amountRefunded > 0 ? 'refunded' : 'applied';

/** How many supplier credit and debit notes a bill has: with any, voiding it is refused (PUR-58). */
export const billNoteCount = (ctx: CompanyContext, billId: string): number =>
  supplierCreditNotesTable(ctx).countByIndex('billId', billId) + supplierDebitNotesTable(ctx).countByIndex('billId', billId);

/** The supplier's unapplied credit in the company's currency: the open credit notes' remaining credit. */
export const supplierCreditBalance = (ctx: CompanyContext, supplierId: string): number =>
  money.toNumber(
    money.sum(
      supplierCreditNotesTable(ctx)
        .byIndex('supplierId', supplierId)
        .filter((note) => note.status === 'open')
        .map((note) => note.baseRemainingCredit),
    ),
  );
