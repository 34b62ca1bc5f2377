import { Resource } from '../../core/resource.js';
import { Alerts } from './alerts.js';

/**
 * Stock by location (spec document 2, "Stock"): `acs.inventory.locations`, `.stock`, `.adjustments`,
 * `.transfers`, `.alerts` and `.reports`, one resource each.
 */
export class Inventory extends Resource {
  readonly alerts = this.resource(Alerts);
}
