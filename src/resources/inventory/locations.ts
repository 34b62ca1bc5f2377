import { InventoryLocationsMethods } from '../../generated/resources/inventory.js';

/**
 * Where stock is kept (the spec names locations but has no endpoints for them). Read-only:
 * the demo seed makes each company's warehouse, shop and transit location.
 */
export class Locations extends InventoryLocationsMethods {}
