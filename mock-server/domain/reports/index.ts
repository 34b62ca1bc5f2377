/** The reports module's domain: what routes, event rules and the seed call (spec document 3, "Reports"). */
export * from './catalogue.js';
export * from './document.js';
export * from './errors.js';
export * from './files.js';
export * from './registry.js';
export * from './period.js';
export * from './run.js';
export * from './runtime.js';
export * from './targets.js';
export * from './trial-balance.js';
export * from './balance-sheet.js';
export * from './profit-loss.js';
export * from './budget-tables.js';
export * from './budgets.js';
export * from './cash-flow.js';
export * from './cash-flow-accounts.js';
