export * from './suppliers.js';
export * from './purchase-orders.js';
export * from './bills.js';
export * from './report-payables.js';
