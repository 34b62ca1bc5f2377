/** The integrations module's domain (spec module `integrations`): the catalogue, setup, the simulated upstreams and their syncs. */
export * from './catalogue.js';
export * from './mapping.js';
export * from './setup.js';
export * from './sync-runs.js';
export * from './tables.js';
export * from './upstream-quota.js';
export * from './upstream-random.js';
export * from './transform-data.js';
export * from './sync-orders.js';
export * from './sync-fees.js';
export * from './sync-products.js';
export * from './upstream/store.js';
export * from './upstream/marketplace.js';
export * from './upstream/inventory-state.js';
export * from './custom-connectors.js';
export * from './upstream/custom.js';
