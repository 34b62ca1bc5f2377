export * from './suppliers.js';
export * from './purchase-orders.js';
export * from './report-outstanding-pos.js';
export * from './requisitions.js';
export * from './rfqs.js';
export * from './report-procurement-analytics.js';
