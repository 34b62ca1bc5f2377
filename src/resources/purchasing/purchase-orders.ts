import { PurchaseOrdersMethods } from '../../generated/resources/purchasing.js';

/** Purchase orders (spec document 2, "Purchase order"): `acs.purchaseOrders`. */
export class PurchaseOrders extends PurchaseOrdersMethods {}
