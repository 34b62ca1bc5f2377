export * from './batch-run.js';
export * from './batch.js';
export * from './batch-import.js';
