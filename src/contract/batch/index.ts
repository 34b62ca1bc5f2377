export * from './records.js';
export * from './batch.js';
export * from './imports.js';
