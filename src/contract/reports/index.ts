export * from './common.js';
export * from './trial-balance.js';
export * from './custom.js';
export * from './saved.js';
