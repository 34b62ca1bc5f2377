export { Suppliers } from './suppliers.js';
export { PurchaseOrders } from './purchase-orders.js';
