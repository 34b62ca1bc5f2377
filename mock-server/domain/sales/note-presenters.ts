import type { CreditNote, CreditNoteStatus, DebitNote, Refund } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { presentLine, presentTotals } from './document-lines.js';
import { refundsTable, type CreditNoteRow, type DebitNoteRow, type RefundRow } from './note-tables.js';

/** Plain filters of `GET /credit-notes` and `GET /debit-notes` (SALES-59, SALES-64). */
export interface NoteFilters {
  customerId?: string;
  invoiceId?: string;
  status?: CreditNoteStatus;
  creditNoteDateFrom?: string;
  creditNoteDateTo?: string;
  debitNoteDateFrom?: string;
  debitNoteDateTo?: string;
}

/** Plain filters of `GET /refunds`. */
export interface RefundFilters {
  customerId?: string;
  creditNoteId?: string;
  refundDateFrom?: string;
  refundDateTo?: string;
}

const within = (date: string, from: string | undefined, to: string | undefined): boolean =>
  (from === undefined || date >= from) && (to === undefined || date <= to);

/** A credit or debit note of the filters' customer and invoice, dated within the range. */
const noteMatches =
  <R extends { customerId: string; invoiceId: string }>(filters: NoteFilters, dateOf: (row: R) => string, from?: string, to?: string) =>
  (row: R): boolean =>
    (filters.customerId === undefined || row.customerId === filters.customerId) &&
    (filters.invoiceId === undefined || row.invoiceId === filters.invoiceId) &&
    within(dateOf(row), from, to);

export const creditNoteMatches = (filters: NoteFilters) => {
  const matches = noteMatches<CreditNoteRow>(filters, (row) => row.creditNoteDate, filters.creditNoteDateFrom, filters.creditNoteDateTo);
  return (row: CreditNoteRow): boolean => (filters.status === undefined || row.status === filters.status) && matches(row);
};

export const debitNoteMatches = (filters: NoteFilters) =>
  noteMatches<DebitNoteRow>(filters, (row) => row.debitNoteDate, filters.debitNoteDateFrom, filters.debitNoteDateTo);

export const refundMatches =
  (filters: RefundFilters) =>
  (row: RefundRow): boolean =>
    (filters.customerId === undefined || row.customerId === filters.customerId) &&
    (filters.creditNoteId === undefined || row.creditNoteId === filters.creditNoteId) &&
    within(row.refundDate, filters.refundDateFrom, filters.refundDateTo);

/** The wire shape: the row with its allocations and a line per refund (SALES-61 to SALES-63). */
export function presentCreditNote(ctx: CompanyContext, row: CreditNoteRow): CreditNote {
  const refunds = refundsTable(ctx);
  return {
    id: row.id,
    creditNoteNumber: row.creditNoteNumber,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    customerId: row.customerId,
    customer: { ...row.customer },
    creditNoteDate: row.creditNoteDate,
    status: row.status,
    reason: row.reason,
    notes: row.notes,
    returnToStock: row.returnToStock,
    currency: row.currency,
    exchangeRate: row.exchangeRate,
    items: row.items.map((line) => ({ ...presentLine(line), invoiceLineId: line.invoiceLineId, incomeAccountId: line.incomeAccountId })),
    ...presentTotals(row),
    baseTotal: row.baseTotal,
    amountApplied: row.amountApplied,
    amountRefunded: row.amountRefunded,
    remainingCredit: row.remainingCredit,
    baseRemainingCredit: row.baseRemainingCredit,
    allocations: row.allocations.map(({ baseAmount: _base, ...allocation }) => ({ ...allocation })),
    refunds: row.refundIds.flatMap((id) => {
      const refund = refunds.get(id);
      return refund ? [{ id: refund.id, refundNumber: refund.refundNumber, amount: refund.amount, refundDate: refund.refundDate }] : [];
    }),
    journalEntryId: row.journalEntryId,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function presentDebitNote(row: DebitNoteRow): DebitNote {
  return {
    id: row.id,
    debitNoteNumber: row.debitNoteNumber,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    customerId: row.customerId,
    customer: { ...row.customer },
    debitNoteDate: row.debitNoteDate,
    reason: row.reason,
    notes: row.notes,
    currency: row.currency,
    exchangeRate: row.exchangeRate,
    items: row.items.map((line) => ({ ...presentLine(line), incomeAccountId: line.incomeAccountId })),
    ...presentTotals(row),
    baseTotal: row.baseTotal,
    journalEntryId: row.journalEntryId,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
  };
}

export function presentRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    refundNumber: row.refundNumber,
    creditNoteId: row.creditNoteId,
    creditNoteNumber: row.creditNoteNumber,
    customerId: row.customerId,
    amount: row.amount,
    currency: row.currency,
    baseAmount: row.baseAmount,
    refundDate: row.refundDate,
    paymentMethod: row.paymentMethod,
    reference: row.reference,
    notes: row.notes,
    accountId: row.accountId,
    journalEntryId: row.journalEntryId,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
  };
}
