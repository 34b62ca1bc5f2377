import { reportsBalanceSheet, reportsProfitLoss, reportsTrialBalance } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';
import { PurchasingReports } from './purchasing.js';

/**
 * Reports (spec document 3, "Reports"): each method resolves to the report as JSON, and its
 * `.download({ format })` to the same report as a CSV, PDF or Excel file (a `ReportFile`).
 */
export class Reports extends Resource {
  readonly purchasing = this.resource(PurchasingReports);

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
}
