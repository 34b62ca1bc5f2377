import { reportsPurchasingOutstandingPos, reportsPurchasingProcurementAnalytics } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** The purchasing reports (spec document 2, "Procurement workflow", reports): `acs.reports.purchasing`. */
export class PurchasingReports extends Resource {
  /**
   * Goods still to arrive on sent orders as of a date, by supplier and order, with each line's days overdue
   * against its `expectedDate` (else the order's `requiredDate`); `overdueOnly` keeps only late lines.
   *
   * @example
   * const { summary, bySupplier } = await acs.reports.purchasing.outstandingPos({ overdueOnly: true });
   */
  outstandingPos = this.method(reportsPurchasingOutstandingPos);

  /**
   * Requisitions, RFQs and purchase orders of a period by status, cycle times, RFQ response rate and savings from awards.
   *
   * @example
   * const { cycleTimes, savings } = await acs.reports.purchasing.procurementAnalytics({ fromDate: '2026-01-01', toDate: '2026-12-31' });
   */
  procurementAnalytics = this.method(reportsPurchasingProcurementAnalytics);
}
