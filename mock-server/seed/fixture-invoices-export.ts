import { JOURNAL_ENTRIES, type JournalEntryRow } from '../domain/accounting/index.js';
import {
  CREDIT_NOTES,
  type CreditNoteRow,
  DEBIT_NOTES,
  type DebitNoteRow,
  INVOICES,
  type InvoiceRow,
  PAYMENTS,
  type PaymentRow,
  REFUNDS,
  type RefundRow,
  type StoredDocumentLine,
} from '../domain/sales/index.js';
import * as money from '../domain/shared/money.js';
import type { Store } from '../store/index.js';
import { byNumber, setFields } from './fixture-rows.js';
import { placeCredits } from './fixture-credit-order.js';
import type { ConversionLinks } from './fixture-conversions.js';
import type { LeftOut } from './fixture-left-out.js';
import { type LedgerClock, ledgerClock } from './fixture-ledger-clock.js';
import type { FixtureFile } from './fixture-schema.js';

type FixtureInvoice = NonNullable<FixtureFile['companies'][number]['invoices']>[number];
type Names = Record<'customer' | 'location' | 'account', Map<string, string>>;

/** A document line as a fixture writes it: the item by code, the rest as priced. */
export const lineOf = (line: StoredDocumentLine & { notes?: string | null }) => ({
  ...(line.itemCode ? { item: line.itemCode } : {}),
  description: line.description,
  quantity: line.quantity,
  unitPrice: line.unitPrice,
  ...(line.discountPercent ? { discountPercent: line.discountPercent } : {}),
  taxCode: line.taxCode,
  ...(line.notes ? { notes: line.notes } : {}),
});

/** A payment as a fixture writes it, made and voided after as many of the invoice's written credit notes as it was (MOCK-52). */
const paymentOf = (payment: PaymentRow, invoice: InvoiceRow, names: Names, gap: { made: number; voided: number }) => ({
  amount: payment.amount,
  paymentDate: payment.paymentDate,
  paymentMethod: payment.paymentMethod,
  ...(payment.exchangeRate !== invoice.exchangeRate ? { exchangeRate: payment.exchangeRate } : {}),
  ...setFields(payment, ['reference', 'notes']),
  account: names.account.get(payment.accountId),
  ...(gap.made > 0 ? { afterCreditNotes: gap.made } : {}),
  ...(payment.status === 'voided'
    ? {
        void: {
          reason: payment.voidReason!,
          voidDate: payment.voidDate!,
          ...(gap.voided > gap.made ? { afterCreditNotes: gap.voided } : {}),
        },
      }
    : {}),
});

/** A credit note as its POST takes it (lines by position in the invoice), then its later allocations and refunds. */
function creditNoteOf(
  note: CreditNoteRow,
  invoice: InvoiceRow,
  settled: boolean,
  refunds: RefundRow[],
  at: Map<string, number>,
  names: Names,
) {
  const allocations = note.allocations.slice(settled ? 1 : 0).map((allocation) => ({
    invoice: at.get(allocation.invoiceId)!,
    amount: allocation.amount,
    allocationDate: allocation.allocationDate,
  }));
  const paidBack = refunds.map((refund) => ({
    amount: refund.amount,
    refundDate: refund.refundDate,
    paymentMethod: refund.paymentMethod,
    ...setFields(refund, ['reference', 'notes']),
    account: names.account.get(refund.accountId),
  }));
  return {
    reason: note.reason,
    creditNoteDate: note.creditNoteDate,
    items: note.items.map((line) => ({ line: invoice.items.findIndex((l) => l.id === line.invoiceLineId), quantity: line.quantity })),
    ...(note.shippingCost ? { shippingCost: note.shippingCost } : {}),
    ...setFields(note, ['notes']),
    ...(note.returnToStock ? {} : { returnToStock: false }),
    ...(allocations.length > 0 ? { allocations } : {}),
    ...(paidBack.length > 0 ? { refunds: paidBack } : {}),
  };
}

/**
 * The credit notes of an invoice a load reproduces (placeCredits), in number order, as a fixture writes them, where its
 * payments fall among them, and the notes left out (MOCK-52).
 */
function creditNotesOf(
  store: Store,
  companyId: string,
  row: InvoiceRow,
  paid: PaymentRow[],
  clock: LedgerClock,
  at: Map<string, number>,
  names: Names,
) {
  const notes = store
    .table<CreditNoteRow>(companyId, CREDIT_NOTES)
    .byIndex('invoiceId', row.id)
    .sort(byNumber((n) => n.creditNoteNumber));
  const refunds = store.table<RefundRow>(companyId, REFUNDS);
  const placed = placeCredits(
    money.toNumber(money.add(row.amountDue, row.amountCredited)),
    paid.map((p) => ({
      amount: p.amount,
      made: clock.made('payment', p.id) ?? -1,
      ...(p.status === 'voided' ? { voided: clock.undone('payment', p.id) ?? -1 } : {}),
    })),
    notes.map((note) => {
      const [first] = note.allocations;
      const own = first && { own: first.invoiceId === row.id, sameDay: first.allocationDate === note.creditNoteDate, amount: first.amount };
      return { total: note.total, made: clock.made('credit_note', note.id) ?? -1, ...(own ? { first: own } : {}) };
    }),
  );
  const written = notes.flatMap((note, n) => {
    if (!placed.notes[n].keep) return [];
    const paidBack = refunds.byIndex('creditNoteId', note.id).sort(byNumber((r) => r.refundNumber));
    return [creditNoteOf(note, row, placed.notes[n].settled, paidBack, at, names)];
  });
  const leftOut = notes
    .filter((_, n) => !placed.notes[n].keep)
    .map((note) => ({ record: `${note.creditNoteNumber} on ${row.invoiceNumber}`, reason: CREDIT_LEFT_OUT }));
  return { written, gaps: placed.gaps, leftOut };
}

/** Why a credit note is left out (MOCK-52): what it settled of its invoice, the load would not. */
export const CREDIT_LEFT_OUT =
  'it settled another amount of its document than a load would (a debit note, or another note used on the document, came before it): left out with its uses and refunds';

/**
 * Every invoice as a fixture writes it (MOCK-40, MOCK-47), in number order (one of `links` as made from its order, MOCK-50): its debit notes, its payments (a voided
 * one with its `void`), the credit notes a load reproduces, and a cancelled one's `cancel` (its entry's reversal date).
 */
export function invoicesOf(
  store: Store,
  companyId: string,
  names: Names,
  links: ConversionLinks['invoices'],
  leftOut: LeftOut[] = [],
): FixtureInvoice[] {
  const rows = store
    .table<InvoiceRow>(companyId, INVOICES)
    .all()
    .sort(byNumber((row) => row.invoiceNumber));
  const at = new Map(rows.map((row, i) => [row.id, i]));
  const clock = ledgerClock(store, companyId);
  const payments = store.table<PaymentRow>(companyId, PAYMENTS);
  const debitNotes = store.table<DebitNoteRow>(companyId, DEBIT_NOTES);
  const entries = store.table<JournalEntryRow>(companyId, JOURNAL_ENTRIES);
  return rows.map((row) => {
    const paidRows = payments.byIndex('invoiceId', row.id).sort(byNumber((p) => p.paymentNumber));
    const credits = creditNotesOf(store, companyId, row, paidRows, clock, at, names);
    leftOut.push(...credits.leftOut);
    const credited = credits.written;
    const paid = paidRows.map((p, n) => paymentOf(p, row, names, credits.gaps[n]));
    const debited = debitNotes
      .byIndex('invoiceId', row.id)
      .sort(byNumber((n) => n.debitNoteNumber))
      .map((note) => ({
        reason: note.reason,
        debitNoteDate: note.debitNoteDate,
        items: note.items.map(lineOf),
        ...(note.shippingCost ? { shippingCost: note.shippingCost } : {}),
        ...setFields(note, ['notes']),
      }));
    const cancelDate = row.journalEntryId ? entries.get(row.journalEntryId)?.voidDate : null;
    const cancel = row.status === 'cancelled' && { reason: row.cancellationReason!, ...(cancelDate ? { cancelDate } : {}) };
    // One made from an order the load replays names the order and its parts instead of lines and a location (MOCK-50).
    const link = links.get(row.id);
    return {
      customer: names.customer.get(row.customerId)!,
      ...setFields(row, ['invoiceDate', 'dueDate', 'currency', 'exchangeRate', 'reference', 'purchaseOrder', 'notes', 'terms']),
      ...setFields(row, ['billingAddress']),
      ...(row.shippingCost ? { shippingCost: row.shippingCost } : {}),
      ...(link ? link : { ...(row.locationId ? { location: names.location.get(row.locationId) } : {}), items: row.items.map(lineOf) }),
      status: row.status === 'draft' || (row.status === 'cancelled' && !row.journalEntryId) ? ('draft' as const) : ('sent' as const),
      ...(debited.length > 0 ? { debitNotes: debited } : {}),
      ...(paid.length > 0 ? { payments: paid } : {}),
      ...(credited.length > 0 ? { creditNotes: credited } : {}),
      ...(cancel ? { cancel } : {}),
    } as FixtureInvoice;
  });
}
