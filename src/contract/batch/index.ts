export * from './records.js';
export * from './batch.js';
export * from './jobs.js';
export * from './imports.js';
