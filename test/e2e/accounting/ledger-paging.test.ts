import { beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError, type Account, type LedgerLine } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

let float: Account;

/** 250 posted lines on a fresh account: five entries of 50 lines each, on five dates, debits and credits mixed. */
beforeEach(async () => {
  mock.reset();
  float = await acs.accounts.create({ accountNumber: '1162', name: 'Busy float', type: 'asset', category: 'current_asset' });
  const income = await accountByNumber(acs, '4900');
  for (let day = 0; day < 5; day++) {
    const amounts = Array.from({ length: 50 }, (_, i) => ({
      side: (i % 3 === 2 ? 'credit' : 'debit') as 'debit' | 'credit',
      amount: (100 * (1 + day) + i) / 100,
    }));
    const net = amounts.reduce((sum, a) => sum + Math.round(a.amount * 100) * (a.side === 'debit' ? 1 : -1), 0) / 100;
    const entry = await acs.journalEntries.create({
      date: `2026-0${day + 1}-15`,
      lines: [...amounts.map((a) => ({ accountId: float.id, [a.side]: a.amount })), { accountId: income.id, credit: net }],
    });
    await acs.journalEntries.post(entry.id);
  }
});

const cents = (n: number) => Math.round(n * 100);

describe('the ledger pages with a cursor (ACC-2)', () => {
  it("250 lines at limit 100 read in three pages whose balances continue, with the one-page read's totals", async () => {
    const whole = await acs.accounts.ledger(float.id, { limit: 1000 });
    expect(whole.lines).toHaveLength(250);
    expect(whole).toMatchObject({ hasMore: false, nextCursor: null });

    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await acs.accounts.ledger(float.id, { limit: 100, cursor });
      pages.push(page);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);

    expect(pages.map((p) => p.lines.length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(pages.flatMap((p) => p.lines)).toEqual(whole.lines);
    for (const [i, page] of pages.entries()) {
      // Each page opens where the one before closed; the period's figures are on every page.
      const opening = i === 0 ? whole.openingBalance : pages[i - 1].lines.at(-1)!.balance;
      expect(page.openingBalance).toBe(opening);
      expect(page).toMatchObject({ totalDebit: whole.totalDebit, totalCredit: whole.totalCredit, closingBalance: whole.closingBalance });
    }
    const lines = pages.flatMap((p) => p.lines);
    expect(cents(lines.at(-1)!.balance)).toBe(cents(whole.closingBalance));
    expect(lines.reduce((sum, l) => sum + cents(l.debit), 0)).toBe(cents(whole.totalDebit));
  });

  it("a cursor keeps its date range, and a later page of a dated read opens on the period's lines before it", async () => {
    const first = await acs.accounts.ledger(float.id, { dateFrom: '2026-02-01', dateTo: '2026-04-30', limit: 60 });
    expect(first.openingBalance).toBe((await acs.accounts.ledger(float.id, { dateTo: '2026-01-31' })).closingBalance);
    const second = await acs.accounts.ledger(float.id, {
      dateFrom: '2026-02-01',
      dateTo: '2026-04-30',
      limit: 60,
      cursor: first.nextCursor!,
    });
    expect(second.openingBalance).toBe(first.lines.at(-1)!.balance);
    expect(second.lines[0].date).toBe('2026-03-15');

    const otherRange = await failureOf(acs.accounts.ledger(float.id, { dateFrom: '2026-01-01', limit: 60, cursor: first.nextCursor! }));
    expect(otherRange).toBeInstanceOf(InvalidRequestError);
    expect(otherRange).toMatchObject({ status: 400, code: 'INVALID_REQUEST', details: [{ field: 'cursor' }] });
  });

  it('refuses a cursor of another account, or one written by hand, with 400 INVALID_REQUEST', async () => {
    const page = await acs.accounts.ledger(float.id, { limit: 10 });
    const cash = await accountByNumber(acs, '1120');
    for (const call of [
      acs.accounts.ledger(cash.id, { cursor: page.nextCursor! }),
      acs.accounts.ledger(float.id, { cursor: 'bm90LWEtY3Vyc29y' }),
      acs.accounts.ledger(float.id, { cursor: `${page.nextCursor!.slice(0, -2)}AA` }),
    ]) {
      expect(await failureOf(call)).toMatchObject({ status: 400, code: 'INVALID_REQUEST', details: [{ field: 'cursor' }] });
    }
  });

  it('ledgerPages() walks every page, and the limit may change between pages', async () => {
    const lines: LedgerLine[] = [];
    let count = 0;
    for await (const page of acs.accounts.ledgerPages(float.id, { limit: 100 })) {
      lines.push(...page.lines);
      count++;
    }
    expect(count).toBe(3);
    expect(lines).toEqual((await acs.accounts.ledger(float.id, { limit: 1000 })).lines);

    const first = await acs.accounts.ledger(float.id, { limit: 10 });
    const rest = await acs.accounts.ledger(float.id, { limit: 1000, cursor: first.nextCursor! });
    expect([...first.lines, ...rest.lines]).toEqual(lines);
  });
});
