import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accountLedger,
  accountsTable,
  isControlAccount,
  isDebitNormal,
  type JournalLineInput,
  LEDGER_MAX_LIMIT,
  ledgerPostingsTable,
  type LedgerQuery,
  postLedgerEntry,
} from '../../../mock-server/domain/accounting/index.js';
import { lineOrderTuning } from '../../../mock-server/domain/accounting/ledger-line-order.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import type { AccountType } from '../../../src/contract/index.js';
import { world } from '../support/domain.js';
import { postThenRollBack, Refused, voidPostedEntry } from '../support/ledger-steps.js';

// Account ledger pages read by cursor (each figure a running sum the ledger index keeps per line) against
// a naive walk of the posted journal: every line, in date order, its balance summed from the first line.

const w = world();
const seeded = w.store.snapshot();
const accounts = accountsTable(w.ctx)
  .all()
  .filter((a) => a.isActive && !isControlAccount(a));
const debitSide = accounts.find((a) => isDebitNormal(a.type))!;
const creditSide = accounts.find((a) => !isDebitNormal(a.type))!;
const others = accounts.filter((a) => a !== debitSide && a !== creditSide).map((a) => a.id);
const defaultPlacements = lineOrderTuning.maxPlacements;
afterEach(() => {
  lineOrderTuning.maxPlacements = defaultPlacements;
});

interface NaiveLine {
  lineId: string;
  date: string;
  debit: number;
  credit: number;
  balance: string;
}

/** The account's posted lines (the postings in the order they were made), by date, lines of one date in that order. */
function naiveLedger(accountId: string, type: AccountType): NaiveLine[] {
  const lines = ledgerPostingsTable(w.ctx)
    .all()
    .flatMap((posting) =>
      posting.lines
        .filter((l) => l.accountId === accountId)
        .map((l) => ({ lineId: l.id, date: posting.date, debit: l.debit, credit: l.credit })),
    );
  lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)); // stable: posting order within a date
  let running = money.ZERO;
  return lines.map((l) => {
    running = running.plus(isDebitNormal(type) ? money.subtract(l.debit, l.credit) : money.subtract(l.credit, l.debit));
    return { ...l, balance: money.toFixed(running) };
  });
}

const fixed = (n: number) => money.toFixed(money.parse(n));

/** Every page of the ledger by cursor, at `limit`, equals the naive ledger's lines of the period with their balances. */
function expectPagesMatch(account: { id: string; type: AccountType }, query: LedgerQuery): void {
  const naive = naiveLedger(account.id, account.type);
  const { dateFrom, dateTo } = query;
  const period = naive.filter((l) => (!dateFrom || l.date >= dateFrom) && (!dateTo || l.date <= dateTo));
  const before = dateFrom ? naive.filter((l) => l.date < dateFrom) : [];
  const opening = before.at(-1)?.balance ?? '0.00';
  const sum = (side: 'debit' | 'credit') => money.toFixed(money.sum(period.map((l) => l[side])));
  const seen: NaiveLine[] = [];
  let cursor: string | undefined;
  let previousClose = opening;
  let pages = 0;
  do {
    const page = accountLedger(w.ctx, account.id, { ...query, cursor });
    expect(fixed(page.openingBalance)).toBe(previousClose);
    expect([fixed(page.totalDebit), fixed(page.totalCredit)]).toEqual([sum('debit'), sum('credit')]);
    expect(fixed(page.closingBalance)).toBe(period.at(-1)?.balance ?? opening);
    for (const line of page.lines)
      seen.push({ lineId: line.lineId, date: line.date, debit: line.debit, credit: line.credit, balance: fixed(line.balance) });
    previousClose = seen.at(-1)?.balance ?? opening;
    cursor = page.nextCursor ?? undefined;
    expect(page.hasMore).toBe(cursor !== undefined);
    pages++;
  } while (cursor && pages <= period.length);
  expect(seen).toEqual(period);
}

const amount = fc.integer({ min: 1, max: 100_000_000_000 });
/** An entry of 2-3 lines touching one or both watched accounts, dated over a few months of 2026. */
const entryInput = fc
  .record({
    watched: fc.constantFrom([debitSide.id], [creditSide.id], [debitSide.id, creditSide.id]),
    other: fc.constantFrom(...others),
    cents: amount,
    debitFirst: fc.boolean(),
    day: fc.integer({ min: 0, max: 120 }),
  })
  .map(({ watched, other, cents, debitFirst, day }) => {
    const [a, b] = watched.length === 2 ? watched : [watched[0], other];
    const [debited, credited] = debitFirst ? [a, b] : [b, a];
    const lines: JournalLineInput[] = [
      { accountId: debited, debit: cents / 100 },
      { accountId: credited, credit: cents / 100 },
    ];
    return { date: addDays('2026-07-01', day), lines };
  });

type Step =
  | { kind: 'post'; entries: { date: string; lines: JournalLineInput[] }[] }
  | { kind: 'void'; pick: number; afterDays: number }
  | { kind: 'rollback'; entries: { date: string; lines: JournalLineInput[] }[] }
  | { kind: 'read'; limit: number; from: number | null; to: number | null };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('post' as const), entries: fc.array(entryInput, { minLength: 1, maxLength: 6 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat(), afterDays: fc.integer({ min: 0, max: 60 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('rollback' as const), entries: fc.array(entryInput, { minLength: 1, maxLength: 3 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      limit: fc.integer({ min: 1, max: 7 }),
      from: fc.option(fc.integer({ min: 0, max: 130 }), { nil: null }),
      to: fc.option(fc.integer({ min: 0, max: 130 }), { nil: null }),
    }),
  },
);

function run(s: Step): void {
  if (s.kind === 'post') for (const entry of s.entries) postLedgerEntry(w.ctx, { ...entry, source: null });
  else if (s.kind === 'void') voidPostedEntry(w, s.pick, s.afterDays);
  else if (s.kind === 'rollback') {
    postThenRollBack(w, () => {
      for (const entry of s.entries) postLedgerEntry(w.ctx, { ...entry, source: null });
    });
  } else {
    const [from, to] = [s.from, s.to].map((d) => (d === null ? undefined : addDays('2026-07-01', d)));
    if (from && to && from > to) return;
    for (const account of [debitSide, creditSide]) expectPagesMatch(account, { limit: s.limit, dateFrom: from, dateTo: to });
  }
}

describe('account ledger pages (model-based)', () => {
  it('after any sequence of postings (back-dated too), voids and rollbacks, every page read by cursor equals a naive walk of the journal', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 14 }), fc.constantFrom(0, 2, 64), (steps, placements) => {
        // 0 leaves every back-dated line to a sort on read; 2 and 64 place them one by one, then sort.
        lineOrderTuning.maxPlacements = placements;
        w.store.restore(seeded);
        for (const s of steps) run(s);
        for (const account of [debitSide, creditSide]) expectPagesMatch(account, { limit: 3 });
      }),
      { numRuns: 60 },
    );
  });
});

describe('account ledger pages', () => {
  it('a ledger page read by cursor shows the running balance the whole ledger gives', () => {
    w.store.restore(seeded);
    for (let i = 0; i < 40; i++) {
      const date = addDays('2026-08-01', (i * 37) % 60); // back-dated every few postings
      postLedgerEntry(w.ctx, {
        date,
        lines: [
          { accountId: debitSide.id, debit: 10 + i },
          { accountId: others[0], credit: 10 + i },
        ],
        source: null,
      });
    }
    const whole = accountLedger(w.ctx, debitSide.id, { limit: LEDGER_MAX_LIMIT });
    let cursor: string | undefined;
    const paged = [];
    do {
      const page = accountLedger(w.ctx, debitSide.id, { limit: 7, cursor });
      paged.push(...page.lines);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(whole.lines);
    expect(paged.at(-1)!.balance).toBe(whole.closingBalance);
  });

  it('a cursor stays put when lines are posted before and after it between pages', () => {
    fc.assert(
      fc.property(
        fc.array(entryInput, { minLength: 3, maxLength: 12 }),
        fc.array(entryInput, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 4 }),
        (first, later, limit) => {
          w.store.restore(seeded);
          for (const entry of first) postLedgerEntry(w.ctx, { ...entry, source: null });
          const account = debitSide;
          const page1 = accountLedger(w.ctx, account.id, { limit });
          if (!page1.nextCursor) return;
          const last = page1.lines.at(-1)!;
          for (const entry of later) postLedgerEntry(w.ctx, { ...entry, source: null });
          const naive = naiveLedger(account.id, account.type);
          const after = naive.slice(naive.findIndex((l) => l.lineId === last.lineId) + 1);
          const page2 = accountLedger(w.ctx, account.id, { limit, cursor: page1.nextCursor });
          expect(page2.lines.map((l) => [l.lineId, fixed(l.balance)])).toEqual(after.slice(0, limit).map((l) => [l.lineId, l.balance]));
          expect(fixed(page2.openingBalance)).toBe(naive[naive.length - after.length - 1].balance);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a cursor whose line a rollback took back', () => {
    w.store.restore(seeded);
    postLedgerEntry(w.ctx, {
      date: '2026-09-01',
      lines: [
        { accountId: debitSide.id, debit: 5 },
        { accountId: others[0], credit: 5 },
      ],
      source: null,
    });
    let cursor: string | null = null;
    expect(() =>
      w.store.transaction(() => {
        const undone = postLedgerEntry(w.ctx, {
          date: '2026-09-02',
          lines: [
            { accountId: debitSide.id, debit: 6 },
            { accountId: others[0], credit: 6 },
          ],
          source: null,
        });
        postLedgerEntry(w.ctx, {
          date: '2026-09-03',
          lines: [
            { accountId: debitSide.id, debit: 8 },
            { accountId: others[0], credit: 8 },
          ],
          source: null,
        });
        const lines = accountLedger(w.ctx, debitSide.id, { limit: LEDGER_MAX_LIMIT }).lines;
        cursor = accountLedger(w.ctx, debitSide.id, { limit: lines.findIndex((l) => l.journalEntryId === undone.id) + 1 }).nextCursor;
        throw new Refused('undone');
      }),
    ).toThrow(Refused);
    postLedgerEntry(w.ctx, {
      date: '2026-09-02',
      lines: [
        { accountId: debitSide.id, debit: 7 },
        { accountId: others[0], credit: 7 },
      ],
      source: null,
    });
    expect(cursor).not.toBeNull();
    expect(() => accountLedger(w.ctx, debitSide.id, { cursor: cursor! })).toThrow(/names no line/);
  });
});
