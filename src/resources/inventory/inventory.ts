import { InventoryReports } from './reports.js';
import { Adjustments } from './adjustments.js';
import { Locations } from './locations.js';
import { Stock } from './stock.js';
import { Transfers } from './transfers.js';
import { Alerts } from './alerts.js';
import { InventoryMethods } from '../../generated/resources/inventory.js';

/**
 * Stock by location (spec document 2, "Stock"): `acs.inventory.locations`, `.stock`, `.adjustments`,
 * `.transfers`, `.alerts` and `.reports`, one resource each.
 */
export class Inventory extends InventoryMethods {
  /** Valuation, movements, low stock and ABC analysis. */
  readonly reports = this.resource(InventoryReports);
  locations = this.resource(Locations);
  stock = this.resource(Stock);
  adjustments = this.resource(Adjustments);
  readonly transfers = this.resource(Transfers);
  readonly alerts = this.resource(Alerts);
}
