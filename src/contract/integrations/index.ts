export * from './records.js';
export * from './integrations.js';
export * from './monitoring.js';
