export * from './items.js';
export * from './reports.js';
