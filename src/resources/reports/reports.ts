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
   * Every account's debit or credit balance on `asOfDate` (default today), from posted journal lines;
   * `totals.debit` equals `totals.credit` when the books balance.
   *
   * @example
   * const { accounts, totals } = await acs.reports.trialBalance({ asOfDate: '2026-10-31' });
   * const csv = await acs.reports.trialBalance.download({ asOfDate: '2026-10-31', format: 'csv' });
   */
  trialBalance = this.method(reportsTrialBalance);

  /**
   * Assets, liabilities and equity on `asOfDate` (default today) from posted journal lines, in groups
   * (current and non-current); equity includes the current year's earnings, so `balanceCheck.balanced`
   * holds on any date. `comparativePeriod` adds a second date's balances and the variances;
   * `includeDrillDown` lists the posted lines behind each balance.
   *
   * @example
   * const sheet = await acs.reports.balanceSheet({ asOfDate: '2026-10-31', comparativePeriod: 'previous-year' });
   * console.log(sheet.sections.assets.total, sheet.balanceCheck.balanced);
   * const pdf = await acs.reports.balanceSheet.download({ asOfDate: '2026-10-31', format: 'pdf' });
   */
  balanceSheet = this.method(reportsBalanceSheet);

  /**
   * Revenue, cost of sales, operating expenses, other income and expenses over a period (default the
   * fiscal year to date; `periodFrom`/`periodTo` or `fromDate`/`toDate`), with gross profit, operating
   * income and net income; `groupBy` adds a column per month, quarter or year, `comparativePeriod` a
   * second period and the variances.
   *
   * @example
   * const pl = await acs.reports.profitLoss({ fromDate: '2026-01-01', toDate: '2026-06-30', groupBy: 'quarter' });
   * console.log(pl.columns.map((c) => c.label), pl.netIncome.amounts);
   */
  profitLoss = this.method(reportsProfitLoss);

  /**
   * Invoiced sales net of credit notes (debit notes added) from `fromDate` to `toDate`, per `groupBy`
   * period (day, ISO week, month by default, quarter), in the company's currency, with totals; filter by
   * `customerId`, `productId` (only its lines), `salesPersonId` (who raised the invoice), `regionId`
   * (billing state or country).
   *
   * @example
   * const { periods, totals } = await acs.reports.salesSummary({ fromDate: '2026-01-01', toDate: '2026-06-30', groupBy: 'quarter' });
   */
  salesSummary = this.method(reportsSalesSummary);

  /**
   * What each customer owes on `asOfDate` (default today) by age: 0-30, 31-60, 61-90 and over 90 days from
   * the invoice date (`agingBasis: 'due-date'` for days from the due date); unapplied credit counts
   * against the customer. `summary.totalOutstanding` is the receivables control account on that date.
   *
   * @example
   * const { agingPeriods, customers, summary } = await acs.reports.agedReceivables({ asOfDate: '2026-10-31' });
   * const pdf = await acs.reports.agedReceivables.download({ asOfDate: '2026-10-31', format: 'pdf' });
   */
  agedReceivables = this.method(reportsAgedReceivables);

  /**
   * The customers with the most `revenue` (default; net sales before tax), `invoices` or `payments` from
   * `fromDate` (default the fiscal year's start) to `toDate` (default today); `limit` 10 by default, at most 100.
   *
   * @example
   * const { customers } = await acs.reports.topCustomers({ metric: 'payments', limit: 5 });
   */
  topCustomers = this.method(reportsTopCustomers);

  /**
   * Each item's quantity, revenue before tax, cost of sales (from the stock it took) and margin over a
   * period (default the fiscal year to date), by revenue; `categoryId` keeps a category and its subcategories.
   *
   * @example
   * const { products, totals } = await acs.reports.salesByProduct({ fromDate: '2026-01-01' });
   */
  salesByProduct = this.method(reportsSalesByProduct);

  /**
   * A period's sales KPIs (revenue and its growth, invoices, orders, average order value, quote
   * conversion) against the period of equal length before it, the top five products and customers, and
   * the period's months.
   *
   * @example
   * const { metrics, byMonth } = await acs.reports.salesPerformanceDashboard({ fromDate: '2026-07-01', toDate: '2026-09-30' });
   */
  salesPerformanceDashboard = this.method(reportsSalesPerformanceDashboard);

  /**
   * Stock held on `asOfDate` (default today) valued by `valuationMethod` (default the ledger's), by item,
   * location and category: the figures of `acs.inventory.reports.valuation`. By the ledger's method,
   * `summary.totalValue` equals the inventory account.
   *
   * @example
   * const { summary } = await acs.reports.stockValuation({ asOfDate: '2026-10-31' });
   * const pdf = await acs.reports.stockValuation.download({ format: 'pdf' });
   */
  stockValuation = this.method(reportsStockValuation);

  /**
   * Opening, in, out and closing stock per item over `dateFrom`..`dateTo` (default the 31 days to today).
   *
   * @example
   * const { totals } = await acs.reports.inventoryMovement({ dateFrom: '2026-10-01', dateTo: '2026-10-31' });
   */
  inventoryMovement = this.method(reportsInventoryMovement);

  /**
   * Stock held on `asOfDate` by days since the receipt it came in by (first in, first out): 0-30, 31-60,
   * 61-90, 91-180 and over 180 days, quantity and value; the values add up to the stock valuation.
   *
   * @example
   * const { agingPeriods } = await acs.reports.stockAging();
   */
  stockAging = this.method(reportsStockAging);

  /**
   * Items at or below their minimum stock or reorder point now, with a suggested order quantity and value.
   *
   * @example
   * const { items } = await acs.reports.lowStockAlert({ locationId });
   */
  lowStockAlert = this.method(reportsLowStockAlert);

  /**
   * Approved bills before tax over `fromDate`..`toDate` (default a year to today), by supplier, account,
   * item category and month: the figures of `acs.reports.purchasing.spendAnalysis`.
   *
   * @example
   * const { total, bySupplier } = await acs.reports.purchaseAnalysis({ fromDate: '2026-01-01' });
   */
  purchaseAnalysis = this.method(reportsPurchaseAnalysis);

  /**
   * Every supplier's orders, spend, on-time rate and ratings over `fromDate`..`toDate`, best score first.
   *
   * @example
   * const { suppliers } = await acs.reports.supplierPerformance({ fromDate: '2026-01-01' });
   */
  supplierPerformance = this.method(reportsSupplierPerformance);

  /**
   * Goods still to arrive on sent purchase orders as of `asOfDate`, by supplier and order, with days overdue.
   *
   * @example
   * const { summary } = await acs.reports.outstandingPurchaseOrders({ overdueOnly: true });
   */
  outstandingPurchaseOrders = this.method(reportsOutstandingPurchaseOrders);

  /**
   * What the company owes its suppliers on `asOfDate` by days past due (not yet due, 1-30, 31-60, 61-90,
   * over 90); `totals.total` equals the accounts payable control account. The PDF has a chart of the buckets.
   *
   * @example
   * const { totals } = await acs.reports.agedPayables({ asOfDate: '2026-10-31' });
   * const pdf = await acs.reports.agedPayables.download({ format: 'pdf' });
   */
  agedPayables = this.method(reportsAgedPayables);

  /**
   * A custom report over a data source (`invoices`, `invoiceLines`, `payments`, `journalLines`,
   * `stockMovements`, `bills`): records in `dateRange` (relative `this_quarter`, ... or absolute), kept by
   * `filters`, grouped by `dimensions`, with `measures` per group and in `totals`. `save: true` (or
   * `saveAs`) also keeps it as a saved report (`savedReportId`).
   *
   * @example
   * const { rows, totals } = await acs.reports.custom({
   *   name: 'Sales by customer',
   *   dataSource: 'invoices',
   *   dateRange: { type: 'relative', period: 'this_quarter' },
   *   dimensions: [{ field: 'customerName' }],
   *   measures: [{ field: 'total', aggregation: 'sum' }],
   *   sorting: [{ field: 'total', direction: 'desc' }],
   * });
   */
  custom = this.method(reportsCustom);

  /**
   * Cash from operating, investing and financing activities over `periodFrom`..`periodTo` (default the
   * fiscal year to date), by the `indirect` method (default: net income adjusted by the balance sheet's
   * movements) or the `direct` one (each entry that moves cash, by what it paid for). Both give the same
   * `netChange`, the change of the cash and bank accounts; `reconciliation.reconciled` says so.
   *
   * @example
   * const { sections, openingCash, netChange, closingCash } = await acs.reports.cashFlow({ periodFrom: '2026-01-01', method: 'direct' });
   * const pdf = await acs.reports.cashFlow.download({ periodFrom: '2026-01-01', format: 'pdf' });
   */
  cashFlow = this.method(reportsCashFlow);

  /**
   * A budget (`budgetId`, default the active one with a month in the period) against the posted revenue
   * and expenses of `periodFrom`..`periodTo`: per account, by type and in net income, each with its
   * variance and whether it is favourable; `groupBy` month or quarter splits every figure by period.
   * With no budget for the period: `UnprocessableEntityError` `INSUFFICIENT_DATA`.
   *
   * @example
   * const { accounts, netIncome } = await acs.reports.budgetVsActual({ groupBy: 'quarter' });
   */
  budgetVsActual = this.method(reportsBudgetVsActual);

  /**
   * The report types the service computes (`trial-balance`, ...), each with its path, summary and
   * formats: the `reportType` of `email` and the `reportId` of a schedule.
   *
   * @example
   * for await (const type of acs.reports.list()) console.log(type.reportType, type.formats);
   */
  list = this.method(reportsList);

  /** Report schedules: run at a wall time of a time zone and emailed with the file attached. */
  readonly schedules = this.resource(ReportSchedules);
  /** Asynchronous report jobs: status, progress, result. */
  readonly jobs = this.resource(ReportJobs);

  /**
   * Emails a report (`reportType`: `trial-balance`, `balance-sheet`, ...) as a file (`parameters.format`
   * csv, pdf by default, or excel), attached and/or behind a link (`includeLink`) that downloads it
   * without credentials for `linkExpiryDays` (default 7). The link's secret is in the email only.
   *
   * @example
   * const sent = await acs.reports.email('trial-balance', {
   *   parameters: { asOfDate: '2026-10-31', format: 'pdf' },
   *   recipients: ['auditor@example.my'],
   *   includeLink: true,
   *   linkExpiryDays: 3,
   * });
   */
  email = this.method(reportsEmail);

  /**
   * Starts computing a balance sheet off the request (the balance sheet's parameters; `format` sets the
   * `downloadUrl`'s); resolves to its job, `status: 'processing'`. Follow it with `waitForJob`.
   *
   * @example
   * const job = await acs.reports.balanceSheetAsync({ asOfDate: '2026-10-31' });
   * await acs.reports.waitForJob(job.jobId, { onProgress: (j) => console.log(`${j.progress}%`) });
   * const balanceSheet = await acs.reports.jobs.result(job.jobId);
   */
  balanceSheetAsync = this.method(reportsBalanceSheetAsync);

  /**
   * Downloads an emailed report by its link (`.../reports/links/{linkId}?token=...`), without
   * credentials, until the link expires (then 410 `REPORT_LINK_EXPIRED`); resolves to a `ReportFile`.
   *
   * @example
   * const link = new URL(urlFromTheEmail);
   * const file = await acs.reports.downloadLink(link.pathname.split('/').pop()!, { token: link.searchParams.get('token')! });
   */
  downloadLink = this.method(reportsDownloadLink) as unknown as Method<[linkId: string, query: ReportDownloadLinkParams], ReportFile>;

  /**
   * Polls a report job with a growing wait until it completes: resolves to the completed job (its
   * `downloadUrl` set), rejects with a `ReportJobFailedError` if it fails or an `AbortError` when
   * `signal` aborts; `onProgress` sees each change of progress.
   *
   * @example
   * const done = await acs.reports.waitForJob(job.jobId, { onProgress: (j) => bar.update(j.progress), signal: AbortSignal.timeout(60_000) });
   * const pdf = await acs.reports.jobs.download(done.jobId, { format: 'pdf' });
   */
  waitForJob(jobId: string, options?: WaitForJobOptions): Promise<ReportJob> {
    return this.jobs.wait(jobId, options);
  }
}
