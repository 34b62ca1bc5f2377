export { Items } from './items.js';
export { Inventory } from './inventory.js';
export { Alerts } from './alerts.js';
