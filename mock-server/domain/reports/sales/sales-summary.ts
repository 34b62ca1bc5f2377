import type { SalesFigures, SalesSummaryReport } from '../../../../src/contract/index.js';
import { contract } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import { ITEMS, itemsTable } from '../../inventory/index.js';
import { companyCurrency } from '../../platform/index.js';
import { customersTable } from '../../sales/index.js';
import * as money from '../../shared/money.js';
import { rangePeriod } from '../core/document.js';
import { invalidParameters } from '../core/errors.js';
import { checkedRange } from '../core/period.js';
import { defineReport, type ReportContext } from '../core/registry.js';
import { SALES_FACT_TABLES, salesDocumentsBetween, type SaleDocument } from './sales-facts.js';
import { periodOf, periodsBetween, type SalesGrouping } from './sales-periods.js';

export interface SalesSummaryQuery {
  fromDate: string;
  toDate: string;
  groupBy?: SalesGrouping;
  salesPersonId?: string;
  customerId?: string;
  productId?: string;
  regionId?: string;
}

/** Running sums of {@link SalesFigures}. */
export class FiguresSum {
  invoiceCount = 0;
  creditNoteCount = 0;
  debitNoteCount = 0;
  subtotal = money.ZERO;
  discount = money.ZERO;
  tax = money.ZERO;
  shipping = money.ZERO;

  add(doc: Pick<SaleDocument, 'kind' | 'subtotal' | 'discount' | 'tax' | 'shipping'>): void {
    if (doc.kind === 'invoice') this.invoiceCount++;
    else if (doc.kind === 'credit_note') this.creditNoteCount++;
    else if (doc.kind === 'debit_note') this.debitNoteCount++;
    this.subtotal = this.subtotal.plus(doc.subtotal);
    this.discount = this.discount.plus(doc.discount);
    this.tax = this.tax.plus(doc.tax);
    this.shipping = this.shipping.plus(doc.shipping);
  }

  figures(): SalesFigures {
    const { invoiceCount, creditNoteCount, debitNoteCount } = this;
    const total = this.subtotal.plus(this.tax).plus(this.shipping);
    const [subtotal, discount, tax, shipping] = [this.subtotal, this.discount, this.tax, this.shipping].map(money.toNumber);
    return { invoiceCount, creditNoteCount, debitNoteCount, subtotal, discount, tax, shipping, total: money.toNumber(total) };
  }
}

const sameText = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/** The part of a document the filters keep: all of it, only the lines of `productId` (no shipping), or nothing. */
function filtered(doc: SaleDocument, query: SalesSummaryQuery): SaleDocument | null {
  if (query.customerId !== undefined && doc.customerId !== query.customerId) return null;
  if (query.salesPersonId !== undefined && doc.salesPersonId !== query.salesPersonId) return null;
  if (query.regionId !== undefined && !sameText(doc.region.state, query.regionId) && !sameText(doc.region.country, query.regionId))
    return null;
  if (query.productId === undefined) return doc;
  const lines = doc.lines.filter((line) => line.itemId === query.productId);
  if (lines.length === 0) return null;
  const subtotal = money.sum(lines.map((l) => l.revenue));
  const tax = money.sum(lines.map((l) => l.tax));
  return {
    ...doc,
    lines,
    subtotal,
    tax,
    shipping: money.ZERO,
    discount: money.sum(lines.map((l) => l.discount)),
    total: subtotal.plus(tax),
  };
}

/** A customer or item a report names must exist in the company: else 400 INVALID_PARAMETERS. */
export function checkFilterIds(ctx: CompanyContext, query: { customerId?: string; productId?: string }): void {
  if (query.customerId !== undefined && !customersTable(ctx).get(query.customerId))
    throw invalidParameters('customerId', 'no customer with this id', query.customerId);
  if (query.productId !== undefined && !itemsTable(ctx).get(query.productId))
    throw invalidParameters('productId', 'no item with this id', query.productId);
}

/**
 * `GET /v1/reports/sales-summary` (spec document 3, "Reports"): the counted sales documents (sales-facts.ts)
 * dated `fromDate` to `toDate`, summed per period of `groupBy` (default month), empty periods included.
 */
export function salesSummary(ctx: ReportContext, query: SalesSummaryQuery): SalesSummaryReport {
  const { from, to } = checkedRange(query.fromDate, query.toDate);
  checkFilterIds(ctx, query);
  const groupBy = query.groupBy ?? 'month';
  const periods = periodsBetween(from, to, groupBy).map((period) => ({ ...period, sum: new FiguresSum() }));
  const byLabel = new Map(periods.map((p) => [p.period, p.sum]));
  const totals = new FiguresSum();
  for (const doc of salesDocumentsBetween(ctx, from, to)) {
    const kept = filtered(doc, query);
    if (!kept) continue;
    byLabel.get(periodOf(kept.date, groupBy).period)!.add(kept);
    totals.add(kept);
  }
  return {
    reportType: 'sales-summary',
    fromDate: from,
    toDate: to,
    groupBy,
    currency: companyCurrency(ctx),
    filters: {
      salesPersonId: query.salesPersonId ?? null,
      customerId: query.customerId ?? null,
      productId: query.productId ?? null,
      regionId: query.regionId ?? null,
    },
    periods: periods.map(({ sum, ...period }) => ({ ...period, ...sum.figures() })),
    totals: totals.figures(),
    generatedAt: ctx.clock.iso(),
    generatedBy: ctx.generatedBy,
  };
}

const FIGURE_COLUMNS = [
  { key: 'invoiceCount', label: 'Invoices', kind: 'integer' },
  { key: 'creditNoteCount', label: 'Credit notes', kind: 'integer' },
  { key: 'debitNoteCount', label: 'Debit notes', kind: 'integer' },
  { key: 'subtotal', label: 'Subtotal', kind: 'money' },
  { key: 'discount', label: 'Discount', kind: 'money' },
  { key: 'tax', label: 'Tax', kind: 'money' },
  { key: 'shipping', label: 'Shipping', kind: 'money' },
  { key: 'total', label: 'Total', kind: 'money' },
] as const;

export const salesSummaryReport = defineReport({
  type: 'sales-summary',
  endpoint: contract.reports.reportsSalesSummary,
  reads: [...SALES_FACT_TABLES, ITEMS],
  compute: salesSummary,
  filename: (report) => `sales-summary-${report.fromDate}-to-${report.toDate}`,
  layout: (report) => ({
    title: 'Sales summary',
    period: rangePeriod(report.fromDate, report.toDate),
    notes: [
      "Invoices sent or paid at their invoice date, debit notes added and credit notes taken off at theirs; a cancelled invoice counts at its date and is taken off at its cancellation's, as the ledger has it.",
    ],
    tables: [
      {
        name: 'Sales summary',
        columns: [
          { key: 'period', label: 'Period', kind: 'text' },
          { key: 'fromDate', label: 'From', kind: 'date' },
          { key: 'toDate', label: 'To', kind: 'date' },
          ...FIGURE_COLUMNS,
        ],
        rows: report.periods,
        totals: { period: 'Total', fromDate: report.fromDate, toDate: report.toDate, ...report.totals },
      },
    ],
    // A bar per period reads well up to three years of months; a longer series is left to the table.
    chart:
      report.periods.length <= 36
        ? { title: 'Sales by period', labels: report.periods.map((p) => p.period), values: report.periods.map((p) => p.total) }
        : undefined,
  }),
});
