import { Resource } from '../../core/resource.js';
import { Adjustments } from './adjustments.js';
import { Locations } from './locations.js';
import { Stock } from './stock.js';

/**
 * Stock by location (spec document 2, "Stock"): `acs.inventory.locations`, `.stock`, `.adjustments`,
 * `.transfers`, `.alerts` and `.reports`, one resource each.
 */
export class Inventory extends Resource {
  locations = this.resource(Locations);
  stock = this.resource(Stock);
  adjustments = this.resource(Adjustments);
}
