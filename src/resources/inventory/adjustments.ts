import { adjustmentsCreate, adjustmentsList, adjustmentsPost, adjustmentsRecord, adjustmentsRetrieve } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/**
 * Stock adjustments (spec document 2, "Stock adjustment"): signed lines at one location. Posting moves
 * the stock and writes one journal entry: increases Dr inventory / Cr stock adjustments (opening
 * balance equity for `initial_stock`), decreases Dr stock adjustments / Cr inventory, at cost by the
 * company's valuation method.
 */
export class Adjustments extends Resource {
  /**
   * Lists adjustments, newest first, cursor-paged; filter by `dateFrom`/`dateTo`, `type`, `reason`,
   * `status`, `locationId` and `itemId` (any line).
   */
  list = this.method(adjustmentsList);

  /**
   * Creates an adjustment, posted at once unless `status: 'draft'`. `type` is checked against the
   * lines' signs; `damaged`, `lost` and `expired` take stock out, `found` and `initial_stock` add it.
   * Taking out more than is on hand takes stock below zero at the current cost, unless the company's
   * `allowNegativeStock` is false: then it rejects with `INSUFFICIENT_STOCK` and writes nothing.
   *
   * @example
   * const adj = await acs.inventory.adjustments.create({
   *   reason: 'damaged', locationId, items: [{ itemId, adjustmentQuantity: -2, notes: 'Water damage' }],
   * });
   */
  create = this.method(adjustmentsCreate);

  /** The same call at the spec's short path `POST /v1/stock-adjustments`: same body, same rules, same result. */
  record = this.method(adjustmentsRecord);

  /** One adjustment; rejects with `NotFoundError` (`ADJUSTMENT_NOT_FOUND`) for an unknown id. */
  retrieve = this.method(adjustmentsRetrieve);

  /** Posts a draft, dated its own `date`; a posted adjustment rejects with `BusinessRuleError`. */
  post = this.method(adjustmentsPost);
}
