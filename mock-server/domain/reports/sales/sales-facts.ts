import type { CompanyContext } from '../../../store/context.js';
import { JOURNAL_ENTRIES, journalEntriesTable } from '../../accounting/index.js';
import { companyToday } from '../../shared/calendar.js';
import {
  CREDIT_NOTES,
  CUSTOMERS,
  creditNotesTable,
  customersTable,
  DEBIT_NOTES,
  debitNotesTable,
  INVOICES,
  invoicesTable,
  isIssued,
  toBase,
  type InvoiceRow,
  type StoredDocumentLine,
} from '../../sales/index.js';
import * as money from '../../shared/money.js';
import { checkedRange, fiscalYearStartOf } from '../core/period.js';
import type { ReportContext } from '../core/registry.js';

// The sales documents the sales reports add up (REP-36), in the company's currency: invoices sent
// or paid at their invoice date, debit notes at theirs, credit notes taken off at theirs. A cancelled
// invoice counts where the ledger has it (REP-96): a sale at its invoice date and a `cancellation`
// taking it off at its reversal's date, so each period agrees with the P&L; a draft is no sale.

/** The tables a report built on these facts reads. */
export const SALES_FACT_TABLES = [INVOICES, CREDIT_NOTES, DEBIT_NOTES, CUSTOMERS, JOURNAL_ENTRIES] as const;

/** `cancellation`: a cancelled invoice taken off on the date its posting was reversed (negative, counted in no document count). */
export type SaleKind = 'invoice' | 'credit_note' | 'debit_note' | 'cancellation';

/** One line of a sales document, signed (a credit note's lines are negative), in the company's currency. */
export interface SaleLine {
  itemId: string | null;
  itemCode: string | null;
  description: string;
  quantity: number;
  /** Line total before tax. */
  revenue: money.Amount;
  discount: money.Amount;
  tax: money.Amount;
}

/** One sales document as the reports count it; amounts signed and in the company's currency. */
export interface SaleDocument {
  kind: SaleKind;
  id: string;
  /** The invoice itself, or the invoice a note corrects. */
  invoiceId: string;
  date: string;
  customerId: string;
  customerName: string;
  /** Who raised the invoice (a note counts for its invoice's sales person). */
  salesPersonId: string;
  /** The billing address's state and country (the customer's address without one). */
  region: { state: string | null; country: string | null };
  /** Before tax, after discounts, shipping apart: what the income accounts were credited less shipping. */
  subtotal: money.Amount;
  discount: money.Amount;
  tax: money.Amount;
  shipping: money.Amount;
  /** What receivables were debited (a credit note: credited, negative). */
  total: money.Amount;
  lines: SaleLine[];
  /** On a cancelled invoice's two documents: the date its posting was reversed, which splits its stock movements between them. */
  reversedOn?: string;
}

interface Postable {
  id: string;
  customerId: string;
  baseTotal: number;
  exchangeRate: number;
  totalTax: number;
  totalDiscount: number;
  shippingCost: number;
  items: readonly StoredDocumentLine[];
}

/**
 * A document's figures as its posting made them: the total converted once, tax and shipping converted,
 * the subtotal what is left (the income lines absorb the rounding, as in postSalesDocument).
 */
function saleOf(ctx: CompanyContext, kind: SaleKind, doc: Postable, date: string, invoice: InvoiceRow, sign: 1 | -1): SaleDocument {
  const signed = (value: money.AmountInput) => money.parse(value).times(sign);
  const total = signed(doc.baseTotal);
  const tax = signed(toBase(doc.totalTax, doc.exchangeRate));
  const shipping = signed(toBase(doc.shippingCost, doc.exchangeRate));
  const customer = customersTable(ctx).get(doc.customerId);
  const address = invoice.billingAddress ?? customer?.address ?? null;
  const subtotal = total.minus(tax).minus(shipping);
  const lines: SaleLine[] = doc.items.map((line) => ({
    itemId: line.itemId,
    itemCode: line.itemCode,
    description: line.description,
    quantity: line.quantity * sign,
    revenue: signed(toBase(line.lineTotal, doc.exchangeRate)),
    discount: signed(toBase(line.discountAmount, doc.exchangeRate)),
    tax: signed(toBase(line.taxAmount, doc.exchangeRate)),
  }));
  // The last line takes the rounding of converting each line, as the posting's income lines do: lines add up to the subtotal.
  const last = lines.at(-1);
  if (last) last.revenue = last.revenue.plus(subtotal.minus(money.sum(lines.map((line) => line.revenue))));
  return {
    kind,
    id: doc.id,
    invoiceId: invoice.id,
    date,
    customerId: doc.customerId,
    customerName: customer?.name ?? invoice.customer.name,
    salesPersonId: invoice.createdBy,
    region: { state: address?.state ?? null, country: address?.country ?? null },
    subtotal,
    discount: signed(toBase(doc.totalDiscount, doc.exchangeRate)),
    tax,
    shipping,
    total,
    lines,
  };
}

/** Every counted sales document dated `from` to `to` (both inclusive), by date. */
export function salesDocumentsBetween(ctx: ReportContext, from: string, to: string): SaleDocument[] {
  const within = (date: string) => date >= from && date <= to;
  const invoices = invoicesTable(ctx);
  const out: SaleDocument[] = [];
  const entries = journalEntriesTable(ctx);
  for (const invoice of invoices.all()) {
    // A cancelled invoice that was sent: its posting and the reversal's date (REP-96).
    const cancelled = invoice.status === 'cancelled' && invoice.journalEntryId !== null;
    const reversedOn = cancelled ? (entries.get(invoice.journalEntryId!)?.voidDate ?? undefined) : undefined;
    if ((isIssued(invoice) || cancelled) && within(invoice.invoiceDate))
      out.push({ ...saleOf(ctx, 'invoice', invoice, invoice.invoiceDate, invoice, 1), reversedOn });
    if (reversedOn !== undefined && within(reversedOn))
      out.push({ ...saleOf(ctx, 'cancellation', invoice, reversedOn, invoice, -1), reversedOn });
  }
  for (const note of debitNotesTable(ctx).all())
    if (within(note.debitNoteDate)) out.push(saleOf(ctx, 'debit_note', note, note.debitNoteDate, invoices.get(note.invoiceId)!, 1));
  for (const note of creditNotesTable(ctx).all())
    if (within(note.creditNoteDate)) out.push(saleOf(ctx, 'credit_note', note, note.creditNoteDate, invoices.get(note.invoiceId)!, -1));
  ctx.budget.spend(invoices.size + out.length);
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Net sales before tax: what income accounts got, shipping included. */
export const revenueOf = (doc: SaleDocument): money.Amount => doc.subtotal.plus(doc.shipping);

/** The dates of a sales report: `toDate` default today, `fromDate` default the start of its fiscal year; checked. */
export function salesRange(ctx: ReportContext, query: { fromDate?: string; toDate?: string }): { from: string; to: string } {
  const to = query.toDate ?? companyToday(ctx);
  return checkedRange(query.fromDate ?? fiscalYearStartOf(ctx, to), to);
}

/** `part / whole` in percent with two decimals; null unless `whole` is above 0 (a share, a margin, a rate). */
export const percentOf = (part: money.AmountInput, whole: money.AmountInput): number | null =>
  money.parse(whole).greaterThan(0) ? money.toNumber(money.parse(part).dividedBy(whole).times(100)) : null;
