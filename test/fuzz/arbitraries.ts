/**
 * Hostile inputs for the contract-driven fuzz suites (MOCK-24): JSON text the fuzzer
 * controls to the byte (exotic number literals, duplicate and prototype keys, deep nesting), hostile
 * scalars, query strings, path segments and cursors, and "almost valid" values derived from an
 * endpoint's zod schema so that the handlers behind validation are reached.
 *
 * Nothing here knows a module: every generator reads the contract's schemas, so an endpoint added
 * later is fuzzed with no new code.
 */
export * from './arbitraries/json-text.js';
export * from './arbitraries/hostile-values.js';
export * from './arbitraries/schema-values.js';
export * from './arbitraries/mutations.js';
export * from './arbitraries/queries.js';
export * from './arbitraries/cursors-and-segments.js';
export * from './arbitraries/schema-holds.js';
