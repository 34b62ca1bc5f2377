import { beforeEach, describe, expect, it } from 'vitest';
import { ValidationError, type Account } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const numbers = (accounts: Account[]) => accounts.map((account) => account.accountNumber);

// Spec document 2, "Chart of accounts" (GET /accounts) and spec document 1, "Pagination", "Filtering and sorting".
describe('accounts.list against the demo chart', () => {
  const { mock, acs, sent } = sandbox();

  beforeEach(() => {
    mock.reset();
    sent.length = 0;
  });

  it('lists only active accounts unless active: false is asked for', async () => {
    const vehicles = await accountByNumber(acs, '1230');
    await acs.accounts.update(vehicles.id, { isActive: false });

    const active = await acs.accounts.list({ limit: 100 });
    expect(active.data.every((account) => account.isActive)).toBe(true);
    expect(numbers(active.data)).not.toContain('1230');

    const inactive = await acs.accounts.list({ active: false });
    expect(numbers(inactive.data)).toEqual(['1230']);
  });

  it('filters by type, category and level', async () => {
    const liabilities = await acs.accounts.list({ type: 'liability', limit: 100 });
    expect(liabilities.data.length).toBeGreaterThan(0);
    expect(liabilities.data.every((account) => account.type === 'liability')).toBe(true);
    expect(numbers(liabilities.data)).toContain('2110');

    const fixed = await acs.accounts.list({ category: 'fixed_asset' });
    expect(numbers(fixed.data)).toEqual(['1200', '1210', '1220', '1230', '1290']);

    const headings = await acs.accounts.list({ level: 1 });
    expect(numbers(headings.data)).toEqual(['1000', '2000', '3000', '4000', '5000', '6000']);
  });

  it('filters with the operator form: accountNumber startswith 11', async () => {
    const page = await acs.accounts.list({ accountNumber: { startswith: '11' } });
    expect(numbers(page.data)).toEqual(['1100', '1110', '1120', '1125', '1130', '1140', '1150', '1180']);
    expect(sent[0].url.search).toContain('accountNumber[startswith]=11');
  });

  it('searches number, name and description, case-insensitively', async () => {
    const page = await acs.accounts.list({ search: 'RECEIVABLE' });
    expect(numbers(page.data)).toEqual(['1130']);
    const byDescription = await acs.accounts.list({ search: 'trade creditors' });
    expect(numbers(byDescription.data)).toEqual(['2110']);
  });

  it('sorts by a declared field in either direction', async () => {
    const descending = await acs.accounts.list({ sort: 'accountNumber:desc', limit: 100 });
    const got = numbers(descending.data);
    expect(got[0]).toBe('6900');
    expect(got).toEqual([...got].sort().reverse());

    const byName = await acs.accounts.list({ sort: 'name', order: 'asc', limit: 100 });
    const names = byName.data.map((account) => account.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('for await with a small limit visits every account exactly once, page by page', async () => {
    const everything = await acs.accounts.list({ limit: 100 });
    const total = everything.total!;
    sent.length = 0;

    const seen: string[] = [];
    for await (const account of acs.accounts.list({ limit: 7 })) seen.push(account.id);

    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual(everything.data.map((account) => account.id));
    expect(sent).toHaveLength(Math.ceil(total / 7));
  });

  it('.pages() yields each page with its pagination, the last one without more', async () => {
    const pages = [];
    for await (const page of acs.accounts.list({ limit: 10 }).pages()) pages.push(page);

    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((page) => page.data.length <= 10)).toBe(true);
    expect(pages.slice(0, -1).every((page) => page.hasMore && page.nextCursor !== null)).toBe(true);
    expect(pages.at(-1)!.hasMore).toBe(false);
    expect(pages.reduce((sum, page) => sum + page.data.length, 0)).toBe(pages[0].total);
  });

  it('toArray({ limit }) stops fetching once it has enough', async () => {
    const first12 = await acs.accounts.list({ limit: 5 }).toArray({ limit: 12 });
    expect(first12).toHaveLength(12);
    expect(sent).toHaveLength(3);
    const all = await acs.accounts.list({ limit: 100 });
    expect(first12.map((a) => a.id)).toEqual(all.data.slice(0, 12).map((a) => a.id));
  });

  it('a cursor stays valid when an account is inserted before it: the next page neither repeats nor skips', async () => {
    const expected = numbers((await acs.accounts.list({ limit: 100 })).data);
    const first = await acs.accounts.list({ limit: 5 });
    expect(numbers(first.data)).toEqual(expected.slice(0, 5));

    await acs.accounts.create({ accountNumber: '1001', name: 'Inserted before the cursor', type: 'asset', category: 'current_asset' });
    const second = await first.getNextPage();
    expect(numbers(second.data)).toEqual(expected.slice(5, 10));
    expect(second.total).toBe(expected.length + 1);
  });

  it('a limit over 100 is refused with ValidationError whose detail is MAX_VALUE', async () => {
    const error = await failureOf(acs.accounts.list({ limit: 101 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'limit', code: 'MAX_VALUE', constraint: 100 }],
    });
  });
});
