import type { TopCustomer, TopCustomersReport } from '../../../../src/contract/index.js';
import { contract } from '../../../../src/contract/index.js';
import { companyCurrency } from '../../platform/index.js';
import { customersTable, PAYMENTS, paymentsTable } from '../../sales/index.js';
import * as money from '../../shared/money.js';
import { rangePeriod } from '../core/document.js';
import { defineReport, type ReportContext } from '../core/registry.js';
import { percentOf, revenueOf, SALES_FACT_TABLES, salesDocumentsBetween, salesRange } from './sales-facts.js';

export type TopCustomerMetric = 'revenue' | 'invoices' | 'payments';

/** One customer's figures over a period. */
export interface CustomerSales {
  customerId: string;
  customerName: string;
  revenue: money.Amount;
  invoiceCount: number;
  paymentsReceived: money.Amount;
}

/**
 * Every customer with sales or payments from `from` to `to`: net sales before tax (sales-facts.ts),
 * invoices counted, and payments dated in the period and not voided by its end, in the company's currency.
 */
export function salesByCustomer(ctx: ReportContext, from: string, to: string): CustomerSales[] {
  const rows = new Map<string, CustomerSales>();
  const rowOf = (customerId: string, customerName: string) => {
    const row = rows.get(customerId) ?? { customerId, customerName, revenue: money.ZERO, invoiceCount: 0, paymentsReceived: money.ZERO };
    rows.set(customerId, row);
    return row;
  };
  for (const doc of salesDocumentsBetween(ctx, from, to)) {
    const row = rowOf(doc.customerId, doc.customerName);
    row.revenue = row.revenue.plus(revenueOf(doc));
    if (doc.kind === 'invoice') row.invoiceCount++;
  }
  const payments = paymentsTable(ctx).all();
  ctx.budget.spend(payments.length);
  for (const payment of payments) {
    if (payment.paymentDate < from || payment.paymentDate > to || (payment.voidDate !== null && payment.voidDate <= to)) continue;
    const row = rowOf(payment.customerId, customersTable(ctx).get(payment.customerId)?.name ?? '');
    row.paymentsReceived = row.paymentsReceived.plus(payment.baseAmount);
  }
  return [...rows.values()];
}

const RANKED_BY: Record<TopCustomerMetric, (row: CustomerSales) => money.AmountInput> = {
  revenue: (row) => row.revenue,
  invoices: (row) => row.invoiceCount,
  payments: (row) => row.paymentsReceived,
};

/** Customers by `metric`, highest first, then by revenue and name. */
export const rankCustomers = (rows: CustomerSales[], metric: TopCustomerMetric): CustomerSales[] =>
  [...rows].sort(
    (a, b) =>
      money.compare(RANKED_BY[metric](b), RANKED_BY[metric](a)) || b.revenue.cmp(a.revenue) || a.customerName.localeCompare(b.customerName),
  );

/** `GET /v1/reports/top-customers` (spec document 3, "Reports"; ours, decision REP-43). */
export function topCustomers(
  ctx: ReportContext,
  query: { fromDate?: string; toDate?: string; limit?: number; metric?: TopCustomerMetric },
): TopCustomersReport {
  const { from, to } = salesRange(ctx, query);
  const metric = query.metric ?? 'revenue';
  const rows = salesByCustomer(ctx, from, to);
  const revenue = money.sum(rows.map((r) => r.revenue));
  const customers: TopCustomer[] = rankCustomers(rows, metric)
    .slice(0, query.limit ?? 10)
    .map((row, i) => ({
      rank: i + 1,
      customerId: row.customerId,
      customerName: row.customerName,
      revenue: money.toNumber(row.revenue),
      invoiceCount: row.invoiceCount,
      paymentsReceived: money.toNumber(row.paymentsReceived),
      shareOfRevenue: percentOf(row.revenue, revenue),
    }));
  return {
    reportType: 'top-customers',
    fromDate: from,
    toDate: to,
    metric,
    currency: companyCurrency(ctx),
    customers,
    totals: {
      customerCount: rows.length,
      revenue: money.toNumber(revenue),
      invoiceCount: rows.reduce((n, r) => n + r.invoiceCount, 0),
      paymentsReceived: money.toNumber(money.sum(rows.map((r) => r.paymentsReceived))),
    },
    generatedAt: ctx.clock.iso(),
    generatedBy: ctx.generatedBy,
  };
}

export const topCustomersReport = defineReport({
  type: 'top-customers',
  endpoint: contract.reports.reportsTopCustomers,
  reads: [...SALES_FACT_TABLES, PAYMENTS],
  compute: topCustomers,
  filename: (report) => `top-customers-${report.fromDate}-to-${report.toDate}`,
  layout: (report) => ({
    title: `Top customers by ${report.metric}`,
    period: rangePeriod(report.fromDate, report.toDate),
    tables: [
      {
        name: 'Top customers',
        columns: [
          { key: 'rank', label: 'Rank', kind: 'integer' },
          { key: 'customerName', label: 'Customer', kind: 'text' },
          { key: 'revenue', label: 'Revenue', kind: 'money' },
          { key: 'shareOfRevenue', label: 'Share', kind: 'percent' },
          { key: 'invoiceCount', label: 'Invoices', kind: 'integer' },
          { key: 'paymentsReceived', label: 'Payments', kind: 'money' },
        ],
        rows: report.customers,
        totals: {
          rank: null,
          customerName: `All ${report.totals.customerCount} customers`,
          revenue: report.totals.revenue,
          shareOfRevenue: null,
          invoiceCount: report.totals.invoiceCount,
          paymentsReceived: report.totals.paymentsReceived,
        },
      },
    ],
    chart: {
      title: `Top customers by ${report.metric}`,
      labels: report.customers.map((c) => c.customerName),
      values: report.customers.map((c) =>
        report.metric === 'invoices' ? c.invoiceCount : report.metric === 'payments' ? c.paymentsReceived : c.revenue,
      ),
    },
  }),
});
