import {
  reportsPurchasingAgedPayables,
  reportsPurchasingOutstandingPos,
  reportsPurchasingProcurementAnalytics,
  reportsPurchasingSpendAnalysis,
  reportsPurchasingSupplierPerformance,
} from '../../generated/index.js';
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
   * Every supplier's performance over `fromDate`..`toDate` (the figures of `acs.suppliers.performance`),
   * in rank order: best score first, then by ordered value.
   *
   * @example
   * const { suppliers } = await acs.reports.purchasing.supplierPerformance({ fromDate: '2026-01-01' });
   */
  supplierPerformance = this.method(reportsPurchasingSupplierPerformance);

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

  /**
   * Requisitions, RFQs and purchase orders of a period by status, cycle times, RFQ response rate and savings from awards.
   *
   * @example
   * const { cycleTimes, savings } = await acs.reports.purchasing.procurementAnalytics({ fromDate: '2026-01-01', toDate: '2026-12-31' });
   */
  procurementAnalytics = this.method(reportsPurchasingProcurementAnalytics);
}
