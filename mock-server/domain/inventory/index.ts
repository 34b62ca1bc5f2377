/** The inventory module's domain: what routes, event rules and the seed call (spec module `inventory`). */
export * from './item-categories.js';
export * from './item-fields.js';
export * from './items.js';
export * from './tables.js';
