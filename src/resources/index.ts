export { Auth } from './auth.js';
export { CompanyResource } from './company.js';
export { Accounts } from './accounts.js';
export { JournalEntries } from './journal-entries.js';
export { Bulk } from './bulk.js';
