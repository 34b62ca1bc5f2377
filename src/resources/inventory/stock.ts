import { InventoryStockMethods } from '../../generated/resources/inventory.js';

/** Stock records (spec document 2, "Stock record"): each item at each location, as its movements left it. */
export class Stock extends InventoryStockMethods {}
