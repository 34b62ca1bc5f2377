import {
  suppliersCreate,
  suppliersDeliveryPerformance,
  suppliersList,
  suppliersPerformance,
  suppliersQualityRatings,
  suppliersRatePerformance,
  suppliersRetrieve,
  suppliersUpdate,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Suppliers (spec document 2, "Supplier"): `acs.suppliers`. Bank account numbers are only ever shown as their last four characters. */
export class Suppliers extends Resource {
  /**
   * Lists suppliers, offset-paged (`limit` default 20, max 100), by name unless `sort` says otherwise.
   *
   * @example
   * for await (const supplier of acs.suppliers.list({ status: 'active', country: 'MY', sort: 'name:asc' })) {
   *   console.log(supplier.supplierNumber, supplier.name, supplier.currentBalance);
   * }
   */
  list = this.method(suppliersList);

  /**
   * Creates a supplier; `bankDetails.accountNumber` is stored and answered masked (`****6789`).
   *
   * @example
   * const supplier = await acs.suppliers.create({
   *   name: 'Kilang Perabot Sdn Bhd', email: 'sales@kilangperabot.my', address: { city: 'Muar', country: 'MY' },
   *   paymentTerms: { termsDays: 30, discountDays: 10, discountPercent: 2 },
   * });
   */
  create = this.method(suppliersCreate);

  /** One supplier. `NotFoundError` (`SUPPLIER_NOT_FOUND`) for an unknown id. */
  retrieve = this.method(suppliersRetrieve);

  /**
   * Changes any field; `bankDetails` replaces the stored details whole, `null` removes them. `currency`
   * cannot change while the supplier has a balance or open purchase orders (`BusinessRuleError`).
   */
  update = this.method(suppliersUpdate);

  /**
   * Orders placed, spend (net of tax, company currency), on-time rate, average lead time and average
   * ratings over `fromDate`..`toDate` (default all time), with a 0 to 100 `score`.
   *
   * @example
   * const { orderedValue, delivery, quality, score } = await acs.suppliers.performance(supplierId, { fromDate: '2026-01-01' });
   */
  performance = this.method(suppliersPerformance);

  /**
   * Every receipt in the period against its due date (line `expectedDate`, else the order's
   * `requiredDate`): on time or days late, and lead days from the order date.
   *
   * @example
   * const { summary, receipts } = await acs.suppliers.deliveryPerformance(supplierId);
   * console.log(`${summary.onTimeRate}% on time, ${summary.averageLeadDays} days lead time`);
   */
  deliveryPerformance = this.method(suppliersDeliveryPerformance);

  /**
   * The averages per criterion (quality, delivery, price, communication, overall) of the ratings in
   * the period, and the newest `limit` ratings (default 50).
   *
   * @example
   * const { averages, ratings } = await acs.suppliers.qualityRatings(supplierId, { fromDate: '2026-01-01' });
   */
  qualityRatings = this.method(suppliersQualityRatings);

  /**
   * Rates a receipt (`receiptId`, once each) or a period (`periodFrom`, `periodTo`), 1 to 5 per
   * criterion; give at least one criterion.
   *
   * @example
   * await acs.suppliers.ratePerformance(supplierId, { receiptId, quality: 5, delivery: 4, comments: 'Well packed' });
   */
  ratePerformance = this.method(suppliersRatePerformance);
}
