import { itemsCreate, itemsList, itemsRetrieve, itemsUpdate } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** The item catalogue (spec document 2, "Item"); stock numbers move with the inventory endpoints. */
export class Items extends Resource {
  /**
   * Lists items, 50 per page by default (at most 200), cursor-paged. Filter by `category` (its
   * subcategories included), `type`, `tracked`, `active`, `lowStock`, `outOfStock`, `supplier`,
   * `location`, `costPriceMin/Max`, `sellingPriceMin/Max`; `search` over code, name, description and
   * barcode; `sort` by `name`, `itemCode`, `stock`, `costPrice` or `sellingPrice`. Variants and images
   * are included with `includeVariants` / `includeImages`.
   *
   * @example
   * const page = await acs.items.list({ type: 'inventory', sellingPriceMin: 100, sort: 'sellingPrice', order: 'desc' });
   */
  list = this.method(itemsList);

  /**
   * One item with its variants and images. `includeStockHistory` adds its latest 100 stock movements,
   * newest first (`date`, `type`, signed `quantity`, `unitCost`, `value`, `locationId`, `reference`);
   * `includeTransactions` the documents behind them with their net quantity and value. Rejects with
   * `NotFoundError` (`ITEM_NOT_FOUND`) for an unknown id.
   *
   * @example
   * const { stockHistory } = await acs.items.retrieve(itemId, { includeStockHistory: true });
   */
  retrieve = this.method(itemsRetrieve);

  /**
   * Creates an item; `itemCode`, `name` and `type` are required and the code is unique in the company
   * (`ConflictError` naming the existing item otherwise). Accounts default to the chart's sales, cost of
   * sales and (for stock items) inventory accounts; tax codes must name the company's tax table.
   *
   * @example
   * const chair = await acs.items.create({
   *   itemCode: 'CHR-200', name: 'Mesh office chair', type: 'inventory',
   *   pricing: { costPrice: 180, sellingPrice: 299 }, tax: { salesTaxCode: 'SST10' },
   * });
   */
  create = this.method(itemsCreate);

  /**
   * Changes the fields sent; `pricing`, `inventory`, `accounting` and `tax` merge field by field, and a
   * sent `variants` or `images` list replaces the old one. Stock counts cannot be set here.
   */
  update = this.method(itemsUpdate);
}
