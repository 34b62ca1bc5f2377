import { suppliersCreate, suppliersList, suppliersRetrieve, suppliersUpdate } from '../../generated/index.js';
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

  /** Changes any field; `bankDetails` replaces the stored details whole, `null` removes them. */
  update = this.method(suppliersUpdate);
}
