import { reportsBudgetVsActual, reportsCashFlow, reportsTrialBalance } from '../../generated/index.js';
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
}
