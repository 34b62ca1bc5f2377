/** The internal e-invoice records' domain (spec module `einvoice-records`): what routes and tests call. */
export * from './tables.js';
export * from './documents.js';
export * from './self-billed.js';
export * from './header.js';
export * from './submission.js';
export * from './routing.js';
export * from './query.js';
export * from './actions.js';
export * from './consolidate.js';
