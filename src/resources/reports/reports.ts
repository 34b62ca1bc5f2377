import {
  type ReportDownloadLinkParams,
  type ReportJob,
  reportsAgedPayables,
  reportsAgedReceivables,
  reportsBalanceSheet,
  reportsBalanceSheetAsync,
  reportsBudgetVsActual,
  reportsCashFlow,
  reportsCustom,
  reportsDownloadLink,
  reportsEmail,
  reportsInventoryMovement,
  reportsList,
  reportsLowStockAlert,
  reportsOutstandingPurchaseOrders,
  reportsProfitLoss,
  reportsPurchaseAnalysis,
  reportsSalesByProduct,
  reportsSalesPerformanceDashboard,
  reportsSalesSummary,
  reportsStockAging,
  reportsStockValuation,
  reportsSupplierPerformance,
  reportsTopCustomers,
  reportsTrialBalance,
} from '../../generated/index.js';
import { Resource, type Method } from '../../core/resource.js';
import type { ReportFile } from '../../core/report-file.js';
import { PurchasingReports } from './purchasing.js';
import { ReportJobs, type WaitForJobOptions } from './jobs.js';
import { SavedReports } from './saved.js';
import { ReportSchedules } from './schedules.js';

/**
 * Reports (spec document 3, "Reports"): each method resolves to the report as JSON, and its
 * `.download({ format })` to the same report as a CSV, PDF or Excel file (a `ReportFile`).
 */
export class Reports extends Resource {
  readonly purchasing = this.resource(PurchasingReports);
  readonly saved = this.resource(SavedReports);

  /**
   * Every account's debit or credit balance on `asOfDate` from posted lines; the totals are equal.
   *
   * @example
   * const { accounts, totals } = await acs.reports.trialBalance({ asOfDate: '2026-10-31' });
   */
  trialBalance = this.method(reportsTrialBalance);

  /**
   * Assets, liabilities and equity (with current year earnings) on `asOfDate`, by group, with an optional comparative date and drill-down; `balanceCheck.balanced` holds on any date.
   *
   * @example
   * const sheet = await acs.reports.balanceSheet({ asOfDate: '2026-10-31', comparativePeriod: 'previous-year' });
   */
  balanceSheet = this.method(reportsBalanceSheet);

  /**
   * Revenue, cost of sales, expenses, gross profit and net income over a period (`periodFrom`/`periodTo` or `fromDate`/`toDate`), by month, quarter or year, with an optional comparison.
   *
   * @example
   * const pl = await acs.reports.profitLoss({ fromDate: '2026-01-01', toDate: '2026-06-30', groupBy: 'quarter' });
   */
  profitLoss = this.method(reportsProfitLoss);

  /**
   * Invoiced sales net of credit notes per day, week, month or quarter, in the company's currency; filters by customer, product, sales person, region.
   *
   * @example
   * const { periods, totals } = await acs.reports.salesSummary({ fromDate: '2026-01-01', toDate: '2026-06-30' });
   */
  salesSummary = this.method(reportsSalesSummary);

  /**
   * What each customer owes by age (0-30, 31-60, 61-90, over 90 days); the total is the receivables control account.
   *
   * @example
   * const { agingPeriods, summary } = await acs.reports.agedReceivables({ asOfDate: '2026-10-31' });
   */
  agedReceivables = this.method(reportsAgedReceivables);

  /**
   * Customers ranked by revenue, invoices or payments over a period.
   *
   * @example
   * const { customers } = await acs.reports.topCustomers({ metric: 'payments', limit: 5 });
   */
  topCustomers = this.method(reportsTopCustomers);

  /**
   * Each item's quantity, revenue, cost of stock and margin over a period.
   *
   * @example
   * const { products } = await acs.reports.salesByProduct({ fromDate: '2026-01-01' });
   */
  salesByProduct = this.method(reportsSalesByProduct);

  /**
   * A period's sales figures against the period before: revenue, invoices, orders, average order value, quote conversion, top products and customers.
   *
   * @example
   * const { metrics } = await acs.reports.salesPerformanceDashboard({ fromDate: '2026-07-01', toDate: '2026-09-30' });
   */
  salesPerformanceDashboard = this.method(reportsSalesPerformanceDashboard);

  /**
   * Stock on hand valued as of a date (the inventory valuation); the total is the inventory account.
   *
   * @example
   * const { summary } = await acs.reports.stockValuation({ asOfDate: '2026-10-31' });
   */
  stockValuation = this.method(reportsStockValuation);

  /**
   * Opening, in, out and closing stock per item over a period.
   *
   * @example
   * const { totals } = await acs.reports.inventoryMovement({ dateFrom: '2026-10-01', dateTo: '2026-10-31' });
   */
  inventoryMovement = this.method(reportsInventoryMovement);

  /**
   * Stock on hand by age since receipt (0-30 ... over 180 days), quantity and value.
   *
   * @example
   * const { agingPeriods } = await acs.reports.stockAging();
   */
  stockAging = this.method(reportsStockAging);

  /**
   * Items at or below their reorder level, with a suggested order.
   *
   * @example
   * const { items } = await acs.reports.lowStockAlert({ locationId });
   */
  lowStockAlert = this.method(reportsLowStockAlert);

  /**
   * Approved bills before tax by supplier, account, item category and month.
   *
   * @example
   * const { total, bySupplier } = await acs.reports.purchaseAnalysis({ fromDate: '2026-01-01' });
   */
  purchaseAnalysis = this.method(reportsPurchaseAnalysis);

  /**
   * Every supplier's delivery, quality and price performance, ranked by score.
   *
   * @example
   * const { suppliers } = await acs.reports.supplierPerformance({ fromDate: '2026-01-01' });
   */
  supplierPerformance = this.method(reportsSupplierPerformance);

  /**
   * Goods still to arrive on sent orders, by supplier and order, with days overdue.
   *
   * @example
   * const { summary } = await acs.reports.outstandingPurchaseOrders({ overdueOnly: true });
   */
  outstandingPurchaseOrders = this.method(reportsOutstandingPurchaseOrders);

  /**
   * What the company owes its suppliers by days past due; the total is the payables control account.
   *
   * @example
   * const { totals } = await acs.reports.agedPayables({ asOfDate: '2026-10-31' });
   */
  agedPayables = this.method(reportsAgedPayables);

  /**
   * A report over a data source (invoices, invoiceLines, payments, journalLines, stockMovements, bills): dimensions, measures, filters, sorting; `save: true` keeps it.
   *
   * @example
   * const { rows } = await acs.reports.custom({ name: 'By customer', dataSource: 'invoices', dimensions: [{ field: 'customerName' }], measures: [{ field: 'baseTotal', aggregation: 'sum' }] });
   */
  custom = this.method(reportsCustom);

  /**
   * Cash in and out over a period by the `direct` or `indirect` method; both give the change of the cash and bank accounts.
   *
   * @example
   * const { netChange, closingCash } = await acs.reports.cashFlow({ periodFrom: '2026-01-01', method: 'direct' });
   */
  cashFlow = this.method(reportsCashFlow);

  /**
   * A budget of `acs.budgets` against the posted figures, per account and period, with variances; 422 INSUFFICIENT_DATA without a budget.
   *
   * @example
   * const { accounts, netIncome } = await acs.reports.budgetVsActual({ groupBy: 'quarter' });
   */
  budgetVsActual = this.method(reportsBudgetVsActual);

  /**
   * The report types: the values of an email's `reportType` and a schedule's `reportId`.
   *
   * @example
   * for await (const type of acs.reports.list()) console.log(type.reportType);
   */
  list = this.method(reportsList);

  /** Report schedules: run at a wall time of a time zone and emailed with the file attached. */
  readonly schedules = this.resource(ReportSchedules);
  /** Asynchronous report jobs: status, progress, result. */
  readonly jobs = this.resource(ReportJobs);

  /**
   * Emails a report as a file (pdf by default), attached and/or behind a link that works without credentials until it expires.
   *
   * @example
   * await acs.reports.email('trial-balance', { recipients: ['auditor@example.my'], includeLink: true });
   */
  email = this.method(reportsEmail);

  /**
   * Starts a balance sheet as an asynchronous job (`status: 'processing'`); follow it with `waitForJob`.
   *
   * @example
   * const job = await acs.reports.balanceSheetAsync({ asOfDate: '2026-10-31' });
   */
  balanceSheetAsync = this.method(reportsBalanceSheetAsync);

  /**
   * Downloads an emailed report by its link's id and token, without credentials, until it expires (410).
   *
   * @example
   * const file = await acs.reports.downloadLink(linkId, { token });
   */
  downloadLink = this.method(reportsDownloadLink) as Method<[linkId: string, query: ReportDownloadLinkParams], ReportFile>;

  /**
   * Polls a report job with a growing wait until it completes; rejects with `ReportJobFailedError` or `AbortError`.
   *
   * @example
   * const done = await acs.reports.waitForJob(job.jobId, { onProgress: (j) => console.log(j.progress) });
   */
  waitForJob(jobId: string, options?: WaitForJobOptions): Promise<ReportJob> {
    return this.jobs.wait(jobId, options);
  }
}
