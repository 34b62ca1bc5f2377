export * from './accounts.js';
export * from './journal-entries.js';
export * from './tax-returns.js';
