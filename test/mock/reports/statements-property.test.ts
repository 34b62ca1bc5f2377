import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountsTable, postLedgerEntry, reverseLedgerEntry } from '../../../mock-server/domain/accounting/index.js';
import {
  balanceSheet,
  balanceSheetTotals,
  profitAndLossTotals,
  profitLoss,
  type ReportContext,
  trialBalance,
  WorkBudget,
} from '../../../mock-server/domain/reports/index.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import type { BalanceSheetReport } from '../../../src/contract/index.js';
import { world } from '../support/domain.js';

// The statements' invariants (REP-22 to REP-33) over random books (balanced entries over random accounts
// and dates across two fiscal years, some voided), on top of the demo seed.

const w = world();
const seeded = w.store.snapshot();
const retainedEarnings = w.account('3200');
// Lines straight to retained earnings would move equity without being income: the earnings property
// is about income, so the random books leave that one account alone.
const accountIds = accountsTable(w.ctx)
  .all()
  .filter((a) => a.isActive && a.id !== retainedEarnings)
  .map((a) => a.id);

const FIRST_DAY = '2024-10-01';
const LAST_DAY = '2026-11-20';
const SPAN = 781; // days from FIRST_DAY to LAST_DAY
const date = fc.integer({ min: 0, max: SPAN }).map((n) => addDays(FIRST_DAY, n));

const cents = fc.integer({ min: 1, max: 5_000_000 });
const side = fc.record({ account: fc.constantFrom(...accountIds), cents });

/** A balanced entry on a random date; some are voided on a later date. */
const entry = fc
  .record({
    debits: fc.array(side, { minLength: 1, maxLength: 3 }),
    credits: fc.array(side, { minLength: 1, maxLength: 3 }),
    balancing: fc.constantFrom(...accountIds),
    day: fc.integer({ min: 0, max: SPAN }),
    voidAfter: fc.option(fc.integer({ min: 0, max: 200 }), { freq: 3 }),
  })
  .map(({ debits, credits, balancing, day, voidAfter }) => {
    const lines = [
      ...debits.map((d) => ({ accountId: d.account, debit: d.cents / 100 })),
      ...credits.map((c) => ({ accountId: c.account, credit: c.cents / 100 })),
    ];
    const difference = debits.reduce((s, d) => s + d.cents, 0) - credits.reduce((s, c) => s + c.cents, 0);
    if (difference > 0) lines.push({ accountId: balancing, credit: difference / 100 });
    if (difference < 0) lines.push({ accountId: balancing, debit: -difference / 100 });
    const entryDate = addDays(FIRST_DAY, day);
    const voidDate = voidAfter === null ? null : addDays(entryDate, voidAfter);
    return { lines, date: entryDate, voidDate: voidDate !== null && voidDate <= LAST_DAY ? voidDate : null };
  });
const books = fc.array(entry, { maxLength: 20 });
type Entry = typeof entry extends fc.Arbitrary<infer T> ? T : never;

function postAll(entries: Entry[]): void {
  w.store.restore(seeded);
  for (const e of entries) {
    const posted = postLedgerEntry(w.ctx, { date: e.date, lines: e.lines, source: null });
    if (e.voidDate) reverseLedgerEntry(w.ctx, posted.id, { reason: 'property test', voidDate: e.voidDate });
  }
}

const reportCtx = (): ReportContext => ({
  ...w.ctx,
  budget: new WorkBudget(Number.POSITIVE_INFINITY, () => new Error('unbounded')),
  generatedBy: 'property test',
});
const fixed = (value: money.AmountInput) => money.toFixed(value);

/** Retained earnings (with earlier years' net income) plus current year earnings, as the sheet shows them. */
function earnings(report: BalanceSheetReport): string {
  const rows = report.sections.equity.accounts.filter((a) => a.accountId === retainedEarnings || a.accountId === null);
  return fixed(money.sum(rows.map((a) => a.balance)));
}

describe('financial statement properties (REP-22 to REP-33)', () => {
  it('the balance sheet balances on every date, and its totals are the trial balance totals by account type', () => {
    fc.assert(
      fc.property(books, fc.array(date, { minLength: 1, maxLength: 3 }), (entries, dates) => {
        postAll(entries);
        for (const asOfDate of dates) {
          const sheet = balanceSheet(reportCtx(), { asOfDate });
          expect(sheet.balanceCheck).toMatchObject({ balanced: true, difference: 0 });
          const byType = new Map(
            trialBalance(reportCtx(), { asOfDate }).byType.map((t) => [t.accountType, money.parse(t.debit).minus(t.credit)]),
          );
          const debitNet = (type: string) => byType.get(type) ?? money.ZERO;
          expect(fixed(sheet.sections.assets.total)).toBe(fixed(debitNet('asset')));
          expect(fixed(sheet.sections.liabilities.total)).toBe(fixed(debitNet('liability').negated()));
          const equity = debitNet('equity').plus(debitNet('revenue')).plus(debitNet('expense')).negated();
          expect(fixed(sheet.sections.equity.total)).toBe(fixed(equity));
          const totals = balanceSheetTotals(w.ctx, asOfDate);
          expect([fixed(totals.totalAssets), fixed(totals.totalLiabilitiesAndEquity)]).toEqual([
            fixed(sheet.balanceCheck.totalAssets),
            fixed(sheet.balanceCheck.totalLiabilitiesAndEquity),
          ]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("the profit and loss's net income for a period is the change in retained plus current year earnings from the day before it to its end", () => {
    fc.assert(
      fc.property(books, date, date, fc.constantFrom(undefined, 'month', 'quarter', 'year'), (entries, a, b, groupBy) => {
        postAll(entries);
        const [fromDate, toDate] = a <= b ? [a, b] : [b, a];
        const pl = profitLoss(reportCtx(), { fromDate, toDate, groupBy });
        const before = balanceSheet(reportCtx(), { asOfDate: addDays(fromDate, -1) });
        const after = balanceSheet(reportCtx(), { asOfDate: toDate });
        expect(fixed(pl.netIncome.total)).toBe(fixed(money.parse(earnings(after)).minus(earnings(before))));
        expect(fixed(profitAndLossTotals(w.ctx, fromDate, toDate).netIncome)).toBe(fixed(pl.netIncome.total));
        // The columns split the period: they add up to every line's total.
        for (const line of [pl.sections.revenue, pl.sections.costOfSales, pl.sections.operatingExpenses, pl.grossProfit, pl.netIncome]) {
          expect(fixed(money.sum(line.amounts))).toBe(fixed(line.total));
        }
        expect(pl.columns[0]!.fromDate).toBe(fromDate);
        expect(pl.columns.at(-1)!.toDate).toBe(toDate);
      }),
      { numRuns: 40 },
    );
  });

  it('comparative figures are those of a separate run at the compare date or over the compare period', () => {
    fc.assert(
      fc.property(books, date, date, date, (entries, asOfDate, compareFrom, compareTo) => {
        postAll(entries);
        const compareToDate = compareFrom <= compareTo ? compareTo : compareFrom;
        const compareFromDate = compareFrom <= compareTo ? compareFrom : compareTo;
        const sheet = balanceSheet(reportCtx(), { asOfDate, comparativePeriod: 'custom', compareToDate });
        const then = balanceSheet(reportCtx(), { asOfDate: compareToDate });
        expect(sheet.balanceCheck.balanced).toBe(true);
        expect(sheet.sections.assets.comparativeTotal).toBe(then.sections.assets.total);
        expect(fixed(sheet.sections.liabilities.comparativeTotal! + sheet.sections.equity.comparativeTotal!)).toBe(
          fixed(then.balanceCheck.totalLiabilitiesAndEquity),
        );
        const thenBalances = new Map(
          [...Object.values(then.sections.assets), ...Object.values(then.sections.liabilities), then.sections.equity]
            .flatMap((g) => (typeof g === 'object' && g && 'accounts' in g ? g.accounts : []))
            .map((a) => [a.accountId ?? a.accountName, a.balance]),
        );
        for (const group of [
          sheet.sections.assets.currentAssets,
          sheet.sections.assets.nonCurrentAssets,
          sheet.sections.liabilities.currentLiabilities,
          sheet.sections.equity,
        ]) {
          for (const a of group.accounts) expect(a.comparativeBalance).toBe(thenBalances.get(a.accountId ?? a.accountName) ?? 0);
        }
        const pl = profitLoss(reportCtx(), {
          fromDate: asOfDate,
          toDate: asOfDate,
          comparativePeriod: 'custom',
          compareFromDate,
          compareToDate,
        });
        const over = profitLoss(reportCtx(), { fromDate: compareFromDate, toDate: compareToDate });
        expect(pl.netIncome.comparativeTotal).toBe(over.netIncome.total);
        expect(pl.sections.costOfSales.comparativeTotal).toBe(over.sections.costOfSales.total);
        expect(
          pl.sections.revenue.accounts.filter((a) => a.comparativeAmount !== 0).map((a) => [a.accountId, a.comparativeAmount]),
        ).toEqual(over.sections.revenue.accounts.filter((a) => a.amount !== 0).map((a) => [a.accountId, a.amount]));
      }),
      { numRuns: 40 },
    );
  });
});
