export * from './items.js';
export * from './reports.js';
export * from './locations.js';
export * from './stock.js';
export * from './adjustments.js';
export * from './transfers.js';
export * from './alerts.js';
