import { reportsTrialBalance } from '../../generated/index.js';
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
}
