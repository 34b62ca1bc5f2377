export * from './records.js';
export * from './integrations.js';
export * from './finance.js';
