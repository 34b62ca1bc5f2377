import { Resource } from '../../core/resource.js';
import { Transfers } from './transfers.js';

/**
 * Stock by location (spec document 2, "Stock"): `acs.inventory.locations`, `.stock`, `.adjustments`,
 * `.transfers`, `.alerts` and `.reports`, one resource each.
 */
export class Inventory extends Resource {
  readonly transfers = this.resource(Transfers);
}
