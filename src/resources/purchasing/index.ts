export { Suppliers } from './suppliers.js';
export { PurchaseOrders } from './purchase-orders.js';
export { Bills } from './bills.js';
