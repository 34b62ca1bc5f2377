import { InventoryAdjustmentsMethods } from '../../generated/resources/inventory.js';

/**
 * Stock adjustments (spec document 2, "Stock adjustment"): signed lines at one location. Posting moves
 * the stock and writes one journal entry: increases Dr inventory / Cr stock adjustments (opening
 * balance equity for `initial_stock`), decreases Dr stock adjustments / Cr inventory, at cost by the
 * company's valuation method.
 */
export class Adjustments extends InventoryAdjustmentsMethods {}
