export { Items } from './items.js';
export { Inventory } from './inventory.js';
export { InventoryReports } from './reports.js';
