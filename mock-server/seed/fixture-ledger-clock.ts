import { JOURNAL_ENTRIES, type JournalEntryRow } from '../domain/accounting/index.js';
import type { Store } from '../store/index.js';
import { byNumber } from './fixture-rows.js';

/**
 * When a company's records moved its books, by their entries' journal numbers (drawn in the order the API posted them,
 * MOCK-52): `made` is a record's first entry, `undone` the first reversal of one (a void or a cancel), `entry` an
 * entry's own position. A record that posted nothing has none.
 */
export interface LedgerClock {
  made(type: string, id: string): number | undefined;
  undone(type: string, id: string): number | undefined;
  /** The position of the entry of this id. */
  entry(journalEntryId: string | null): number | undefined;
}

export function ledgerClock(store: Store, companyId: string): LedgerClock {
  const posted = new Map<string, number[]>();
  const byId = new Map<string, number>();
  const reversed = new Map<string, number[]>();
  if (store.hasTable(JOURNAL_ENTRIES)) {
    const entries = store
      .table<JournalEntryRow>(companyId, JOURNAL_ENTRIES)
      .all()
      .sort(byNumber((row) => row.journalNumber));
    entries.forEach((entry, at) => {
      byId.set(entry.id, at);
      if (!entry.source) return;
      const into = entry.reversalOfEntryId ? reversed : posted;
      const key = `${entry.source.type} ${entry.source.id}`;
      into.set(key, [...(into.get(key) ?? []), at]);
    });
  }
  return {
    made: (type, id) => posted.get(`${type} ${id}`)?.[0],
    undone: (type, id) => reversed.get(`${type} ${id}`)?.[0],
    entry: (journalEntryId) => (journalEntryId === null ? undefined : byId.get(journalEntryId)),
  };
}
