export * from './common.js';
export * from './trial-balance.js';
export * from './sales-summary.js';
export * from './aged-receivables.js';
export * from './top-customers.js';
export * from './sales-by-product.js';
export * from './sales-performance-dashboard.js';
