/** The integrations module's domain (spec module `integrations`): the catalogue, setup, the simulated upstreams and their syncs. */
export * from './catalogue.js';
export * from './mapping.js';
export * from './setup.js';
export * from './sync-runs.js';
export * from './tables.js';
export * from './upstream-quota.js';
export * from './upstream-random.js';
export * from './finance-access.js';
export * from './finance-accounts.js';
export * from './payments-sync.js';
export * from './migration-books.js';
export * from './migrations.js';
