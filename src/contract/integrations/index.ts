export * from './records.js';
export * from './integrations.js';
export * from './transform.js';
