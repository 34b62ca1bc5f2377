import { reportsCustom, reportsTrialBalance } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';
import { PurchasingReports } from './purchasing.js';
import { SavedReports } from './saved.js';

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
}
