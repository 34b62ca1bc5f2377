/** The batch module's domain (spec module `batch`): per-entity batches through the single-record rules, jobs and imports. */
export * from './entities.js';
export * from './record-error.js';
export * from './run-records.js';
export * from './run-batch.js';
export * from './tables.js';
export * from './job-tables.js';
export * from './jobs.js';
export * from './limits.js';
export * from './metrics.js';
export * from './results.js';
export * from './template-columns.js';
export * from './templates.js';
export * from './import-csv.js';
