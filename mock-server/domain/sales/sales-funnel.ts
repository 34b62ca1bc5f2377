import type { SalesFunnel } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { companyCurrency } from '../platform/index.js';
import { retrieveCustomer } from './customers.js';
import { invoiceCorrections, isIssued, isPaidByMoney, netInvoiceValue } from './customer-summary.js';
import { toBase } from './document-lines.js';
import { validationError } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import { invoicesTable, quotesTable, salesOrdersTable } from './document-tables.js';

export interface SalesFunnelQuery {
  dateFrom?: string;
  dateTo?: string;
  customerId?: string;
}

/** `count / previous` as a percent with two decimals; null after an empty stage. */
const rate = (count: number, previous: number): number | null =>
  previous === 0 ? null : money.toNumber(money.parse(count).dividedBy(previous).times(100));

/**
 * `GET /analytics/sales-funnel` (spec document 2: response not shown). Each stage counts the
 * documents dated in the period (inclusive bounds, either may be open): quotes sent, whatever
 * came of them since (`quoteDate`), sales orders confirmed or beyond (`orderDate`), invoices sent or
 * beyond (`invoiceDate`) and, of those invoices, the ones paid in full by money (SALES-51: one settled by
 * credit alone was not paid). Values are totals in the company's currency, a paid invoice's net of its own
 * credit and debit notes; a stage's conversion rate is its count over the previous stage's.
 */
export function salesFunnel(ctx: CompanyContext, query: SalesFunnelQuery = {}): SalesFunnel {
  const { dateFrom, dateTo, customerId } = query;
  if (dateFrom && dateTo && dateTo < dateFrom) {
    throw validationError(
      [
        {
          field: 'dateTo',
          code: 'DATE_CONSTRAINT',
          message: `dateTo cannot be before dateFrom ${dateFrom}`,
          value: dateTo,
          constraint: { min: dateFrom },
        },
      ],
      'The query failed validation',
    );
  }
  if (customerId !== undefined) retrieveCustomer(ctx, customerId);
  const within = (date: string) => (dateFrom === undefined || date >= dateFrom) && (dateTo === undefined || date <= dateTo);
  const forCustomer = (row: { customerId: string }) => customerId === undefined || row.customerId === customerId;

  const quotes = quotesTable(ctx)
    .all()
    // A quote counts once sent, whatever came of it: a declined one is a quote the funnel lost; a draft declined unsent never entered it.
    .filter((q) => q.sentAt !== null && forCustomer(q) && within(q.quoteDate));
  const orders = salesOrdersTable(ctx)
    .all()
    .filter((o) => o.status !== 'draft' && o.status !== 'cancelled' && forCustomer(o) && within(o.orderDate));
  const invoices = invoicesTable(ctx)
    .all()
    .filter((i) => isIssued(i) && forCustomer(i) && within(i.invoiceDate));
  const corrections = invoiceCorrections(ctx, customerId);
  // Paid in full by payments; one credited in full was paid for nothing that remains a sale.
  const paid = invoices.filter((i) => isPaidByMoney(i) && netInvoiceValue(i, corrections).greaterThan(0));

  const counts = [quotes.length, orders.length, invoices.length, paid.length];
  const values = [
    money.sum(quotes.map((q) => toBase(q.total, q.exchangeRate))),
    money.sum(orders.map((o) => toBase(o.total, o.exchangeRate))),
    money.sum(invoices.map((i) => i.baseTotal)),
    money.sum(paid.map((i) => netInvoiceValue(i, corrections))),
  ];
  const stages = (['quote', 'order', 'invoice', 'paid'] as const).map((stage, i) => ({
    stage,
    count: counts[i],
    value: money.toNumber(values[i]),
    conversionRate: i === 0 ? null : rate(counts[i], counts[i - 1]),
  }));
  return {
    dateFrom: dateFrom ?? null,
    dateTo: dateTo ?? null,
    customerId: customerId ?? null,
    currency: companyCurrency(ctx),
    stages,
    overallConversionRate: rate(paid.length, quotes.length),
  };
}
