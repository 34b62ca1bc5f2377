import { expect } from 'vitest';
import { journalEntriesTable, voidJournalEntry } from '../../../mock-server/domain/accounting/index.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';
import type { World } from './domain.js';

// The steps the ledger model tests share: void one posted manual entry, and post inside a transaction
// that fails, so that nothing of it may remain.

/** Voids the `pick`-th posted manual entry (none: nothing), `afterDays` after its date. */
export function voidPostedEntry(w: World, pick: number, afterDays: number): void {
  const voidable = journalEntriesTable(w.ctx)
    .all()
    .filter((e) => e.status === 'posted' && e.source === null && e.reversalOfEntryId === null);
  if (voidable.length === 0) return;
  const entry = voidable[pick % voidable.length];
  voidJournalEntry(w.ctx, entry.id, { reason: 'model test', voidDate: addDays(entry.date, afterDays) });
}

/** What a failing step throws inside a transaction. */
export class Refused extends Error {}

/** Runs `post` in a store transaction that then fails: the transaction must roll all of it back. */
export function postThenRollBack(w: World, post: () => void): void {
  expect(() =>
    w.store.transaction(() => {
      post();
      throw new Refused('the request fails after posting');
    }),
  ).toThrow(Refused);
}
