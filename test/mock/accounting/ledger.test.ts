import { beforeEach, describe, expect, it } from 'vitest';
import { AccountLedger } from '../../../src/contract/index.js';
import {
  accountLedger,
  createAccount,
  createJournalEntry,
  postJournalEntry,
  postLedgerEntry,
  presentAccount,
  retrieveAccount,
} from '../../../mock-server/domain/accounting/index.js';
import { refusal, world, type World } from '../support/domain.js';

let w: World;
beforeEach(() => {
  w = world();
});

/** Posts `amount` from cash into the account, dated `date`. */
const spend = (accountId: string, amount: number, date: string, reference = 'T') =>
  postLedgerEntry(w.ctx, {
    date,
    reference,
    lines: [
      { accountId, debit: amount },
      { accountId: w.account('1110'), credit: amount },
    ],
    source: null,
  });

describe('an account ledger', () => {
  it('gives the opening balance before dateFrom, a running balance, and the closing balance at dateTo', () => {
    const ledger = accountLedger(w.ctx, w.account('1120'), { dateFrom: '2026-09-01', dateTo: '2026-10-31' });
    expect(AccountLedger.parse(ledger)).toEqual(ledger);
    expect(ledger.openingBalance).toBe(137000);
    expect(ledger.lines.map((l) => [l.date, l.reference, l.debit, l.credit, l.balance])).toEqual([
      ['2026-09-11', 'PAY-000001', 12000, 0, 149000],
      ['2026-09-19', 'PAY-001', 0, 15840, 133160],
      ['2026-09-20', 'RENT-002', 0, 4500, 128660],
      ['2026-10-11', 'TNB-001', 0, 612.35, 128047.65],
      ['2026-10-31', 'TM-001', 0, 338.9, 127708.75],
    ]);
    expect(ledger).toMatchObject({ totalDebit: 12000, totalCredit: 21291.25, closingBalance: 127708.75, hasMore: false, currency: 'MYR' });
  });

  it('signs a credit-normal account by credit minus debit', () => {
    // Opening balance equity: the opening stock counted at the warehouse and at the showroom.
    const ledger = accountLedger(w.ctx, w.account('3900'));
    expect(ledger.lines.map((l) => [l.reference, l.debit, l.credit, l.balance])).toEqual([
      ['ADJ-000001', 0, 32240, 32240],
      ['ADJ-000002', 0, 2440, 34680],
    ]);
    expect(ledger.closingBalance).toBe(34680);
  });

  it('leaves out draft entries', () => {
    const ledger = accountLedger(w.ctx, w.account('6900'));
    expect(ledger.lines).toEqual([]);
    expect(ledger.closingBalance).toBe(0);
  });

  it('keeps a voided entry and its reversal, which cancel out', () => {
    const ledger = accountLedger(w.ctx, w.account('6400'));
    expect(ledger.lines.map((l) => [l.reference, l.debit, l.credit, l.balance])).toEqual([
      ['TM-001', 338.9, 0, 338.9],
      ['VOID-JE-000007', 0, 338.9, 0],
      ['TM-001A', 328.9, 0, 328.9],
    ]);
  });

  it('orders lines by date, a back-dated entry among the older ones, same-day lines in posting order', () => {
    const supplies = w.account('6500');
    spend(supplies, 30, '2026-11-10', 'B');
    spend(supplies, 10, '2026-11-01', 'A');
    spend(supplies, 20, '2026-11-10', 'C');
    expect(accountLedger(w.ctx, supplies).lines.map((l) => [l.reference, l.balance])).toEqual([
      ['A', 10],
      ['B', 40],
      ['C', 60],
    ]);
  });

  it('pages lines with limit and hasMore while the totals and closing balance cover the whole period', () => {
    const supplies = w.account('6500');
    for (let day = 1; day <= 5; day++) spend(supplies, 1.1, `2026-11-0${day}`);
    const ledger = accountLedger(w.ctx, supplies, { dateFrom: '2026-11-02', limit: 2 });
    expect(ledger.openingBalance).toBe(1.1);
    expect(ledger.lines.map((l) => l.balance)).toEqual([2.2, 3.3]);
    expect(ledger).toMatchObject({ hasMore: true, totalDebit: 4.4, closingBalance: 5.5 });
  });

  it('returns 100 lines by default', () => {
    const supplies = w.account('6500');
    for (let i = 0; i < 101; i++) spend(supplies, 1, '2026-11-05');
    const ledger = accountLedger(w.ctx, supplies);
    expect(ledger.lines).toHaveLength(100);
    expect(ledger.hasMore).toBe(true);
    expect(ledger.closingBalance).toBe(101);
  });

  it('equals the account balance at its closing', () => {
    const bank = retrieveAccount(w.ctx, w.account('1120'));
    expect(accountLedger(w.ctx, bank.id, { limit: 1000 }).closingBalance).toBe(presentAccount(w.ctx, bank).balance.net);
  });

  it('refuses a limit above 1000 with 422 MAX_VALUE and below 1 with MIN_VALUE', () => {
    const over = refusal(() => accountLedger(w.ctx, w.account('1120'), { limit: 1001 }));
    expect(over.status).toBe(422);
    expect(over.details[0]).toMatchObject({ field: 'limit', code: 'MAX_VALUE', value: 1001 });
    expect(refusal(() => accountLedger(w.ctx, w.account('1120'), { limit: 0 })).details[0]).toMatchObject({ code: 'MIN_VALUE' });
  });

  it('refuses dateTo before dateFrom with DATE_CONSTRAINT', () => {
    const error = refusal(() => accountLedger(w.ctx, w.account('1120'), { dateFrom: '2026-11-02', dateTo: '2026-11-01' }));
    expect(error.details[0]).toMatchObject({ field: 'dateTo', code: 'DATE_CONSTRAINT' });
  });

  it('answers 404 ACCOUNT_NOT_FOUND for an unknown account', () => {
    const error = refusal(() => accountLedger(w.ctx, 'acc_nope'));
    expect(error.status).toBe(404);
    expect(error.code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('is empty for a new account', () => {
    const account = createAccount(w.ctx, { accountNumber: '1160', name: 'Staff advances', type: 'asset', category: 'current_asset' });
    const draft = createJournalEntry(w.ctx, {
      date: '2026-11-20',
      lines: [
        { accountId: account.id, debit: 500 },
        { accountId: w.account('1110'), credit: 500 },
      ],
    });
    expect(accountLedger(w.ctx, account.id)).toMatchObject({
      lines: [],
      openingBalance: 0,
      closingBalance: 0,
      dateFrom: null,
      dateTo: null,
    });
    postJournalEntry(w.ctx, draft.id);
    expect(accountLedger(w.ctx, account.id).closingBalance).toBe(500);
  });
});
