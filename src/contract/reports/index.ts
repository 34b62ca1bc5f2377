export * from './common.js';
export * from './trial-balance.js';
