export * from './accounts.js';
export * from './exchange-rates.js';
export * from './journal-entries.js';
