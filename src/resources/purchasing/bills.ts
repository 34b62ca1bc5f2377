import { BillsMethods } from '../../generated/resources/purchasing.js';

/** Supplier bills and their payments (spec document 2, "Bill"): `acs.bills`. */
export class Bills extends BillsMethods {}
