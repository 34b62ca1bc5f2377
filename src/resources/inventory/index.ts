export { Items } from './items.js';
export { Inventory } from './inventory.js';
