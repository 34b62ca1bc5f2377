import { contract } from '../../../src/contract/index.js';
import { createJournalEntry, presentJournalEntry } from '../accounting/index.js';
import { defineBatchEntity } from './entities.js';

const { accounting } = contract;

// Spec document 3's batch table: journal entries, at most 100, create: drafts, as POST /journal-entries makes them (posting is its own call).
export const journalEntriesBatch = defineBatchEntity({
  entity: 'journalEntries',
  noun: 'journal entry',
  operations: {
    create: {
      endpoint: accounting.journalEntriesCreate,
      run: (ctx, data) => presentJournalEntry(ctx, createJournalEntry(ctx, data as never)),
    },
  },
});
