export { Items } from './items.js';
export { Inventory } from './inventory.js';
export { InventoryReports } from './reports.js';
export { Locations } from './locations.js';
export { Stock } from './stock.js';
export { Adjustments } from './adjustments.js';
export { Transfers } from './transfers.js';
export { Alerts } from './alerts.js';
