import {
  inventoryReportsAbcAnalysis,
  inventoryReportsLowStock,
  inventoryReportsMovements,
  inventoryReportsValuation,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** The inventory reports (spec document 2, "Inventory reports"): `acs.inventory.reports`. */
export class InventoryReports extends Resource {
  /**
   * Stock quantity and value as of `asOfDate` (default today) by `valuationMethod` (`fifo`, `lifo`,
   * `average`, `standard`; default the company's own, which ties to the inventory account to the cent),
   * with totals by category and location; filter by `locationId` and `categoryId` (with subcategories).
   *
   * @example
   * const { summary, items } = await acs.inventory.reports.valuation({ asOfDate: '2026-06-30', valuationMethod: 'fifo' });
   */
  valuation = this.method(inventoryReportsValuation);

  /**
   * Opening stock, receipts, issues and closing stock per item between `dateFrom` and `dateTo`, at
   * cost; narrow by `itemId`, `locationId`, `categoryId` or a movement `type`.
   *
   * @example
   * const { items } = await acs.inventory.reports.movements({ dateFrom: '2026-06-01', dateTo: '2026-06-30' });
   */
  movements = this.method(inventoryReportsMovements);

  /**
   * Active stocked items at or below their minimum stock or reorder point, with a suggested order
   * quantity; over all locations or at `locationId`.
   *
   * @example
   * const { items } = await acs.inventory.reports.lowStock();
   * for (const row of items) console.log(row.itemCode, row.status, row.suggestedQuantity);
   */
  lowStock = this.method(inventoryReportsLowStock);

  /**
   * Items classed A/B/C by the cost of what sales took between `periodFrom` and `periodTo` (default
   * the last 365 days): A up to 80 % of the value, B the next 15 %, C the rest.
   *
   * @example
   * const { classification } = await acs.inventory.reports.abcAnalysis();
   * console.log(classification.A.itemCount, classification.A.valuePercentage);
   */
  abcAnalysis = this.method(inventoryReportsAbcAnalysis);
}
