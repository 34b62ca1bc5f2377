export * from './records.js';
export * from './endpoints.js';
