/** The accounting module's domain: what routes, event rules and the seed call (spec module `accounting`). */
export * from './account-ledger.js';
export * from './account-references.js';
export * from './account-rollup.js';
export * from './accounts.js';
export * from './bank-accounts.js';
export * from './control-accounts.js';
export * from './exchange-rates.js';
export * from './journal-entries.js';
export * from './journal-lines.js';
export * from './ledger.js';
export * from './ledger-balances.js';
export * from './lock-dates.js';
export * from './tables.js';
export * from './tax-lock.js';
