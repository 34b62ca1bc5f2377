import { beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../../src/index.js';
import { accountByNumber, sandbox, transfer } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const cents = (n: number) => Math.round(n * 100);

describe('a parent account shows the roll-up of its children (ACC-14)', () => {
  it("rollup is the account's own totals plus every descendant's, net on the parent's normal side", async () => {
    const accounts = (await acs.accounts.list({ limit: 100 })).data;
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const descendantsOf = (parent: Account): Account[] =>
      accounts.filter((a) => a.parentId === parent.id).flatMap((child) => [child, ...descendantsOf(child)]);
    for (const account of accounts) {
      const subtree = [account, ...descendantsOf(account)];
      const debit = subtree.reduce((sum, a) => sum + cents(a.balance.debit), 0);
      const credit = subtree.reduce((sum, a) => sum + cents(a.balance.credit), 0);
      expect([cents(account.rollup.debit), cents(account.rollup.credit)], account.accountNumber).toEqual([debit, credit]);
      const normal = account.type === 'asset' || account.type === 'expense' ? debit - credit : credit - debit;
      expect(cents(account.rollup.net), account.accountNumber).toBe(normal);
    }
    expect(byId.size).toBe(accounts.length);
  });

  it("a leaf's roll-up equals its balance; a posting moves every ancestor's roll-up", async () => {
    const [assets, current, cash, supplies, expenses] = await Promise.all(
      ['1000', '1100', '1110', '6500', '6000'].map((n) => accountByNumber(acs, n)),
    );
    expect(cash.rollup).toEqual(cash.balance);
    const entry = await acs.journalEntries.create({ date: mock.today(), lines: transfer(supplies.id, cash.id, 12.34) });
    await acs.journalEntries.post(entry.id);

    const rollupNow = async (a: Account) => (await acs.accounts.retrieve(a.id)).rollup;
    expect(cents((await rollupNow(current)).net)).toBe(cents(current.rollup.net) - 1234);
    expect(cents((await rollupNow(assets)).net)).toBe(cents(assets.rollup.net) - 1234);
    expect(cents((await rollupNow(expenses)).net)).toBe(cents(expenses.rollup.net) + 1234);
    // The parent's own balance does not move: it has no lines of its own.
    expect((await acs.accounts.retrieve(current.id)).balance).toEqual(current.balance);
  });

  it("an inactive child still counts in its parent's roll-up", async () => {
    const [fixed, equipment] = await Promise.all(['1200', '1210'].map((n) => accountByNumber(acs, n)));
    const furniture = await accountByNumber(acs, '1220');
    await acs.accounts.update(furniture.id, { isActive: false });
    expect((await acs.accounts.retrieve(fixed.id)).rollup).toEqual(fixed.rollup);
    expect(fixed.rollup.debit).toBeGreaterThanOrEqual(equipment.balance.debit);
  });
});
