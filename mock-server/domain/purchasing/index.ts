/** The purchasing module's domain: what routes, event rules and the seed call (spec module `purchasing`). */
export * from './tables.js';
export * from './suppliers.js';
export * from './purchase-order-status.js';
export * from './purchase-orders.js';
export * from './receipts.js';
export * from './purchase-order-changes.js';
export * from './purchase-order-report.js';
export * from './requisition-rfq-tables.js';
export * from './requisition-lines.js';
export * from './requisitions.js';
export * from './requisition-conversion.js';
export * from './rfqs.js';
export * from './rfq-comparison.js';
export * from './rfq-award.js';
export * from './procurement-analytics.js';
