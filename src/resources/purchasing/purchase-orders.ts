import { purchaseOrdersCreate, purchaseOrdersList, purchaseOrdersReceive, purchaseOrdersRetrieve, purchaseOrdersSend } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Purchase orders (spec document 2, "Purchase order"): `acs.purchaseOrders`. */
export class PurchaseOrders extends Resource {
  /**
   * Lists orders, newest first; filters `status`, `supplierId`, `fromDate`/`toDate` (order date), `totalMin`/`totalMax`.
   *
   * @example
   * for await (const order of acs.purchaseOrders.list({ status: 'sent' })) console.log(order.poNumber, order.total);
   */
  list = this.method(purchaseOrdersList);

  /**
   * Creates a draft order, priced at each item's cost price and purchase tax code unless the line says otherwise.
   *
   * @example
   * const order = await acs.purchaseOrders.create({ supplierId: supplier.id, items: [{ itemId: chair.id, quantity: 20, unitPrice: 150 }] });
   */
  create = this.method(purchaseOrdersCreate);

  /** One order with its lines, receipts and status history. `NotFoundError` (`PURCHASE_ORDER_NOT_FOUND`) for an unknown id. */
  retrieve = this.method(purchaseOrdersRetrieve);

  /** Sends a draft to the supplier; its goods go on order. Sending again rejects with `PO_ALREADY_SENT`. */
  send = this.method(purchaseOrdersSend);

  /**
   * Receives goods: into stock at the order's price (Dr inventory / Cr goods received not invoiced).
   * Without `items`, everything still outstanding arrives; `PO_ITEMS_FULLY_RECEIVED` once nothing is left.
   *
   * @example
   * await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 12, lotNumber: 'LOT-0425' }] });
   */
  receive = this.method(purchaseOrdersReceive);
}
