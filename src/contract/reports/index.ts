export * from './common.js';
export * from './trial-balance.js';
export * from './cash-flow.js';
export * from './budgets.js';
export * from './budget-vs-actual.js';
