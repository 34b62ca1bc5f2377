export * from './suppliers.js';
export * from './purchase-orders.js';
export * from './approval-rules.js';
export * from './approvals.js';
