import type { CustomerSummary } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { addDays, daysBetween, companyToday } from '../shared/calendar.js';
import { companyCurrency } from '../platform/index.js';
import { retrieveCustomer } from './customers.js';
import { creditNotesTable, customerCreditBalance, debitNotesTable } from './note-tables.js';
import { toBase } from './document-lines.js';
import * as money from '../shared/money.js';
import { invoicesTable, salesOrdersTable, type InvoiceRow, type StoredDocumentLine } from './document-tables.js';

/** Length of the two windows the trends compare: the last 90 days against the 90 before. */
export const TREND_WINDOW_DAYS = 90;
/** How many products `topProducts` lists. */
export const TOP_PRODUCTS = 5;

/** A line as it counts for `topProducts`: `sign` -1 for a credited line, at the rate of its document. */
interface CountedLine {
  line: StoredDocumentLine;
  rate: number;
  sign: 1 | -1;
}

/**
 * One sale for the order figures: a confirmed (or later) sales order, or an invoice not made from an
 * order, with the debit notes on its invoices added and their credit notes taken off (SALES-50).
 */
interface Sale {
  date: string;
  value: money.Amount;
  lines: CountedLine[];
}

/** What debit and credit notes changed of one invoice: its value in the company's currency, and the lines. */
interface Correction {
  value: money.Amount;
  lines: CountedLine[];
}

/** A company-currency amount dated for the trends: invoices at their date, notes at theirs (as the ledger books them). */
interface DatedAmount {
  date: string;
  value: money.Amount;
}

/** Whether an invoice counts as a sale: sent, overdue or paid (drafts and cancelled ones do not). */
export const isIssued = (row: Pick<InvoiceRow, 'status'>): boolean => row.status === 'sent' || row.status === 'paid';

/**
 * Whether an invoice was paid in full by money: nothing due and at least one payment (SALES-51). One
 * settled by credit alone was not paid; one partly credited and the rest paid was.
 */
export const isPaidByMoney = (row: Pick<InvoiceRow, 'paymentStatus' | 'amountPaid' | 'lastPaymentDate'>): boolean =>
  row.paymentStatus === 'paid' && row.amountPaid > 0 && row.lastPaymentDate !== null;

/**
 * The debit notes less the credit notes of each invoice, in the company's currency (SALES-40): what
 * moves the customer's `totalSales` beside the invoices themselves. Customer credit applied from one
 * invoice's note to another invoice is a settlement, not a correction of that other invoice.
 */
export function invoiceCorrections(ctx: CompanyContext, customerId?: string): Map<string, Correction> {
  const notesOf = <R extends { customerId: string }>(rows: readonly R[]) =>
    customerId === undefined ? rows : rows.filter((r) => r.customerId === customerId);
  const byInvoice = new Map<string, Correction>();
  const add = (
    note: { invoiceId: string; baseTotal: number; exchangeRate: number; items: readonly StoredDocumentLine[] },
    sign: 1 | -1,
  ) => {
    const correction = byInvoice.get(note.invoiceId) ?? { value: money.ZERO, lines: [] };
    correction.value = correction.value.plus(money.parse(note.baseTotal).times(sign));
    correction.lines.push(...note.items.map((line) => ({ line, rate: note.exchangeRate, sign })));
    byInvoice.set(note.invoiceId, correction);
  };
  for (const note of notesOf(debitNotesTable(ctx).all())) add(note, 1);
  for (const note of notesOf(creditNotesTable(ctx).all())) add(note, -1);
  return byInvoice;
}

/** An invoice's value net of its own debit and credit notes, in the company's currency. */
export const netInvoiceValue = (invoice: InvoiceRow, corrections: ReadonlyMap<string, Correction>): money.Amount =>
  money.parse(invoice.baseTotal).plus(corrections.get(invoice.id)?.value ?? 0);

const round2 = (value: money.AmountInput): number => money.toNumber(value);

/** `(current - previous) / previous` as a percent with two decimals; null without a previous figure. */
export function percentChange(current: money.AmountInput, previous: money.AmountInput): number | null {
  const before = money.parse(previous);
  if (before.isZero()) return null;
  return round2(money.parse(current).minus(before).dividedBy(before).times(100));
}

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : round2(money.sum(values).dividedBy(values.length));

/** Days from invoice date to the last payment, for invoices paid in full by money. */
const paymentDays = (invoices: readonly InvoiceRow[]): number[] => invoices.map((i) => daysBetween(i.invoiceDate, i.lastPaymentDate!));

/**
 * The customer's sales for the order figures, oldest first: orders and invoices not made from one,
 * net of the notes on their invoices; a sale credited in full is no sale, as a cancelled one is not.
 */
function customerSales(
  ctx: CompanyContext,
  customerId: string,
  invoices: readonly InvoiceRow[],
  corrections: ReadonlyMap<string, Correction>,
): Sale[] {
  const orders = salesOrdersTable(ctx)
    .byIndex('customerId', customerId)
    .filter((o) => o.status !== 'draft' && o.status !== 'cancelled');
  const correctionsOf = (rows: readonly InvoiceRow[]) => rows.flatMap((i) => corrections.get(i.id) ?? []);
  const sale = (
    date: string,
    value: money.AmountInput,
    rate: number,
    lines: readonly StoredDocumentLine[],
    rows: readonly InvoiceRow[],
  ): Sale => {
    const notes = correctionsOf(rows);
    return {
      date,
      value: money.parse(value).plus(money.sum(notes.map((n) => n.value))),
      lines: [...lines.map((line) => ({ line, rate, sign: 1 as const })), ...notes.flatMap((n) => n.lines)],
    };
  };
  return [
    ...orders.map((o) =>
      sale(
        o.orderDate,
        toBase(o.total, o.exchangeRate),
        o.exchangeRate,
        o.items,
        invoices.filter((i) => i.salesOrderId === o.id),
      ),
    ),
    ...invoices.filter((i) => !i.salesOrderId).map((i) => sale(i.invoiceDate, i.baseTotal, i.exchangeRate, i.items, [i])),
  ]
    .filter((s) => s.value.greaterThan(0))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The customer's sales as the ledger dates them: each invoice at its date, each note at its own. */
function datedSales(ctx: CompanyContext, customerId: string, invoices: readonly InvoiceRow[]): DatedAmount[] {
  return [
    ...invoices.map((i) => ({ date: i.invoiceDate, value: money.parse(i.baseTotal) })),
    ...debitNotesTable(ctx)
      .byIndex('customerId', customerId)
      .map((n) => ({ date: n.debitNoteDate, value: money.parse(n.baseTotal) })),
    ...creditNotesTable(ctx)
      .byIndex('customerId', customerId)
      .map((n) => ({ date: n.creditNoteDate, value: money.parse(n.baseTotal).negated() })),
  ];
}

/**
 * `GET /customers/{id}/summary` (spec document 2, "Customers"), computed from the customer's stored
 * documents by the service clock, in the company's currency. Sales are net of credit notes and include
 * debit notes, as the customer's `totalSales` is (SALES-40). The rules of each figure are decision
 * SALES-50.
 */
export function customerSummary(ctx: CompanyContext, customerId: string): CustomerSummary {
  const customer = retrieveCustomer(ctx, customerId);
  const today = companyToday(ctx);
  const invoices = invoicesTable(ctx).byIndex('customerId', customer.id).filter(isIssued);
  const corrections = invoiceCorrections(ctx, customer.id);
  const sales = customerSales(ctx, customer.id, invoices, corrections);
  const dated = datedSales(ctx, customer.id, invoices);

  const totalSales = money.sum(dated.map((d) => d.value));
  // What receivables hold for the customer: open amounts due less unapplied credit (SALES-40).
  const currentBalance = money.sum(invoices.map((i) => i.baseAmountDue)).minus(customerCreditBalance(ctx, customer.id));
  const paid = invoices.filter(isPaidByMoney);
  const onTime = paid.filter((i) => i.lastPaymentDate! <= i.dueDate).length;
  const first = sales[0]?.date ?? null;
  const last = sales.at(-1)?.date ?? null;

  // Windows: (today - 90, today] against (today - 180, today - 90].
  const currentFrom = addDays(today, -TREND_WINDOW_DAYS + 1);
  const previousFrom = addDays(today, -2 * TREND_WINDOW_DAYS + 1);
  const inCurrent = (date: string) => date >= currentFrom && date <= today;
  const inPrevious = (date: string) => date >= previousFrom && date < currentFrom;
  const salesIn = (within: (date: string) => boolean) => money.sum(dated.filter((d) => within(d.date)).map((d) => d.value));
  const paidIn = (within: (date: string) => boolean) => mean(paymentDays(paid.filter((i) => within(i.lastPaymentDate!))));
  const currentDays = paidIn(inCurrent);
  const previousDays = paidIn(inPrevious);

  return {
    customerId: customer.id,
    currency: companyCurrency(ctx),
    asOfDate: today,
    summary: {
      totalSales: round2(totalSales),
      // An invoice credited in full is undone as a cancelled one is: it counts for nothing.
      totalInvoices: invoices.filter((i) => netInvoiceValue(i, corrections).greaterThan(0)).length,
      averageOrderValue: sales.length === 0 ? 0 : round2(money.sum(sales.map((s) => s.value)).dividedBy(sales.length)),
      currentBalance: round2(currentBalance),
      // Credit the customer holds uses none of the limit: never below 0.
      creditUtilization:
        customer.creditLimit > 0 ? round2(currentBalance.clamp(0, Infinity).dividedBy(customer.creditLimit).times(100)) : 0,
      paymentHistory: { onTimePayments: onTime, latePayments: paid.length - onTime, averagePaymentDays: mean(paymentDays(paid)) },
      lastOrderDate: last,
      daysSinceLastOrder: last === null ? null : daysBetween(last, today),
      orderFrequency: sales.length < 2 ? null : round2(money.parse(daysBetween(first!, last!)).dividedBy(sales.length - 1)),
    },
    trends: {
      salesGrowth: percentChange(salesIn(inCurrent), salesIn(inPrevious)),
      orderVolumeGrowth: percentChange(sales.filter((s) => inCurrent(s.date)).length, sales.filter((s) => inPrevious(s.date)).length),
      paymentDaysImprovement: currentDays === null || previousDays === null ? null : round2(money.subtract(previousDays, currentDays)),
    },
    topProducts: topProducts(sales),
  };
}

/** Items by value across the sales' lines less what was credited of them (lines without an item are left out), highest first. */
function topProducts(sales: readonly Sale[]): CustomerSummary['topProducts'] {
  const byItem = new Map<string, { itemCode: string | null; description: string; quantity: money.Amount; value: money.Amount }>();
  for (const { line, rate, sign } of sales.flatMap((sale) => sale.lines)) {
    if (!line.itemId) continue;
    const current = byItem.get(line.itemId) ?? {
      itemCode: line.itemCode,
      description: line.description,
      quantity: money.ZERO,
      value: money.ZERO,
    };
    current.quantity = current.quantity.plus(money.parse(line.quantity).times(sign));
    current.value = current.value.plus(money.parse(toBase(line.lineTotal, rate)).times(sign));
    byItem.set(line.itemId, current);
  }
  return [...byItem]
    .filter(([, p]) => p.value.greaterThan(0) || p.quantity.greaterThan(0))
    .sort(([idA, a], [idB, b]) => b.value.cmp(a.value) || (idA < idB ? -1 : 1))
    .slice(0, TOP_PRODUCTS)
    .map(([itemId, p]) => ({
      itemId,
      itemCode: p.itemCode,
      description: p.description,
      quantityOrdered: p.quantity.toNumber(),
      totalValue: round2(p.value),
    }));
}
