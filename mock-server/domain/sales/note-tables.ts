import type { CustomerRef, PaymentMethod } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import * as money from '../shared/money.js';
import type { DocumentTotals, StoredDocumentLine } from './document-tables.js';

/**
 * Tables of the documents that correct an invoice after it is posted (SALES-59 to SALES-64): credit
 * notes, debit notes and the refunds paid out of a credit.
 * Amounts are wire numbers computed with exact decimals; `base*` fields are in the company's currency.
 */
export const CREDIT_NOTES = 'creditNotes';
export const DEBIT_NOTES = 'debitNotes';
export const REFUNDS = 'refunds';

/** `open` while credit remains; at none left, `refunded` when any of it was paid out, else `applied`. */
export type CreditNoteStatus = 'open' | 'applied' | 'refunded';

/** A credited line: the invoice line it credits, at that line's price, discount and tax rate. */
export interface CreditNoteLineRow extends StoredDocumentLine {
  invoiceLineId: string;
}

/** Credit applied to an invoice: the credit note's own invoice on creation, or another invoice later. */
export interface CreditAllocationRow {
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  amount: number;
  /** What the allocation cleared of the invoice's receivable, in the company's currency. */
  baseAmount: number;
  allocationDate: string;
  createdAt: string;
}

export interface CreditNoteRow extends DocumentTotals {
  id: string;
  creditNoteNumber: string;
  invoiceId: string;
  invoiceNumber: string;
  customerId: string;
  customer: CustomerRef;
  creditNoteDate: string;
  status: CreditNoteStatus;
  reason: string;
  notes: string | null;
  /** Whether the credited goods came back into stock (INV-28). */
  returnToStock: boolean;
  currency: string;
  exchangeRate: number;
  items: CreditNoteLineRow[];
  /** `total` in the company's currency, as credited to accounts receivable. */
  baseTotal: number;
  amountApplied: number;
  amountRefunded: number;
  remainingCredit: number;
  /** What accounts receivable still holds of this credit for the customer, in the company's currency. */
  baseRemainingCredit: number;
  allocations: CreditAllocationRow[];
  refundIds: string[];
  journalEntryId: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface DebitNoteLineRow extends StoredDocumentLine {}

export interface DebitNoteRow extends DocumentTotals {
  id: string;
  debitNoteNumber: string;
  invoiceId: string;
  invoiceNumber: string;
  customerId: string;
  customer: CustomerRef;
  debitNoteDate: string;
  reason: string;
  notes: string | null;
  currency: string;
  exchangeRate: number;
  items: DebitNoteLineRow[];
  /** `total` in the company's currency, as debited to accounts receivable. */
  baseTotal: number;
  journalEntryId: string;
  createdBy: string;
  createdAt: string;
}

export interface RefundRow {
  id: string;
  refundNumber: string;
  creditNoteId: string;
  creditNoteNumber: string;
  customerId: string;
  amount: number;
  /** `amount` in the company's currency, as debited to accounts receivable. */
  baseAmount: number;
  currency: string;
  refundDate: string;
  paymentMethod: PaymentMethod;
  reference: string | null;
  notes: string | null;
  accountId: string;
  journalEntryId: string;
  createdBy: string;
  createdAt: string;
}

export function defineNoteTables(store: Store): void {
  store.defineTable(CREDIT_NOTES, { prefix: 'cn', indexes: ['customerId', 'invoiceId', 'status'] });
  store.defineTable(DEBIT_NOTES, { prefix: 'dn', indexes: ['customerId', 'invoiceId'] });
  store.defineTable(REFUNDS, { prefix: 'rf', indexes: ['customerId', 'creditNoteId'] });
}

export const creditNotesTable = (ctx: CompanyContext): Table<CreditNoteRow> => ctx.store.table<CreditNoteRow>(ctx.companyId, CREDIT_NOTES);
export const debitNotesTable = (ctx: CompanyContext): Table<DebitNoteRow> => ctx.store.table<DebitNoteRow>(ctx.companyId, DEBIT_NOTES);
export const refundsTable = (ctx: CompanyContext): Table<RefundRow> => ctx.store.table<RefundRow>(ctx.companyId, REFUNDS);

/** How many credit and debit notes an invoice has: with any, its amounts are settled by them and stay as they are. */
export const invoiceNoteCount = (ctx: CompanyContext, invoiceId: string): number =>
  creditNotesTable(ctx).countByIndex('invoiceId', invoiceId) + debitNotesTable(ctx).countByIndex('invoiceId', invoiceId);

/** The customer's unapplied credit in the company's currency: the open credit notes' remaining credit. */
export const customerCreditBalance = (ctx: CompanyContext, customerId: string): number =>
  money.toNumber(
    money.sum(
      creditNotesTable(ctx)
        .byIndex('customerId', customerId)
        .filter((note) => note.status === 'open')
        .map((note) => note.baseRemainingCredit),
    ),
  );
