import { purchasingReportsSupplierPerformance } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** The purchasing reports (spec document 2, "Procurement workflow", reports): `acs.reports.purchasing`. */
export class PurchasingReports extends Resource {
  /**
   * Every supplier's performance over `fromDate`..`toDate` (the figures of `acs.suppliers.performance`),
   * ranked by score, then by ordered value.
   *
   * @example
   * const { suppliers } = await acs.reports.purchasing.supplierPerformance({ fromDate: '2026-01-01' });
   * for (const row of suppliers) console.log(row.rank, row.supplierName, row.score);
   */
  supplierPerformance = this.method(purchasingReportsSupplierPerformance);
}
