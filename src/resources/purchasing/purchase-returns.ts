import { PurchaseReturnsMethods } from '../../generated/resources/purchasing.js';

/** Returns of received goods to suppliers (implied, PUR-62): `acs.purchaseReturns`. */
export class PurchaseReturns extends PurchaseReturnsMethods {}
