import {
  salesOrdersConvertToInvoice,
  salesOrdersCreate,
  salesOrdersDelete,
  salesOrdersList,
  salesOrdersRetrieve,
  salesOrdersUpdate,
  salesOrdersUpdateStatus,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Sales orders (spec document 2, "Sales order"). */
export class SalesOrders extends Resource {
  /**
   * Lists sales orders, newest first, 50 per page by default (at most 100), cursor-paged. Filter by
   * `customerId`, `status`, `priority`, `orderDateFrom`/`To`, `requiredDateFrom`/`To`; `search` over
   * order number, reference and customer name; `sort` by `orderDate`, `requiredDate`, `orderNumber`,
   * `total` or `createdAt` with `order`; the operator form on `orderNumber`, the dates and `total`.
   *
   * @example
   * for await (const order of acs.salesOrders.list({ status: 'confirmed', priority: 'urgent' })) {
   *   console.log(order.orderNumber, order.total);
   * }
   */
  list = this.method(salesOrdersList);

  /**
   * Creates a draft order for a customer with at least one line. A line names an `itemId` (its name,
   * selling price, tax code and income account are the defaults) or gives `description` and
   * `unitPrice`; `taxCode` must be one of the company's tax codes. Totals follow spec document 2's
   * relations, rounded half-up per line.
   *
   * @example
   * const order = await acs.salesOrders.create({
   *   customerId: customer.id,
   *   requiredDate: '2026-12-15',
   *   items: [{ itemId: chair.id, quantity: 10, discountPercent: 5 }],
   *   shippingCost: 80,
   * });
   */
  create = this.method(salesOrdersCreate);

  /** One sales order with its lines, what remains to invoice, fulfilment and status history. `NotFoundError` for an unknown id. */
  retrieve = this.method(salesOrdersRetrieve);

  /** Changes a draft order (`items` replaces every line); any other state rejects with `BusinessRuleError`. */
  update = this.method(salesOrdersUpdate);

  /** Deletes a draft order; resolves to `{ id, deleted: true }`. Other states are cancelled through `updateStatus`. */
  delete = this.method(salesOrdersDelete);

  /**
   * Moves an order forward along draft -> confirmed -> shipped -> delivered, skipping steps or not, or
   * cancels a draft or confirmed one; any other move rejects with `BusinessRuleError` naming it.
   *
   * @example
   * await acs.salesOrders.updateStatus(order.id, { status: 'confirmed', notes: 'Deposit received' });
   */
  updateStatus = this.method(salesOrdersUpdateStatus);

  /**
   * Makes a draft invoice from a confirmed, shipped or delivered order: everything that remains, or
   * `partialItems` (order line id as `itemId`, and a quantity). Invoicing more than remains on a line
   * rejects with `ValidationError` (`MAX_VALUE`). Resolves to the invoice.
   *
   * @example
   * const invoice = await acs.salesOrders.convertToInvoice(order.id, { partialItems: [{ itemId: order.items[0].id, quantity: 4 }] });
   */
  convertToInvoice = this.method(salesOrdersConvertToInvoice);
}
