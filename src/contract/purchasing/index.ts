export * from './suppliers.js';
export * from './purchase-orders.js';
export * from './aliases.js';
export * from './supplier-performance.js';
export * from './report-outstanding-pos.js';
export * from './approval-rules.js';
export * from './approvals.js';
