export { Accounts } from './accounts.js';
export { JournalEntries } from './journal-entries.js';
