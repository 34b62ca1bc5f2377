import { InventoryTransfersMethods } from '../../generated/resources/inventory.js';

/** Stock transfers between two locations (spec document 2, "Stock transfer"): `acs.inventory.transfers`. */
export class Transfers extends InventoryTransfersMethods {}
