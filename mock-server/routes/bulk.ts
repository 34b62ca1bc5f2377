import { contract, JournalEntryCreate } from '../../src/contract/index.js';
import { runBulk } from '../domain/bulk.js';
import { createJournalEntry, presentJournalEntry } from '../domain/journal-entries.js';
import { route, type Route } from './route.js';

const { bulk } = contract;

/** Bulk endpoints (spec document 1, "Bulk operations"): the domain's own create and update, one savepoint per item. */
export const bulkRoutes: Route[] = [
  route(bulk.journalEntries, (ctx) =>
    runBulk(ctx.store, ctx.body.operations, {
      noun: 'journal entry',
      create: { schema: JournalEntryCreate, run: (data) => presentJournalEntry(ctx, createJournalEntry(ctx, data)) },
    }),
  ),
];
