export * from './common.js';
export * from './trial-balance.js';
export * from './module-report.js';
export * from './inventory-reports.js';
export * from './purchasing-reports.js';
export * from './analytics.js';
