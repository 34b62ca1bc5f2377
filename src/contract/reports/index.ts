export * from './common.js';
export * from './trial-balance.js';
export * from './schedules.js';
export * from './email.js';
export * from './jobs.js';
export * from './report-types.js';
