import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountBalance,
  accountLedger,
  accountMovement,
  accountsTable,
  type AccountSums,
  accountSumsBefore,
  accountUsage,
  balancesAsOf,
  createJournalEntry,
  isControlAccount,
  journalEntriesTable,
  type JournalEntryRow,
  type JournalLineInput,
  LEDGER_MAX_LIMIT,
  ledgerPostingsTable,
  movementsBetween,
  postedEntriesBetween,
  postedLinesOf,
  postJournalEntry,
  postLedgerEntry,
} from '../../../mock-server/domain/accounting/index.js';
import { centsOf } from '../../../mock-server/domain/accounting/ledger-index.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { world } from '../support/domain.js';
import { postThenRollBack, Refused, voidPostedEntry } from '../support/ledger-steps.js';

// The ledger index (REP-79) against a naive sum over the journal's posted entries, through posts,
// voids, rolled-back transactions, failed savepoints and resets.

const w = world();
const seeded = w.store.snapshot();
const accountIds = accountsTable(w.ctx)
  .all()
  .filter((a) => a.isActive && !isControlAccount(a))
  .map((a) => a.id);

/** Posted lines of the journal (posted and voided entries, reversals included), the model the index must match. */
function journalLines(): { accountId: string; date: string; debit: number; credit: number; id: string }[] {
  return journalEntriesTable(w.ctx)
    .all()
    .filter((entry) => entry.postedAt !== null)
    .flatMap((entry) => entry.lines.map((line) => ({ ...line, date: entry.date })));
}

function naiveSums(counts: (date: string) => boolean): Map<string, [string, string]> {
  const sums = new Map<string, [money.Amount, money.Amount]>();
  for (const line of journalLines()) {
    if (!counts(line.date)) continue;
    const [debit, credit] = sums.get(line.accountId) ?? [money.ZERO, money.ZERO];
    sums.set(line.accountId, [debit.plus(line.debit), credit.plus(line.credit)]);
  }
  return new Map([...sums].map(([id, [d, c]]) => [id, [money.toFixed(d), money.toFixed(c)]]));
}

const fixed = (sums: Map<string, AccountSums>) =>
  new Map([...sums].map(([id, s]) => [id, [money.toFixed(s.debit), money.toFixed(s.credit)]]));

/** Every read of the index equals the naive sum over the journal, on dates around every entry. */
function expectIndexMatchesJournal(): void {
  const dates = [...new Set(journalLines().map((line) => line.date))].sort();
  const probes = [dates[0], dates[Math.floor(dates.length / 2)], dates.at(-1)!].flatMap((d) => [addDays(d, -1), d]);
  for (const date of probes) expect(fixed(balancesAsOf(w.ctx, date))).toEqual(naiveSums((d) => d <= date));
  for (const [from, to] of [
    [probes[1], probes[3]],
    [probes[2], probes[5]],
    [probes[5], probes[5]],
  ]) {
    expect(fixed(movementsBetween(w.ctx, from, to))).toEqual(naiveSums((d) => d >= from && d <= to));
  }
  const lines = journalLines();
  const totals = naiveSums(() => true);
  for (const accountId of accountIds) {
    const own = lines.filter((line) => line.accountId === accountId);
    const total = totals.get(accountId) ?? ['0.00', '0.00'];
    const balance = accountBalance(w.ctx, { id: accountId, type: 'asset' });
    expect([money.toFixed(balance.debit), money.toFixed(balance.credit)]).toEqual(total);
    expect(accountUsage(w.ctx, accountId)).toEqual({
      transactionCount: own.length,
      lastTransactionDate: own.length
        ? own
            .map((l) => l.date)
            .sort()
            .at(-1)
        : null,
    });
    const listed = postedLinesOf(w.ctx, accountId, null, null);
    expect(listed.map((l) => l.date)).toEqual(own.map((l) => l.date).sort());
    expect(listed.map((l) => l.id).sort()).toEqual(own.map((l) => l.id).sort());
  }
}

const amount = fc.integer({ min: 1, max: 1_000_000_000_000 });
/** A balanced manual entry of 2-4 lines over distinct accounts, dated in 2026. */
const entryInput = fc
  .record({
    accounts: fc.uniqueArray(fc.constantFrom(...accountIds), { minLength: 2, maxLength: 4 }),
    debits: fc.array(amount, { minLength: 3, maxLength: 3 }),
    day: fc.integer({ min: 0, max: 330 }),
  })
  .map(({ accounts, debits, day }) => {
    const [credited, ...debited] = accounts;
    const lines: JournalLineInput[] = debited.map((accountId, i) => ({ accountId, debit: debits[i] / 100 }));
    const cents = debited.reduce((sum, _, i) => sum + BigInt(debits[i]), 0n);
    lines.push({ accountId: credited, credit: money.toNumber(money.parse(cents.toString()).dividedBy(100)) });
    return { date: addDays('2026-01-01', day), lines };
  });

type Step =
  | { kind: 'post'; entry: { date: string; lines: JournalLineInput[] }; viaDraft: boolean }
  | { kind: 'void'; pick: number; afterDays: number }
  | { kind: 'rollback'; entries: { date: string; lines: JournalLineInput[] }[] }
  | { kind: 'savepoint'; kept: { date: string; lines: JournalLineInput[] }; undone: { date: string; lines: JournalLineInput[] } }
  | { kind: 'reset' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('post' as const), entry: entryInput, viaDraft: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat(), afterDays: fc.integer({ min: 0, max: 40 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('rollback' as const), entries: fc.array(entryInput, { minLength: 1, maxLength: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('savepoint' as const), kept: entryInput, undone: entryInput }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const) }) },
);

const post = (entry: { date: string; lines: JournalLineInput[] }, viaDraft = false): JournalEntryRow =>
  viaDraft ? postJournalEntry(w.ctx, createJournalEntry(w.ctx, entry).id) : postLedgerEntry(w.ctx, { ...entry, source: null });

function run(s: Step): void {
  if (s.kind === 'post') post(s.entry, s.viaDraft);
  else if (s.kind === 'void') voidPostedEntry(w, s.pick, s.afterDays);
  else if (s.kind === 'rollback') {
    postThenRollBack(w, () => {
      for (const entry of s.entries) post(entry);
    });
  } else if (s.kind === 'savepoint') {
    w.store.transaction(() => {
      post(s.kept);
      expect(() =>
        w.store.transaction(() => {
          post(s.undone);
          throw new Refused('one item of a bulk call fails');
        }),
      ).toThrow(Refused);
    });
  } else w.store.restore(seeded);
}

describe('the ledger index (model-based)', () => {
  it('after any sequence of post, void, rolled-back transaction, failed savepoint and reset, balances, movements, usage and lines equal a naive sum over the journal', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        w.store.restore(seeded);
        for (const s of steps) {
          run(s);
          expectIndexMatchesJournal();
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('the ledger index', () => {
  it('keeps one posting per posted entry and no second copy of its lines', () => {
    w.store.restore(seeded);
    const posted = journalEntriesTable(w.ctx)
      .all()
      .filter((e) => e.postedAt !== null);
    expect(ledgerPostingsTable(w.ctx).size).toBe(posted.length);
    for (const entry of posted) expect(ledgerPostingsTable(w.ctx).get(entry.id)!.lines).toBe(entry.lines);
  });

  it('lists entries in the order they were posted, and lines of one date in that order too', () => {
    w.store.restore(seeded);
    const [a, b] = [accountIds[0], accountIds[1]];
    const lines = [
      { accountId: a, debit: 1 },
      { accountId: b, credit: 1 },
    ];
    const first = createJournalEntry(w.ctx, { date: '2026-11-02', reference: 'FIRST', lines });
    const second = createJournalEntry(w.ctx, { date: '2026-11-02', reference: 'SECOND', lines });
    postJournalEntry(w.ctx, second.id);
    postJournalEntry(w.ctx, first.id);
    const refs = (rows: { reference: string | null }[]) => rows.map((r) => r.reference).filter((r) => r === 'FIRST' || r === 'SECOND');
    expect(refs(postedEntriesBetween(w.ctx, '2026-11-02', '2026-11-02'))).toEqual(['SECOND', 'FIRST']);
    expect(refs(postedLinesOf(w.ctx, a, '2026-11-02', '2026-11-02'))).toEqual(['SECOND', 'FIRST']);
    // A rebuild (after a reset, here a restore to the same books) keeps that order.
    w.store.restore(w.store.snapshot());
    expect(refs(postedLinesOf(w.ctx, a, '2026-11-02', '2026-11-02'))).toEqual(['SECOND', 'FIRST']);
  });

  it('reads the lines and sums of one account between two dates, either open', () => {
    w.store.restore(seeded);
    const bank = w.account('1120');
    const naive = (from: string | null, to: string | null) =>
      journalLines().filter((l) => l.accountId === bank && (from === null || l.date >= from) && (to === null || l.date <= to));
    for (const [from, to] of [
      [null, null],
      ['2026-09-01', null],
      [null, '2026-09-30'],
      ['2026-09-11', '2026-10-11'],
    ] as const) {
      const expected = naive(from, to);
      const sums = accountMovement(w.ctx, bank, from, to);
      expect(money.toFixed(sums.debit)).toBe(money.toFixed(money.sum(expected.map((l) => l.debit))));
      expect(money.toFixed(sums.credit)).toBe(money.toFixed(money.sum(expected.map((l) => l.credit))));
      expect(
        postedLinesOf(w.ctx, bank, from, to)
          .map((l) => l.id)
          .sort(),
      ).toEqual(expected.map((l) => l.id).sort());
    }
    const before = accountSumsBefore(w.ctx, bank, '2026-09-11');
    expect(money.toFixed(before.debit)).toBe(money.toFixed(money.sum(naive(null, '2026-09-10').map((l) => l.debit))));
    expect(accountMovement(w.ctx, 'acc_none', null, null)).toEqual({ debit: money.ZERO, credit: money.ZERO });
  });

  it('adds amounts up to the largest the contract takes, over many lines, to the cent', () => {
    w.store.restore(seeded);
    const [a, b] = [accountIds[0], accountIds[1]];
    const before = balancesAsOf(w.ctx, '2026-11-20').get(a)?.debit ?? money.ZERO;
    for (let i = 0; i < 120; i++) {
      postLedgerEntry(w.ctx, {
        date: '2026-11-03',
        lines: [
          { accountId: a, debit: 999_999_999_999.99 },
          { accountId: b, credit: 999_999_999_999.99 },
        ],
        source: null,
      });
    }
    // 120 x 99,999,999,999,999 cents is past 2^53: a float sum would lose cents.
    expect(balancesAsOf(w.ctx, '2026-11-20').get(a)!.debit.minus(before).toFixed(2)).toBe('119999999999998.80');
    expect(centsOf(0.1)).toBe(10n);
    expect(centsOf(1234.5)).toBe(123450n);
    expect(centsOf(999_999_999_999.99)).toBe(99_999_999_999_999n);
    expect(centsOf(12_345_678_901_234.56)).toBe(1_234_567_890_123_456n);
  });

  it('reads the exact cents of any amount the contract takes', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999_999n }), (cents) => {
        expect(centsOf(Number(cents) / 100)).toBe(cents);
        expect(centsOf(money.toNumber(money.parse(cents.toString()).dividedBy(100)))).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  it('pages an account ledger with the opening balance from the day totals', () => {
    w.store.restore(seeded);
    const bank = w.account('1120');
    const whole = accountLedger(w.ctx, bank, { limit: LEDGER_MAX_LIMIT });
    const first = accountLedger(w.ctx, bank, { dateFrom: '2026-09-11', limit: 2 });
    const next = accountLedger(w.ctx, bank, { dateFrom: '2026-09-11', limit: 2, cursor: first.nextCursor! });
    const at = whole.lines.findIndex((l) => l.date >= '2026-09-11');
    expect(first.openingBalance).toBe(at === 0 ? 0 : whole.lines[at - 1].balance);
    expect([...first.lines, ...next.lines].map((l) => l.balance)).toEqual(whole.lines.slice(at, at + 4).map((l) => l.balance));
    expect(first.closingBalance).toBe(whole.closingBalance);
  });
});
