import { locationsList } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/**
 * Where stock is kept (the spec names locations but has no endpoints for them). Read-only:
 * the demo seed makes each company's warehouse, shop and transit location.
 */
export class Locations extends Resource {
  /**
   * Lists the company's locations by code, cursor-paged; filter by `type` (`warehouse`, `store`,
   * `transit`) and `active`.
   *
   * @example
   * const { data } = await acs.inventory.locations.list({ type: 'warehouse' });
   */
  list = this.method(locationsList);
}
