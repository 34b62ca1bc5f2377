import { SuppliersMethods } from '../../generated/resources/purchasing.js';

/** Suppliers (spec document 2, "Supplier"): `acs.suppliers`. Bank account numbers are only ever shown as their last four characters. */
export class Suppliers extends SuppliersMethods {}
