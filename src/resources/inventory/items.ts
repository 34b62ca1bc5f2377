import { ItemsMethods } from '../../generated/resources/inventory.js';

/** The item catalogue (spec document 2, "Item"); stock numbers move with the inventory endpoints. */
export class Items extends ItemsMethods {}
