export { Accounts } from './accounts.js';
export { JournalEntries } from './journal-entries.js';
export { TaxReturns } from './tax-returns.js';
