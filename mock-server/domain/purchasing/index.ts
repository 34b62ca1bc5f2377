/** The purchasing module's domain: what routes, event rules and the seed call (spec module `purchasing`). */
export * from './tables.js';
export * from './suppliers.js';
export * from './purchase-order-status.js';
export * from './purchase-orders.js';
export * from './receipts.js';
export * from './bill-tables.js';
export * from './bill-status.js';
export * from './bill-lines.js';
export * from './bills.js';
export * from './bill-approval.js';
export * from './bill-payments.js';
export * from './bill-attachments.js';
export * from './payables-reports.js';
