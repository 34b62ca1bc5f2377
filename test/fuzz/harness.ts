/**
 * The mock under fuzz: one demo-seeded service, the records of each company discovered through the
 * contract's own list endpoints, a baseline snapshot restored between runs, and the checks every
 * answer must pass whatever was sent (MOCK-24).
 */
export * from './harness/settings.js';
export * from './harness/exchange.js';
export * from './harness/target.js';
export * from './harness/requests.js';
export * from './harness/checks.js';
export * from './harness/stats.js';
