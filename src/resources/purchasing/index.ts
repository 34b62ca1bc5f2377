export { Suppliers } from './suppliers.js';
export { PurchaseOrders } from './purchase-orders.js';
export { Requisitions } from './requisitions.js';
export { Rfqs } from './rfqs.js';
