export * from './records.js';
export * from './audit-trails.js';
