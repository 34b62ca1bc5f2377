import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { validationError } from '../../kernel/errors.js';

// The books' lock dates (decision ACC-32): a company's own record, so moving a lock is a write of a
// tenant table and the audit trail records it (ARCHITECTURE.md, "Every write goes through the store's one write path").

export const LOCK_DATES = 'lockDates';

/** The company's lock dates; its id is the company id. No row means the books are open. */
export interface LockDatesRow {
  id: string;
  /** Nothing on or before it posts, for anyone. */
  lockDate: string | null;
  /** Nothing on or before it posts for a credential without the `admin` scope; never before `lockDate`. */
  periodLockDate: string | null;
}

export type LockDates = Omit<LockDatesRow, 'id'>;

const OPEN: LockDates = Object.freeze({ lockDate: null, periodLockDate: null });

export function defineLockDatesTable(store: Store): void {
  store.defineTable(LOCK_DATES, { prefix: 'lck' });
}

const lockDatesTable = (ctx: CompanyContext): Table<LockDatesRow> => ctx.store.table<LockDatesRow>(ctx.companyId, LOCK_DATES);

/** The company's lock dates, both null when none was ever set. */
export function lockDatesOf(ctx: CompanyContext): LockDates {
  const row = lockDatesTable(ctx).get(ctx.companyId);
  return row ? { lockDate: row.lockDate, periodLockDate: row.periodLockDate } : OPEN;
}

/**
 * Applies a patch of the lock dates (undefined keeps a date, null clears it); the period lock may not
 * fall before the lock for everyone, or it would lock nothing more (decision ACC-32). Writes only a change.
 */
export function moveLockDates(ctx: CompanyContext, patch: Partial<LockDates>): void {
  const before = lockDatesOf(ctx);
  const after: LockDates = {
    lockDate: patch.lockDate === undefined ? before.lockDate : patch.lockDate,
    periodLockDate: patch.periodLockDate === undefined ? before.periodLockDate : patch.periodLockDate,
  };
  if (after.lockDate && after.periodLockDate && after.periodLockDate < after.lockDate) {
    throw validationError([
      {
        field: 'periodLockDate',
        code: 'DATE_CONSTRAINT',
        message: `periodLockDate cannot be before lockDate ${after.lockDate}`,
        value: after.periodLockDate,
        constraint: { min: after.lockDate },
      },
    ]);
  }
  if (after.lockDate === before.lockDate && after.periodLockDate === before.periodLockDate) return;
  const table = lockDatesTable(ctx);
  if (table.has(ctx.companyId)) table.update(ctx.companyId, after);
  else table.insert({ id: ctx.companyId, ...after });
}
