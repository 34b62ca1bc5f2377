import type { AgedReceivablesCustomer, AgedReceivablesReport } from '../../../../src/contract/index.js';
import { contract } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import { ACCOUNTS, journalEntriesTable, JOURNAL_ENTRIES } from '../../accounting/index.js';
import { companyCurrency } from '../../platform/index.js';
import {
  CREDIT_NOTES,
  creditNotesTable,
  CUSTOMERS,
  customersTable,
  DEBIT_NOTES,
  INVOICES,
  invoicesTable,
  PAYMENTS,
  REFUNDS,
} from '../../sales/index.js';
import { addDays, companyToday, daysBetween } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { receivableItems, type ReceivableItem } from './aged-receivables-ledger.js';
import { collectionFigures, lastPaymentOn, COLLECTION_WINDOW_DAYS } from './aged-receivables-collection.js';
import { asOfPeriod } from '../core/document.js';
import { percentOf } from './sales-facts.js';
import { invalidParameters } from '../core/errors.js';
import { defineReport, type ReportContext } from '../core/registry.js';

export type AgingBasis = 'invoice-date' | 'due-date';

export interface AgedReceivablesQuery {
  asOfDate?: string;
  customerId?: string;
  agingBasis?: AgingBasis;
}

type BucketKey = 'current' | 'days31to60' | 'days61to90' | 'over90days';

/** The spec's periods (document 3, "Aged receivables"): 0-30, 31-60, 61-90, over 90 days. */
export const AGING_PERIODS: readonly { key: BucketKey; periodName: string; fromDays: number; toDays: number | null }[] = [
  { key: 'current', periodName: '0-30 days', fromDays: 0, toDays: 30 },
  { key: 'days31to60', periodName: '31-60 days', fromDays: 31, toDays: 60 },
  { key: 'days61to90', periodName: '61-90 days', fromDays: 61, toDays: 90 },
  { key: 'over90days', periodName: 'Over 90 days', fromDays: 91, toDays: null },
];

/** The bucket of an item `days` old; not yet due by the due date (negative days) is 0-30. */
const bucketOf = (days: number): BucketKey => AGING_PERIODS.find((p) => p.toDays === null || days <= p.toDays)!.key;

/** The name of the row that holds receivable lines no sales document explains (none while control accounts move only through documents). */
export const UNATTRIBUTED = { customerId: 'unattributed', customerName: 'Not linked to a customer' };

/** The date an item is aged from: an invoice's date (or due date), a credit note's date, an unexplained line's entry date. */
function agedFrom(ctx: CompanyContext, item: ReceivableItem, basis: AgingBasis): string {
  if (item.customerId === null) return journalEntriesTable(ctx).get(item.documentId)!.date;
  if (item.kind === 'credit') return creditNotesTable(ctx).get(item.documentId)!.creditNoteDate;
  const invoice = invoicesTable(ctx).get(item.documentId)!;
  return basis === 'due-date' ? invoice.dueDate : invoice.invoiceDate;
}

type Buckets = Record<BucketKey, money.Amount>;
const noBuckets = (): Buckets => ({ current: money.ZERO, days31to60: money.ZERO, days61to90: money.ZERO, over90days: money.ZERO });
const total = (b: Buckets): money.Amount => money.sum(Object.values(b));

/** A customer's row: buckets, credit limit and use, last payment. */
function customerRow(ctx: CompanyContext, customerId: string | null, buckets: Buckets, asOfDate: string): AgedReceivablesCustomer {
  const customer = customerId === null ? undefined : customersTable(ctx).get(customerId);
  const owing = total(buckets);
  const limit = customer?.creditLimit ?? 0;
  const last = customerId === null ? null : lastPaymentOn(ctx, customerId, asOfDate);
  return {
    customerId: customer?.id ?? UNATTRIBUTED.customerId,
    customerName: customer?.name ?? UNATTRIBUTED.customerName,
    totalOwing: money.toNumber(owing),
    current: money.toNumber(buckets.current),
    days31to60: money.toNumber(buckets.days31to60),
    days61to90: money.toNumber(buckets.days61to90),
    over90days: money.toNumber(buckets.over90days),
    creditLimit: limit,
    // As the customer summary: credit the customer holds uses none of the limit.
    creditUtilization: percentOf(owing.clamp(0, Infinity), limit) ?? 0,
    lastPaymentDate: last?.paymentDate ?? null,
    lastPaymentAmount: last?.baseAmount ?? null,
  };
}

/**
 * `GET /v1/reports/aged-receivables` (spec document 3, "Reports"): what receivables hold on `asOfDate`
 * per customer and age. Built from the control account's posted lines (aged-receivables-ledger.ts), so
 * for all customers `summary.totalOutstanding` is the account's balance on that date to the cent.
 */
export function agedReceivables(ctx: ReportContext, query: AgedReceivablesQuery): AgedReceivablesReport {
  const asOfDate = query.asOfDate ?? companyToday(ctx);
  const basis = query.agingBasis ?? 'invoice-date';
  if (query.customerId !== undefined && !customersTable(ctx).get(query.customerId))
    throw invalidParameters('customerId', 'no customer with this id', query.customerId);
  const windowFrom = addDays(asOfDate, -(COLLECTION_WINDOW_DAYS - 1));
  const { items, opening, flows, work } = receivableItems(ctx, asOfDate, windowFrom, query.customerId);
  ctx.budget.spend(work);
  const byCustomer = new Map<string | null, Buckets>();
  const totals = noBuckets();
  for (const item of items) {
    const bucket = bucketOf(daysBetween(agedFrom(ctx, item, basis), asOfDate));
    const buckets = byCustomer.get(item.customerId) ?? noBuckets();
    buckets[bucket] = buckets[bucket].plus(item.amount);
    totals[bucket] = totals[bucket].plus(item.amount);
    byCustomer.set(item.customerId, buckets);
  }
  const outstanding = total(totals);
  const customers = [...byCustomer]
    .map(([customerId, buckets]) => customerRow(ctx, customerId, buckets, asOfDate))
    .filter((row) => row.totalOwing !== 0)
    .sort((a, b) => b.totalOwing - a.totalOwing || a.customerName.localeCompare(b.customerName));
  const collection = collectionFigures(ctx, { asOfDate, windowFrom, customerId: query.customerId, opening, flows });
  return {
    reportType: 'aged-receivables',
    asOfDate,
    currency: companyCurrency(ctx),
    agingPeriods: AGING_PERIODS.map(({ key, periodName, fromDays, toDays }) => ({
      periodName,
      fromDays,
      toDays,
      amount: money.toNumber(totals[key]),
      // A share of a total not above 0 (no receivables, or customers in credit overall) is given as 0.
      percentage: percentOf(totals[key], outstanding) ?? 0,
    })),
    customers,
    summary: { totalOutstanding: money.toNumber(outstanding), totalCustomers: customers.length, ...collection },
  };
}

export const agedReceivablesReport = defineReport({
  type: 'aged-receivables',
  endpoint: contract.reports.reportsAgedReceivables,
  reads: [JOURNAL_ENTRIES, ACCOUNTS, INVOICES, PAYMENTS, CREDIT_NOTES, DEBIT_NOTES, REFUNDS, CUSTOMERS],
  compute: agedReceivables,
  filename: (report) => `aged-receivables-${report.asOfDate}`,
  layout: (report, params) => ({
    title: 'Aged receivables',
    period: asOfPeriod(report.asOfDate),
    notes: [
      `Aged by ${params.agingBasis === 'due-date' ? 'due date (not yet due counts as 0-30 days)' : 'invoice date'}; unapplied credit by its credit note's date.`,
      `Total outstanding ${money.toFixed(report.summary.totalOutstanding)}: the receivables control account on ${report.asOfDate}.`,
    ],
    tables: [
      {
        name: 'Customers',
        columns: [
          { key: 'customerName', label: 'Customer', kind: 'text' },
          { key: 'current', label: '0-30 days', kind: 'money' },
          { key: 'days31to60', label: '31-60 days', kind: 'money' },
          { key: 'days61to90', label: '61-90 days', kind: 'money' },
          { key: 'over90days', label: 'Over 90 days', kind: 'money' },
          { key: 'totalOwing', label: 'Total owing', kind: 'money' },
          { key: 'creditLimit', label: 'Credit limit', kind: 'money' },
          { key: 'creditUtilization', label: 'Credit used', kind: 'percent' },
          { key: 'lastPaymentDate', label: 'Last payment', kind: 'date' },
          { key: 'lastPaymentAmount', label: 'Last amount', kind: 'money' },
        ],
        rows: report.customers,
        totals: {
          customerName: 'Total',
          ...Object.fromEntries(AGING_PERIODS.map((p, i) => [p.key, report.agingPeriods[i].amount])),
          totalOwing: report.summary.totalOutstanding,
        },
      },
    ],
    chart: {
      title: 'Receivables by age',
      labels: report.agingPeriods.map((p) => p.periodName),
      values: report.agingPeriods.map((p) => p.amount),
    },
  }),
});
