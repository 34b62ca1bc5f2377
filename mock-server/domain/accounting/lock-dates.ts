import type { CompanyContext } from '../../store/context.js';
import { ServiceError } from '../../kernel/errors.js';
import { lockDatesOf } from '../platform/index.js';
import type { JournalEntryRow } from './tables.js';

/** The scope of the adviser, whom the period lock does not hold (decision ACC-32, Xero's "all users except advisers"). */
const ADVISER_SCOPE = 'admin';

/** The lock that holds the one writing now, and which of the two it is; null when the books are open to them. */
export function lockFor(ctx: CompanyContext): { lockDate: string; lock: 'lockDate' | 'periodLockDate' } | null {
  const { lockDate, periodLockDate } = lockDatesOf(ctx);
  // The service's own writes (the seed, a scheduled job) carry no credential: the stricter lock holds them.
  const adviser = ctx.store.context.credential?.scopes.includes(ADVISER_SCOPE) ?? false;
  if (periodLockDate && !adviser && (!lockDate || periodLockDate > lockDate)) return { lockDate: periodLockDate, lock: 'periodLockDate' };
  return lockDate ? { lockDate, lock: 'lockDate' } : null;
}

/**
 * Refuses an entry dated on or before the lock (decision ACC-32): checked where every posting, void and
 * reversal reaches the ledger, so no document type can change a closed period. 422 PERIOD_LOCKED.
 */
export function assertPeriodOpen(ctx: CompanyContext, entry: Pick<JournalEntryRow, 'date' | 'source' | 'reversalOfEntryId'>): void {
  const held = lockFor(ctx);
  if (!held || entry.date > held.lockDate) return;
  const field = entry.reversalOfEntryId ? 'voidDate' : 'date';
  const what = entry.reversalOfEntryId ? 'a reversal' : entry.source ? `a ${entry.source.type}'s entry` : 'an entry';
  throw new ServiceError('PERIOD_LOCKED', `The books are locked on and before ${held.lockDate}: ${what} dated ${entry.date} cannot post`, [
    {
      field,
      date: entry.date,
      lockDate: held.lockDate,
      lock: held.lock,
      ...(entry.source ? { source: { type: entry.source.type, id: entry.source.id } } : {}),
    },
  ]);
}
