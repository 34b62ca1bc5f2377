export * from './items.js';
export * from './transfers.js';
