import { purchasingReportsProcurementAnalytics } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** The purchasing reports (spec document 2, "Procurement workflow", reports): `acs.reports.purchasing`. */
export class PurchasingReports extends Resource {
  /**
   * Requisitions, RFQs and purchase orders of a period by status, cycle times, RFQ response rate and savings from awards.
   *
   * @example
   * const { cycleTimes, savings } = await acs.reports.purchasing.procurementAnalytics({ fromDate: '2026-01-01', toDate: '2026-12-31' });
   */
  procurementAnalytics = this.method(purchasingReportsProcurementAnalytics);
}
