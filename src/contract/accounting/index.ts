export * from './accounts.js';
export * from './journal-entries.js';
