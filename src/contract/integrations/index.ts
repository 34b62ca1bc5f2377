export * from './records.js';
export * from './integrations.js';
