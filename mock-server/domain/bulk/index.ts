/** The bulk module's domain: what routes, event rules and the seed call (spec module `bulk`). */
export * from './run-bulk.js';
