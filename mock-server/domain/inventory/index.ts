/** The inventory module's domain: what routes, event rules and the seed call (spec module `inventory`). */
export * from './item-categories.js';
export * from './item-fields.js';
export * from './items.js';
export * from './tables.js';
export * from './costing.js';
export * from './define-tables.js';
export * from './locations.js';
export * from './movements.js';
export * from './stock-balances.js';
export * from './stock-postings.js';
export * from './lots.js';
export * from './alert-rules.js';
export * from './alerts.js';
export * from './alert-triggers.js';
export * from './alert-rule-writes.js';
