import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balancesAsOf,
  journalEntriesTable,
  lockFor,
  postLedgerEntry,
  reverseLedgerEntry,
  type JournalEntryRow,
} from '../../../mock-server/domain/accounting/index.js';
import { moveLockDates } from '../../../mock-server/domain/platform/index.js';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import type { WriteContext } from '../../../mock-server/kernel/context.js';
import { modelRuns } from '../support/model-runs.js';
import { world } from '../support/domain.js';

// Decision ACC-32: whatever is posted or voided, by whom, the books on and before the lock that holds
// the writer never change, and a refusal writes nothing.

const w = world();
const seeded = w.store.snapshot();
const [bank, sales] = [w.account('1120'), w.account('4200')];

const day = fc.integer({ min: 1, max: 61 }).map((n) => new Date(Date.UTC(2026, 8, n)).toISOString().slice(0, 10));
const adviser = fc.boolean();

const command = fc.oneof(
  fc.record({ kind: fc.constant('post' as const), date: day, cents: fc.integer({ min: 1, max: 1_000_000 }), adviser }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat(), date: day, adviser }),
  fc.record({ kind: fc.constant('lock' as const), lockDate: fc.option(day), periodLockDate: fc.option(day) }),
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

const contextOf = (asAdviser: boolean): WriteContext => ({
  actor: asAdviser ? 'adviser' : 'bookkeeper',
  requestId: null,
  credential: { kind: 'api_key', id: 'key_model', name: 'model', scopes: asAdviser ? ['admin', 'write:journal'] : ['write:journal'] },
});

const ledgerThrough = (date: string) =>
  [...balancesAsOf(w.ctx, date)].map(([id, sums]) => `${id}:${sums.debit.toFixed(2)}/${sums.credit.toFixed(2)}`).sort();

/** Runs one command, answering what the model expects: the date it was held to, and whether it was refused. */
function run(cmd: Exclude<Command, { kind: 'lock' }>, posted: JournalEntryRow[]): { refused: boolean; date: string } | null {
  w.store.context = contextOf(cmd.adviser);
  try {
    if (cmd.kind === 'post') {
      const lines = [
        { accountId: bank, debit: cmd.cents / 100 },
        { accountId: sales, credit: cmd.cents / 100 },
      ];
      posted.push(postLedgerEntry(w.ctx, { date: cmd.date, lines, source: null }));
      return { refused: false, date: cmd.date };
    }
    const open = posted.filter((entry) => journalEntriesTable(w.ctx).get(entry.id)?.status === 'posted');
    if (open.length === 0) return null;
    const entry = open[cmd.pick % open.length];
    if (cmd.date < entry.date) return null;
    reverseLedgerEntry(w.ctx, entry.id, { reason: 'model', voidDate: cmd.date });
    return { refused: false, date: cmd.date };
  } catch (error) {
    if (!(error instanceof ServiceError) || error.code !== 'PERIOD_LOCKED') throw error;
    return { refused: true, date: cmd.date };
  }
}

describe('lock dates (model)', () => {
  it('no posting or void changes the books on or before the lock that holds its writer; a refusal writes nothing', () => {
    const seen = { refused: 0, written: 0 };
    fc.assert(
      fc.property(fc.array(command, { minLength: 10, maxLength: 30 }), (commands) => {
        w.store.restore(seeded);
        const posted: JournalEntryRow[] = [];
        for (const cmd of commands) {
          if (cmd.kind === 'lock') {
            const { lockDate, periodLockDate } = cmd;
            if (!lockDate || !periodLockDate || periodLockDate >= lockDate) moveLockDates(w.ctx, { lockDate, periodLockDate });
            continue;
          }
          w.store.context = contextOf(cmd.adviser);
          const held = lockFor(w.ctx);
          const [books, entries] = [held && ledgerThrough(held.lockDate), journalEntriesTable(w.ctx).size];
          const outcome = run(cmd, posted);
          if (!outcome) continue;
          seen[outcome.refused ? 'refused' : 'written']++;
          expect(outcome.refused).toBe(held !== null && outcome.date <= held.lockDate);
          if (held) expect(ledgerThrough(held.lockDate)).toEqual(books);
          if (outcome.refused) expect(journalEntriesTable(w.ctx).size).toBe(entries);
        }
      }),
      modelRuns(60),
    );
    w.store.context = { actor: 'system', requestId: null };
    // A model that never refuses (or never writes) proves nothing.
    expect(Math.min(seen.refused, seen.written)).toBeGreaterThan(100);
  });

  it("the service's own writes (no credential) are held by the stricter lock", () => {
    w.store.restore(seeded);
    w.store.context = { actor: 'system', requestId: null };
    moveLockDates(w.ctx, { lockDate: '2026-08-31', periodLockDate: '2026-09-30' });
    expect(lockFor(w.ctx)).toEqual({ lockDate: '2026-09-30', lock: 'periodLockDate' });
    w.store.context = contextOf(true);
    expect(lockFor(w.ctx)).toEqual({ lockDate: '2026-08-31', lock: 'lockDate' });
    w.store.context = { actor: 'system', requestId: null };
  });
});
