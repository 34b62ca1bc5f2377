/** The purchasing module's domain: what routes, event rules and the seed call (spec module `purchasing`). */
export * from './tables.js';
export * from './suppliers.js';
export * from './purchase-order-status.js';
export * from './purchase-orders.js';
export * from './receipts.js';
export * from './supplier-performance.js';
export * from './supplier-performance-ratings.js';
export * from './purchase-order-changes.js';
export * from './purchase-order-report.js';
export * from './approval-rules.js';
export * from './approvals.js';
export * from './approval-decisions.js';
