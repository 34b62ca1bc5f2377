export * from './items.js';
export * from './alerts.js';
