export { Accounts } from './accounts.js';
export { ExchangeRates } from './exchange-rates.js';
export { JournalEntries } from './journal-entries.js';
