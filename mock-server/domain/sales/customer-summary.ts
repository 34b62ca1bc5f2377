import type { CustomerSummary } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { addDays, daysBetween, companyToday } from '../shared/calendar.js';
import { companyCurrency } from '../platform/company.js';
import { retrieveCustomer } from './customers.js';
import { customerCreditBalance } from './note-tables.js';
import { toBase } from './document-lines.js';
import * as money from '../shared/money.js';
import { invoicesTable, salesOrdersTable, type InvoiceRow, type StoredDocumentLine } from './document-tables.js';

/** Length of the two windows the trends compare: the last 90 days against the 90 before. */
export const TREND_WINDOW_DAYS = 90;
/** How many products `topProducts` lists. */
export const TOP_PRODUCTS = 5;

/** One sale for the order figures: a confirmed (or later) sales order, or an invoice not made from an order. */
interface Sale {
  date: string;
  value: money.Amount;
  rate: number;
  lines: readonly StoredDocumentLine[];
}

/** Whether an invoice counts as a sale: sent, overdue or paid (drafts and cancelled ones do not). */
export const isIssued = (row: Pick<InvoiceRow, 'status'>): boolean => row.status === 'sent' || row.status === 'paid';

const round2 = (value: money.AmountInput): number => money.toNumber(value);

/** `(current - previous) / previous` as a percent with two decimals; null without a previous figure. */
export function percentChange(current: money.AmountInput, previous: money.AmountInput): number | null {
  const before = money.parse(previous);
  if (before.isZero()) return null;
  return round2(money.parse(current).minus(before).dividedBy(before).times(100));
}

const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : round2(money.sum(values).dividedBy(values.length)));

/** Days from invoice date to the payment that settled it, for invoices paid in full. */
const paymentDays = (invoices: readonly InvoiceRow[]): number[] =>
  invoices.filter((i) => i.paymentStatus === 'paid' && i.lastPaymentDate).map((i) => daysBetween(i.invoiceDate, i.lastPaymentDate!));

/**
 * `GET /customers/{id}/summary` (spec document 2, "Customers"), computed from the customer's stored
 * documents by the service clock, in the company's currency. The rules of each figure are in
 * docs/spec-decisions.md ("Sales and CRM").
 */
export function customerSummary(ctx: CompanyContext, customerId: string): CustomerSummary {
  const customer = retrieveCustomer(ctx, customerId);
  const today = companyToday(ctx);
  const invoices = invoicesTable(ctx).byIndex('customerId', customer.id).filter(isIssued);
  const orders = salesOrdersTable(ctx)
    .byIndex('customerId', customer.id)
    .filter((o) => o.status !== 'draft' && o.status !== 'cancelled');
  const sales: Sale[] = [
    ...orders.map((o) => ({ date: o.orderDate, value: money.parse(toBase(o.total, o.exchangeRate)), rate: o.exchangeRate, lines: o.items })),
    ...invoices.filter((i) => !i.salesOrderId).map((i) => ({ date: i.invoiceDate, value: money.parse(i.baseTotal), rate: i.exchangeRate, lines: i.items })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  const totalSales = money.sum(invoices.map((i) => i.baseTotal));
  // What receivables hold for the customer: open amounts due less unapplied credit (issue #9).
  const currentBalance = money.sum(invoices.map((i) => i.baseAmountDue)).minus(customerCreditBalance(ctx, customer.id));
  const paid = invoices.filter((i) => i.paymentStatus === 'paid' && i.lastPaymentDate);
  const onTime = paid.filter((i) => i.lastPaymentDate! <= i.dueDate).length;
  const first = sales[0]?.date ?? null;
  const last = sales.at(-1)?.date ?? null;

  // Windows: (today - 90, today] against (today - 180, today - 90].
  const currentFrom = addDays(today, -TREND_WINDOW_DAYS + 1);
  const previousFrom = addDays(today, -2 * TREND_WINDOW_DAYS + 1);
  const inCurrent = (date: string) => date >= currentFrom && date <= today;
  const inPrevious = (date: string) => date >= previousFrom && date < currentFrom;
  const salesIn = (within: (date: string) => boolean) => money.sum(invoices.filter((i) => within(i.invoiceDate)).map((i) => i.baseTotal));
  const paidIn = (within: (date: string) => boolean) => mean(paymentDays(paid.filter((i) => within(i.lastPaymentDate!))));
  const currentDays = paidIn(inCurrent);
  const previousDays = paidIn(inPrevious);

  return {
    customerId: customer.id,
    currency: companyCurrency(ctx),
    asOfDate: today,
    summary: {
      totalSales: round2(totalSales),
      totalInvoices: invoices.length,
      averageOrderValue: sales.length === 0 ? 0 : round2(money.sum(sales.map((s) => s.value)).dividedBy(sales.length)),
      currentBalance: round2(currentBalance),
      creditUtilization: customer.creditLimit > 0 ? round2(currentBalance.dividedBy(customer.creditLimit).times(100)) : 0,
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

/** Items by value across the sales' lines (lines without an item are left out), highest first. */
function topProducts(sales: readonly Sale[]): CustomerSummary['topProducts'] {
  const byItem = new Map<string, { itemCode: string | null; description: string; quantity: money.Amount; value: money.Amount }>();
  for (const sale of sales) {
    for (const line of sale.lines) {
      if (!line.itemId) continue;
      const current = byItem.get(line.itemId) ?? { itemCode: line.itemCode, description: line.description, quantity: money.ZERO, value: money.ZERO };
      current.quantity = current.quantity.plus(line.quantity);
      current.value = current.value.plus(toBase(line.lineTotal, sale.rate));
      byItem.set(line.itemId, current);
    }
  }
  return [...byItem]
    .sort(([idA, a], [idB, b]) => b.value.cmp(a.value) || (idA < idB ? -1 : 1))
    .slice(0, TOP_PRODUCTS)
    .map(([itemId, p]) => ({ itemId, itemCode: p.itemCode, description: p.description, quantityOrdered: p.quantity.toNumber(), totalValue: round2(p.value) }));
}
