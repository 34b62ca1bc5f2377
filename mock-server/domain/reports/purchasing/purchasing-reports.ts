import { contract, type SpendAnalysisParams } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import { ACCOUNTS, JOURNAL_ENTRIES } from '../../accounting/index.js';
import { ITEM_CATEGORIES, ITEMS } from '../../inventory/index.js';
import {
  agedPayables,
  BILL_PAYMENTS,
  BILLS,
  billsTable,
  outstandingPosReport,
  PURCHASE_ORDERS,
  purchaseOrdersTable,
  spendAnalysis,
  SUPPLIER_CREDIT_NOTES,
  SUPPLIER_DEBIT_NOTES,
  SUPPLIER_RATINGS,
  supplierPerformanceReport,
  type SupplierPerformanceQuery,
  SUPPLIERS,
  suppliersTable,
} from '../../purchasing/index.js';
import { invalidParameters } from '../core/errors.js';
import { addDays, companyToday } from '../../shared/calendar.js';
import { TAX_CODES } from '../../shared/tax-codes.js';
import { asOfPeriod, rangePeriod } from '../core/document.js';
import { column, fromModule } from '../core/module-report.js';
import { checkedRange } from '../core/period.js';
import { defineReport } from '../core/registry.js';

// Spec document 3, "Reports": the purchasing reports, each the purchasing module's one computation
// (REP-47, REP-48; `/v1/reports/purchasing/...`) served at /v1/reports/<type> in every format.

const { reports } = contract;
const billRows = (ctx: CompanyContext) => billsTable(ctx).size;

/** A report narrowed to a supplier the company does not have is refused, as the sales reports refuse an unknown customer. */
const forKnownSupplier =
  <P extends { supplierId?: string }, R>(compute: (ctx: CompanyContext, params: P) => R) =>
  (ctx: CompanyContext, params: P): R => {
    if (params.supplierId !== undefined && !suppliersTable(ctx).get(params.supplierId))
      throw invalidParameters('supplierId', 'no supplier with this id', params.supplierId);
    return compute(ctx, params);
  };
const orderRows = (ctx: CompanyContext) => purchaseOrdersTable(ctx).size;

const spendGroupColumns = (keyLabel: string) => [
  column('name', keyLabel),
  column('billCount', 'Bills', 'integer'),
  column('amount', 'Amount', 'money'),
];

const purchaseAnalysisOf = fromModule(
  'purchase-analysis',
  billRows,
  forKnownSupplier((ctx, params: SpendAnalysisParams) => {
    // The spend analysis's default period (a year to today), checked as every report's range is.
    const toDate = params.toDate ?? companyToday(ctx);
    const fromDate = params.fromDate ?? addDays(toDate, -364);
    checkedRange(fromDate, toDate);
    return spendAnalysis(ctx, { ...params, fromDate, toDate });
  }),
);

export const purchaseAnalysisDefinition = defineReport({
  type: 'purchase-analysis',
  endpoint: reports.reportsPurchaseAnalysis,
  // The notes count on their own dates, and a tax code says whether its tax is cost (PUR-60).
  reads: [BILLS, SUPPLIER_CREDIT_NOTES, SUPPLIER_DEBIT_NOTES, TAX_CODES, SUPPLIERS, ACCOUNTS, ITEMS, ITEM_CATEGORIES],
  compute: purchaseAnalysisOf,
  filename: (report) => `purchase-analysis-${report.fromDate}-to-${report.toDate}`,
  layout: (report) => ({
    title: 'Purchase analysis',
    period: rangePeriod(report.fromDate, report.toDate),
    notes: [
      'Approved bills less supplier credit notes, with debit notes, on their own dates, as the ledger counts them (before recoverable tax), in the company currency.',
    ],
    chart: { title: 'Spend by month', labels: report.byMonth.map((m) => m.name), values: report.byMonth.map((m) => m.amount) },
    tables: [
      {
        name: 'By supplier',
        columns: spendGroupColumns('Supplier'),
        rows: report.bySupplier,
        totals: { name: 'Total', billCount: null, amount: report.total },
      },
      { name: 'By account', columns: spendGroupColumns('Account'), rows: report.byAccount },
      { name: 'By category', columns: spendGroupColumns('Category'), rows: report.byCategory },
      { name: 'By month', columns: spendGroupColumns('Month'), rows: report.byMonth },
    ],
  }),
});

const supplierPerformanceOf = fromModule('supplier-performance', orderRows, (ctx, params: SupplierPerformanceQuery) => {
  if (params.fromDate !== undefined && params.toDate !== undefined) checkedRange(params.fromDate, params.toDate);
  return supplierPerformanceReport(ctx, params);
});

export const supplierPerformanceDefinition = defineReport({
  type: 'supplier-performance',
  endpoint: reports.reportsSupplierPerformance,
  reads: [SUPPLIERS, PURCHASE_ORDERS, SUPPLIER_RATINGS],
  compute: supplierPerformanceOf,
  filename: (report) => `supplier-performance-${report.periodFrom ?? 'start'}-to-${report.periodTo ?? 'today'}`,
  layout: (report) => ({
    title: 'Supplier performance',
    period: report.periodFrom && report.periodTo ? rangePeriod(report.periodFrom, report.periodTo) : 'All dates',
    notes: ['Score: the mean of the on-time rate and the overall rating as a percent of 5.'],
    tables: [
      {
        name: 'Suppliers',
        columns: [
          column('supplierName', 'Supplier'),
          column('orderCount', 'Orders', 'integer'),
          column('orderedValue', 'Ordered', 'money'),
          column('receivedValue', 'Received', 'money'),
          column('onTimeRate', 'On time %', 'percent'),
          column('averageLeadDays', 'Lead days', 'number'),
          column('rating', 'Rating', 'number'),
          column('score', 'Score', 'number'),
        ],
        rows: report.suppliers.map((row) => ({
          supplierName: row.supplierName,
          orderCount: row.orderCount,
          orderedValue: row.orderedValue,
          receivedValue: row.receivedValue,
          onTimeRate: row.delivery.onTimeRate,
          averageLeadDays: row.delivery.averageLeadDays,
          rating: row.quality.overall,
          score: row.score,
        })),
      },
    ],
  }),
});

const outstandingPurchaseOrdersOf = fromModule('outstanding-purchase-orders', orderRows, forKnownSupplier(outstandingPosReport));

export const outstandingPurchaseOrdersDefinition = defineReport({
  type: 'outstanding-purchase-orders',
  endpoint: reports.reportsOutstandingPurchaseOrders,
  reads: [PURCHASE_ORDERS, SUPPLIERS],
  compute: outstandingPurchaseOrdersOf,
  filename: (report) => `outstanding-purchase-orders-${report.asOfDate}`,
  layout: (report) => ({
    title: 'Outstanding purchase orders',
    period: asOfPeriod(report.asOfDate),
    notes: [`${report.summary.overdueCount} of ${report.summary.orderCount} orders overdue.`],
    tables: [
      {
        name: 'Orders',
        columns: [
          column('poNumber', 'Order'),
          column('supplierName', 'Supplier'),
          column('orderDate', 'Ordered', 'date'),
          column('requiredDate', 'Required', 'date'),
          column('status', 'Status'),
          column('baseOutstandingValue', 'Outstanding', 'money'),
          column('daysOverdue', 'Days overdue', 'integer'),
        ],
        rows: report.orders.map(({ lines: _lines, ...order }) => order),
        totals: { poNumber: 'Total', baseOutstandingValue: report.summary.outstandingValue },
      },
    ],
  }),
});

/** The buckets of aged payables, in order, with their column labels. */
const PAYABLES_BUCKETS = [
  ['current', 'Not yet due'],
  ['days1To30', '1-30 days'],
  ['days31To60', '31-60 days'],
  ['days61To90', '61-90 days'],
  ['over90', 'Over 90 days'],
] as const;

const agedPayablesOf = fromModule('aged-payables', billRows, forKnownSupplier(agedPayables));

export const agedPayablesDefinition = defineReport({
  type: 'aged-payables',
  endpoint: reports.reportsAgedPayables,
  // The total is the payables control account: postings to it come with bills and their payments.
  reads: [BILLS, BILL_PAYMENTS, SUPPLIERS, JOURNAL_ENTRIES],
  compute: agedPayablesOf,
  filename: (report) => `aged-payables-${report.asOfDate}`,
  layout: (report) => ({
    title: 'Aged payables',
    period: asOfPeriod(report.asOfDate),
    notes: ["Days past each bill's due date; the total equals the accounts payable control account."],
    chart: {
      title: 'Owed by days past due',
      labels: PAYABLES_BUCKETS.map(([, label]) => label),
      values: PAYABLES_BUCKETS.map(([key]) => report.totals[key]),
    },
    tables: [
      {
        name: 'Aged payables',
        columns: [
          column('supplierName', 'Supplier'),
          column('billCount', 'Bills', 'integer'),
          ...PAYABLES_BUCKETS.map(([key, label]) => column(key, label, 'money')),
          column('total', 'Total', 'money'),
        ],
        rows: report.suppliers,
        totals: { supplierName: 'Total', billCount: report.suppliers.reduce((n, s) => n + s.billCount, 0), ...report.totals },
      },
    ],
  }),
});
