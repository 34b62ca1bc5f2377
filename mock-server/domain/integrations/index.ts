/** The integrations module's domain (spec module `integrations`): the catalogue, setup, the simulated upstreams and their syncs. */
export * from './catalogue.js';
export * from './mapping.js';
export * from './setup.js';
export * from './sync-runs.js';
export * from './tables.js';
export * from './upstream-quota.js';
export * from './upstream-random.js';
export * from './monitoring.js';
export * from './retry.js';
export * from './upstream-orders.js';
export * from './upstream-signature.js';
export * from './webhook-tables.js';
export * from './webhooks.js';
