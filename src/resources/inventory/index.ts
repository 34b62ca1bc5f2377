export { Items } from './items.js';
export { Inventory } from './inventory.js';
export { Transfers } from './transfers.js';
