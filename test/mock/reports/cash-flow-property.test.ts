import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountsTable,
  postedEntriesBetween,
  postedLinesOf,
  postLedgerEntry,
  reverseLedgerEntry,
  type AccountRow,
  type JournalEntryRow,
} from '../../../mock-server/domain/accounting/index.js';
import { cashAccounts, cashFlow, WorkBudget, type ReportContext } from '../../../mock-server/domain/reports/index.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { world } from '../support/domain.js';

// REP-72, the cash-flow invariant: over random books (cash and non-cash entries, depreciation-like
// entries, transfers between cash accounts, voids), the direct and the indirect net change are equal,
// and equal to the change of the cash accounts, for any period.

const w = world();
const seeded = w.store.snapshot();
const ctx: ReportContext = {
  ...w.ctx,
  budget: new WorkBudget(Number.POSITIVE_INFINITY, () => new Error('no limit')),
  generatedBy: 'property test',
};
const active = accountsTable(w.ctx)
  .all()
  .filter((account) => account.isActive);
const cashIds = cashAccounts(w.ctx).map((account) => account.id);
const otherIds = active.map((account) => account.id).filter((id) => !cashIds.includes(id));
expect(cashIds.length).toBeGreaterThanOrEqual(3);

const WINDOW_START = '2026-06-01';
const WINDOW_DAYS = 240;
const day = fc.integer({ min: 0, max: WINDOW_DAYS - 1 }).map((n) => addDays(WINDOW_START, n));
// Cash accounts are one side often enough that entries move cash, and both sides sometimes (a transfer).
const account = fc.oneof(fc.constantFrom(...cashIds), fc.constantFrom(...otherIds));
const side = fc.record({ account, cents: fc.integer({ min: 1, max: 5_000_000 }) });

/** A balanced entry: random debit and credit lines, one line making up the difference; some voided later. */
const entry = fc
  .record({
    debits: fc.array(side, { minLength: 1, maxLength: 3 }),
    credits: fc.array(side, { minLength: 1, maxLength: 3 }),
    balancing: account,
    date: day,
    voidAfter: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
  })
  .map(({ debits, credits, balancing, date, voidAfter }) => {
    const lines = [
      ...debits.map((d) => ({ accountId: d.account, debit: d.cents / 100 })),
      ...credits.map((c) => ({ accountId: c.account, credit: c.cents / 100 })),
    ];
    const difference = debits.reduce((s, d) => s + d.cents, 0) - credits.reduce((s, c) => s + c.cents, 0);
    if (difference > 0) lines.push({ accountId: balancing, credit: difference / 100 });
    if (difference < 0) lines.push({ accountId: balancing, debit: -difference / 100 });
    return { lines, date, voidDate: voidAfter === undefined ? undefined : addDays(date, voidAfter) };
  });

type Section = 'operating' | 'investing' | 'financing';
const byId = new Map(active.map((account) => [account.id, account]));

/** IAS 7.16 and 7.17 read off the chart, apart from the report's own classes. */
function sectionOf(account: AccountRow): Section {
  if (account.systemRole === 'retained_earnings') return 'operating';
  if (account.systemRole === 'opening_balance') return 'financing';
  if (account.category === 'fixed_asset' || account.category === 'other_asset') return 'investing';
  if (['long_term_liability', 'other_liability', 'equity'].includes(account.category)) return 'financing';
  return 'operating';
}

/** Each section's cash from the cash accounts' lines: an entry's cash goes where its largest other line is. */
function sectionsFromCashLines(entries: JournalEntryRow[]): Record<Section, string> & { nonCash: string[] } {
  const sums: Record<Section, money.Amount> = { operating: money.ZERO, investing: money.ZERO, financing: money.ZERO };
  const nonCash: string[] = [];
  for (const entry of entries) {
    const signed = entry.lines.map((line) => ({ account: byId.get(line.accountId)!, amount: money.subtract(line.debit, line.credit) }));
    const cash = money.sum(signed.filter((l) => cashIds.includes(l.account.id)).map((l) => l.amount));
    const others = signed.filter((l) => !cashIds.includes(l.account.id));
    const main = others.reduce<(typeof others)[number] | null>(
      (best, l) => (!best || l.amount.abs().greaterThan(best.amount.abs()) ? l : best),
      null,
    );
    if (!cash.isZero() && main) sums[sectionOf(main.account)] = sums[sectionOf(main.account)].plus(cash);
    const earnings = others.some((l) => l.account.type === 'revenue' || l.account.type === 'expense');
    if (cash.isZero() && !earnings && others.some((l) => sectionOf(l.account) !== 'operating')) nonCash.push(entry.id);
  }
  return {
    operating: money.toFixed(sums.operating),
    investing: money.toFixed(sums.investing),
    financing: money.toFixed(sums.financing),
    nonCash,
  };
}

const period = fc.tuple(day, day).map(([a, b]) => (a <= b ? { periodFrom: a, periodTo: b } : { periodFrom: b, periodTo: a }));

/** The change of the cash accounts read straight from their posted lines, apart from the report. */
function cashLinesBetween(from: string, to: string): string {
  return money.toFixed(
    money.sum(cashIds.flatMap((id) => postedLinesOf(ctx, id, from, to).map((line) => money.subtract(line.debit, line.credit)))),
  );
}

describe('cash flow invariant (REP-72)', () => {
  it('direct net change = indirect net change = closing - opening cash, for random books and periods', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), fc.array(period, { minLength: 1, maxLength: 3 }), (entries, periods) => {
        w.store.restore(seeded);
        for (const e of entries) {
          const posted = postLedgerEntry(w.ctx, { date: e.date, lines: e.lines, source: null });
          if (e.voidDate) reverseLedgerEntry(w.ctx, posted.id, { reason: 'property test', voidDate: e.voidDate });
        }
        for (const range of periods) {
          const direct = cashFlow(ctx, { ...range, method: 'direct' });
          const indirect = cashFlow(ctx, { ...range, method: 'indirect' });
          for (const report of [direct, indirect]) {
            expect(report.reconciliation).toMatchObject({ reconciled: true, difference: 0 });
            const sections = money.sum(Object.values(report.sections).map((section) => section.total));
            expect(money.toFixed(sections)).toBe(money.toFixed(report.netChange));
            expect(money.toFixed(money.subtract(report.closingCash, report.openingCash))).toBe(money.toFixed(report.netChange));
            expect(money.toFixed(money.sum(report.cashAccounts.map((a) => a.change)))).toBe(money.toFixed(report.netChange));
          }
          expect(direct.netChange).toBe(indirect.netChange);
          expect(direct.openingCash).toBe(indirect.openingCash);
          expect(money.toFixed(direct.netChange)).toBe(cashLinesBetween(range.periodFrom, range.periodTo));
        }
      }),
      { numRuns: 60 },
    );
  });

  it("each section of both methods is the cash accounts' lines of its entries, and a non-cash investing or financing entry is listed, not counted (IAS 7.43)", () => {
    let nonCashSeen = 0;
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), period, (entries, range) => {
        w.store.restore(seeded);
        for (const e of entries) {
          const posted = postLedgerEntry(w.ctx, { date: e.date, lines: e.lines, source: null });
          if (e.voidDate) reverseLedgerEntry(w.ctx, posted.id, { reason: 'property test', voidDate: e.voidDate });
        }
        const expected = sectionsFromCashLines(postedEntriesBetween(w.ctx, range.periodFrom, range.periodTo));
        nonCashSeen += expected.nonCash.length;
        for (const method of ['direct', 'indirect'] as const) {
          const report = cashFlow(ctx, { ...range, method });
          for (const name of ['operating', 'investing', 'financing'] as const)
            expect(money.toFixed(report.sections[name].total)).toBe(expected[name]);
          expect(report.nonCashTransactions.map((t) => t.journalEntryId)).toEqual(expected.nonCash);
        }
      }),
      { numRuns: 60 },
    );
    expect(nonCashSeen).toBeGreaterThan(10);
  });

  it('an entry that touches no cash account moves nothing in the direct method, and a transfer between cash accounts nothing in either', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...otherIds),
        fc.constantFrom(...otherIds),
        fc.constantFrom(...cashIds),
        fc.constantFrom(...cashIds),
        day,
        (a, b, c, d, date) => {
          w.store.restore(seeded);
          const range = { periodFrom: date, periodTo: date };
          const before = {
            direct: cashFlow(ctx, { ...range, method: 'direct' }),
            indirect: cashFlow(ctx, { ...range, method: 'indirect' }),
          };
          postLedgerEntry(w.ctx, {
            date,
            lines: [
              { accountId: a, debit: 12.34 },
              { accountId: b, credit: 12.34 },
            ],
            source: null,
          });
          postLedgerEntry(w.ctx, {
            date,
            lines: [
              { accountId: c, debit: 56.78 },
              { accountId: d, credit: 56.78 },
            ],
            source: null,
          });
          const direct = cashFlow(ctx, { ...range, method: 'direct' });
          expect(direct.sections).toEqual(before.direct.sections);
          expect(cashFlow(ctx, { ...range, method: 'indirect' }).netChange).toBe(before.indirect.netChange);
        },
      ),
      { numRuns: 30 },
    );
  });
});
