export * from './records.js';
export * from './integrations.js';
export * from './transform.js';
export * from './commerce.js';
export * from './custom-connectors.js';
export * from './finance.js';
export * from './monitoring.js';
