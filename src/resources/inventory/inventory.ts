import { Resource } from '../../core/resource.js';
import { InventoryReports } from './reports.js';

/**
 * Stock by location (spec document 2, "Stock"): `acs.inventory.locations`, `.stock`, `.adjustments`,
 * `.transfers`, `.alerts` and `.reports`, one resource each.
 */
export class Inventory extends Resource {
  /** Valuation, movements, low stock and ABC analysis. */
  readonly reports = this.resource(InventoryReports);
}
