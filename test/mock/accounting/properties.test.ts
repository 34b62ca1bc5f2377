import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountLedger,
  accountsTable,
  journalEntriesTable,
  LEDGER_MAX_LIMIT,
  postLedgerEntry,
  presentAccount,
  reverseLedgerEntry,
} from '../../../mock-server/domain/accounting/index.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { world } from '../support/domain.js';

const w = world();
const seeded = w.store.snapshot();
const seededEntries = journalEntriesTable(w.ctx).size;
const accountIds = accountsTable(w.ctx)
  .all()
  .filter((a) => a.isActive)
  .map((a) => a.id);

const cents = fc.integer({ min: 1, max: 10_000_000 });
const side = fc.record({ account: fc.constantFrom(...accountIds), cents });

/** A balanced entry: random debit and credit lines, then one line that makes up the difference. */
const entry = fc
  .record({
    debits: fc.array(side, { minLength: 1, maxLength: 4 }),
    credits: fc.array(side, { minLength: 1, maxLength: 4 }),
    balancing: fc.constantFrom(...accountIds),
    day: fc.integer({ min: 1, max: 28 }),
    voided: fc.boolean(),
  })
  .map(({ debits, credits, balancing, day, voided }) => {
    const lines = [
      ...debits.map((d) => ({ accountId: d.account, debit: d.cents / 100 })),
      ...credits.map((c) => ({ accountId: c.account, credit: c.cents / 100 })),
    ];
    const difference = debits.reduce((s, d) => s + d.cents, 0) - credits.reduce((s, c) => s + c.cents, 0);
    if (difference > 0) lines.push({ accountId: balancing, credit: difference / 100 });
    if (difference < 0) lines.push({ accountId: balancing, debit: -difference / 100 });
    return { lines, date: `2026-10-${String(day).padStart(2, '0')}`, voided };
  });

type Entry = typeof entry extends fc.Arbitrary<infer T> ? T : never;

/** Posts the entries on top of the demo seed, voiding some. */
function postAll(entries: Entry[]) {
  w.store.restore(seeded);
  for (const e of entries) {
    const posted = postLedgerEntry(w.ctx, { date: e.date, lines: e.lines, source: null });
    if (e.voided) reverseLedgerEntry(w.ctx, posted.id, { reason: 'property test', voidDate: '2026-11-01' });
  }
}

const balances = () =>
  accountsTable(w.ctx)
    .all()
    .map((a) => ({ id: a.id, ...presentAccount(w.ctx, a).balance }));

describe('ledger properties', () => {
  it('any set of posted entries, some voided, keeps total debits equal to total credits across all balances', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 25 }), (entries) => {
        postAll(entries);
        const all = balances();
        expect(money.toFixed(money.sum(all.map((b) => b.debit)))).toBe(money.toFixed(money.sum(all.map((b) => b.credit))));
      }),
      { numRuns: 60 },
    );
  });

  it("each account's balance equals the sum of its ledger lines", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 25 }), (entries) => {
        postAll(entries);
        for (const b of balances()) {
          const ledger = accountLedger(w.ctx, b.id, { limit: LEDGER_MAX_LIMIT });
          expect(ledger.hasMore).toBe(false);
          expect(money.toNumber(money.sum(ledger.lines.map((l) => l.debit)))).toBe(b.debit);
          expect(money.toNumber(money.sum(ledger.lines.map((l) => l.credit)))).toBe(b.credit);
          expect(ledger.closingBalance).toBe(b.net);
          expect(ledger.lines.at(-1)?.balance ?? 0).toBe(b.net);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a voided entry and its reversal leave every balance where it was', () => {
    fc.assert(
      fc.property(entry, (e) => {
        w.store.restore(seeded);
        const before = balances().map((b) => [b.id, b.net]);
        postAll([{ ...e, voided: true }]);
        expect(balances().map((b) => [b.id, b.net])).toEqual(before);
        expect(journalEntriesTable(w.ctx).size).toBe(seededEntries + 2); // the seeded ones, the entry and its reversal
      }),
      { numRuns: 60 },
    );
  });
});
