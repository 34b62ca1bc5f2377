import { reportsPurchasingAgedPayables, reportsPurchasingSpendAnalysis } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** The purchasing reports (spec document 2, "Procurement workflow", reports): `acs.reports.purchasing`. */
export class PurchasingReports extends Resource {
  /**
   * What the company owes its suppliers on `asOfDate` (default today), per supplier and in total: not
   * yet due, 1-30, 31-60, 61-90 and over 90 days past due. The total equals the payables control account.
   *
   * @example
   * const { totals } = await acs.reports.purchasing.agedPayables({ asOfDate: '2026-10-31' });
   */
  agedPayables = this.method(reportsPurchasingAgedPayables);

  /**
   * Approved bills before tax, by supplier, account, item category and month, over `fromDate`..`toDate`.
   *
   * @example
   * const spend = await acs.reports.purchasing.spendAnalysis({ fromDate: '2026-01-01' });
   */
  spendAnalysis = this.method(reportsPurchasingSpendAnalysis);
}
