export * from './records.js';
export * from './batch.js';
