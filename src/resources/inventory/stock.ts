import { stockLevels, stockList, stockSet } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Stock records (spec document 2, "Stock record"): each item at each location, as its movements left it. */
export class Stock extends Resource {
  /**
   * Lists stock records, cursor-paged, grouped by item; `includeReserved: false` makes the stock
   * filters read `availableStock`.
   *
   * @example
   * for await (const record of acs.inventory.stock.list({ locationId, lowStock: true })) {
   *   console.log(record.itemCode, record.currentStock, record.stockValue);
   * }
   */
  list = this.method(stockList);

  /** The same list at the spec's short path `GET /v1/stock`: same query, same records. */
  levels = this.method(stockLevels);

  /**
   * Sets the counted stock of an item at a location (`PUT /v1/inventory/stock`): the difference is
   * posted as a stock-count adjustment; `adjustment` is null when the count matched.
   *
   * @example
   * const { stock, adjustment } = await acs.inventory.stock.set({ itemId, locationId, newQuantity: 38, reason: 'damaged' });
   */
  set = this.method(stockSet);
}
