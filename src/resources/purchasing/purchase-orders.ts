import {
  purchaseOrdersCancel,
  purchaseOrdersConfirm,
  purchaseOrdersCreate,
  purchaseOrdersList,
  purchaseOrdersReceive,
  purchaseOrdersRetrieve,
  purchaseOrdersSend,
  purchaseOrdersUpdate,
} from '../../generated/index.js';
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

  /**
   * Changes a draft: `items`, when given, replaces every line and is priced again; a new supplier brings
   * its currency unless `currency` is given. Any other status rejects with `BusinessRuleError`.
   *
   * @example
   * await acs.purchaseOrders.update(order.id, { requiredDate: '2026-12-01', items: [{ itemId: chair.id, quantity: 30 }] });
   */
  update = this.method(purchaseOrdersUpdate);

  /**
   * Sends a draft to the supplier: its goods go on order and the message goes to the supplier's email
   * (`to` overrides it; without any recipient the order is only marked as sent). Sending again rejects with `PO_ALREADY_SENT`.
   *
   * @example
   * await acs.purchaseOrders.send(order.id, { cc: ['buyer@example.my'] });
   */
  send = this.method(purchaseOrdersSend);

  /**
   * Records the supplier's confirmation of a sent order, with the delivery dates it promises per line.
   *
   * @example
   * await acs.purchaseOrders.confirm(order.id, { items: [{ lineId: order.items[0].id, expectedDate: '2026-11-20' }] });
   */
  confirm = this.method(purchaseOrdersConfirm);

  /**
   * Cancels an order: what is still to arrive leaves `onOrderStock`. A partly received order keeps what
   * arrived (still to be billed) and cancels the rest; a received or cancelled one rejects with `BusinessRuleError`.
   *
   * @example
   * await acs.purchaseOrders.cancel(order.id, { reason: 'Supplier cannot deliver before the fair' });
   */
  cancel = this.method(purchaseOrdersCancel);

  /**
   * Receives goods: into stock at the order's price (Dr inventory / Cr goods received not invoiced).
   * Without `items`, everything still outstanding arrives; `PO_ITEMS_FULLY_RECEIVED` once nothing is left.
   *
   * @example
   * await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 12, lotNumber: 'LOT-0425' }] });
   */
  receive = this.method(purchaseOrdersReceive);
}
