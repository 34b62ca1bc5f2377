import type { SalesDashboardReport, SalesMetric } from '../../../../src/contract/index.js';
import { contract } from '../../../../src/contract/index.js';
import { ITEMS, STOCK_MOVEMENTS } from '../../inventory/index.js';
import { companyCurrency } from '../../platform/index.js';
import { PAYMENTS, percentChange, QUOTES, SALES_ORDERS, salesFunnel } from '../../sales/index.js';
import { addDays, daysBetween } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { rangePeriod } from '../core/document.js';
import { defineReport, type ReportContext } from '../core/registry.js';
import { byRevenue, productRow, salesPerItem } from './sales-by-product.js';
import { revenueOf, SALES_FACT_TABLES, salesDocumentsBetween, salesRange } from './sales-facts.js';
import { periodsBetween } from './sales-periods.js';
import { rankCustomers, salesByCustomer } from './top-customers.js';

/** How many products and customers the dashboard lists. */
export const DASHBOARD_TOP = 5;

/** A figure against the previous period's, shaped like the spec's KPIs (document 3, "KPI response"). */
function metric(current: money.AmountInput | null, previous: money.AmountInput | null): SalesMetric {
  const both = current !== null && previous !== null;
  const cmp = both ? money.compare(current, previous) : 0;
  return {
    current: current === null ? null : money.toNumber(current),
    previous: previous === null ? null : money.toNumber(previous),
    change: both ? percentChange(current, previous) : null,
    trend: cmp > 0 ? 'up' : cmp < 0 ? 'down' : 'flat',
  };
}

/** A period's revenue and invoice count (sales-facts.ts), and its orders, order value and quote conversion (the sales funnel's). */
function periodFigures(ctx: ReportContext, from: string, to: string) {
  const docs = salesDocumentsBetween(ctx, from, to);
  const funnel = salesFunnel(ctx, { dateFrom: from, dateTo: to });
  ctx.budget.spend(funnel.stages.reduce((n, stage) => n + stage.count, 0));
  const orders = funnel.stages.find((stage) => stage.stage === 'order')!;
  return {
    revenue: money.sum(docs.map(revenueOf)),
    invoices: docs.filter((doc) => doc.kind === 'invoice').length,
    orders: orders.count,
    averageOrderValue: orders.count === 0 ? null : money.parse(orders.value).dividedBy(orders.count),
    quoteConversionRate: orders.conversionRate,
  };
}

/**
 * `GET /v1/reports/sales-performance-dashboard` (spec document 3, "Reports"; ours, decision REP-45):
 * the period's KPIs against the period of equal length just before it, its top products and customers by
 * revenue, and its months.
 */
export function salesPerformanceDashboard(ctx: ReportContext, query: { fromDate?: string; toDate?: string }): SalesDashboardReport {
  const { from, to } = salesRange(ctx, query);
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(from, -(daysBetween(from, to) + 1));
  const now = periodFigures(ctx, from, to);
  const before = periodFigures(ctx, previousFrom, previousTo);
  const topProducts = [...salesPerItem(ctx, from, to)]
    .map(([itemId, sum]) => productRow(ctx, itemId, sum))
    .sort(byRevenue)
    .slice(0, DASHBOARD_TOP)
    .map(({ itemId, itemName, quantity, revenue, margin }) => ({ itemId, itemName, quantity, revenue, margin }));
  const topCustomers = rankCustomers(salesByCustomer(ctx, from, to), 'revenue')
    .slice(0, DASHBOARD_TOP)
    .map((row) => ({ customerId: row.customerId, customerName: row.customerName, revenue: money.toNumber(row.revenue) }));
  const byMonth = periodsBetween(from, to, 'month').map((month) => {
    const figures = periodFigures(ctx, month.fromDate, month.toDate);
    return { month: month.period, revenue: money.toNumber(figures.revenue), invoiceCount: figures.invoices, orderCount: figures.orders };
  });
  return {
    reportType: 'sales-performance-dashboard',
    fromDate: from,
    toDate: to,
    previousFromDate: previousFrom,
    previousToDate: previousTo,
    currency: companyCurrency(ctx),
    metrics: {
      revenue: metric(now.revenue, before.revenue),
      invoices: metric(now.invoices, before.invoices),
      orders: metric(now.orders, before.orders),
      averageOrderValue: metric(now.averageOrderValue, before.averageOrderValue),
      quoteConversionRate: metric(now.quoteConversionRate, before.quoteConversionRate),
    },
    topProducts,
    topCustomers,
    byMonth,
    generatedAt: ctx.clock.iso(),
    generatedBy: ctx.generatedBy,
  };
}

const METRIC_NAMES: Record<keyof SalesDashboardReport['metrics'], string> = {
  revenue: 'Revenue',
  invoices: 'Invoices',
  orders: 'Orders',
  averageOrderValue: 'Average order value',
  quoteConversionRate: 'Quote conversion %',
};

export const salesPerformanceDashboardReport = defineReport({
  type: 'sales-performance-dashboard',
  endpoint: contract.reports.reportsSalesPerformanceDashboard,
  reads: [...SALES_FACT_TABLES, PAYMENTS, QUOTES, SALES_ORDERS, ITEMS, STOCK_MOVEMENTS],
  compute: salesPerformanceDashboard,
  filename: (report) => `sales-performance-${report.fromDate}-to-${report.toDate}`,
  layout: (report) => ({
    title: 'Sales performance',
    period: rangePeriod(report.fromDate, report.toDate),
    notes: [`Compared with ${rangePeriod(report.previousFromDate, report.previousToDate)}.`],
    tables: [
      {
        name: 'Key figures',
        columns: [
          { key: 'metric', label: 'Metric', kind: 'text' },
          { key: 'current', label: 'This period', kind: 'number' },
          { key: 'previous', label: 'Previous period', kind: 'number' },
          { key: 'change', label: 'Change', kind: 'percent' },
          { key: 'trend', label: 'Trend', kind: 'text' },
        ],
        rows: (Object.keys(METRIC_NAMES) as (keyof typeof METRIC_NAMES)[]).map((key) => ({
          metric: METRIC_NAMES[key],
          ...report.metrics[key],
        })),
      },
      {
        name: 'By month',
        columns: [
          { key: 'month', label: 'Month', kind: 'text' },
          { key: 'revenue', label: 'Revenue', kind: 'money' },
          { key: 'invoiceCount', label: 'Invoices', kind: 'integer' },
          { key: 'orderCount', label: 'Orders', kind: 'integer' },
        ],
        rows: report.byMonth,
      },
      {
        name: 'Top products',
        columns: [
          { key: 'itemName', label: 'Item', kind: 'text' },
          { key: 'quantity', label: 'Quantity', kind: 'number' },
          { key: 'revenue', label: 'Revenue', kind: 'money' },
          { key: 'margin', label: 'Margin', kind: 'money' },
        ],
        rows: report.topProducts,
      },
      {
        name: 'Top customers',
        columns: [
          { key: 'customerName', label: 'Customer', kind: 'text' },
          { key: 'revenue', label: 'Revenue', kind: 'money' },
        ],
        rows: report.topCustomers,
      },
    ],
    chart:
      report.byMonth.length <= 36
        ? { title: 'Revenue by month', labels: report.byMonth.map((m) => m.month), values: report.byMonth.map((m) => m.revenue) }
        : undefined,
  }),
});
