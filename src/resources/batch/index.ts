export * from './batch-run.js';
export * from './batch.js';
