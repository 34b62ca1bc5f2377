import { JournalEntriesMethods } from '../../generated/resources/accounting.js';

/** Double-entry journal entries (spec document 2, "Journal entry"). */
export class JournalEntries extends JournalEntriesMethods {}
