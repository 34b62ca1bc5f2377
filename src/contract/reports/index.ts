export * from './common.js';
export * from './trial-balance.js';
export * from './statements.js';
export * from './balance-sheet.js';
export * from './profit-loss.js';
