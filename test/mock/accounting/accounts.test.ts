import { beforeEach, describe, expect, it } from 'vitest';
import { Account } from '../../../src/contract/index.js';
import {
  accountMatches,
  accountsTable,
  createAccount,
  createJournalEntry,
  deleteAccount,
  postJournalEntry,
  presentAccount,
  retrieveAccount,
  updateAccount,
} from '../../../mock-server/domain/accounting/index.js';
import { refusal, world, type World } from '../support/domain.js';

let w: World;
beforeEach(() => {
  w = world();
});

const newExpense = (overrides: Partial<Parameters<typeof createAccount>[1]> = {}) =>
  createAccount(w.ctx, {
    accountNumber: '6950',
    name: 'Training',
    type: 'expense',
    category: 'operating_expense',
    parentId: w.account('6000'),
    ...overrides,
  });

describe('creating an account', () => {
  it('places a child one level below its parent, in the company currency, active', () => {
    const account = newExpense();
    expect(account).toMatchObject({ parentId: w.account('6000'), level: 2, currency: 'MYR', isActive: true, isSystemAccount: false });
    const child = createAccount(w.ctx, {
      accountNumber: '6951',
      name: 'Courses',
      type: 'expense',
      category: 'operating_expense',
      parentId: account.id,
    });
    expect(child.level).toBe(3);
    expect(createAccount(w.ctx, { accountNumber: '7000', name: 'Other', type: 'expense', category: 'other_expense' }).level).toBe(1);
  });

  it('presents the account in the wire shape with a zero balance', () => {
    const presented = presentAccount(w.ctx, newExpense());
    expect(Account.parse(presented)).toEqual(presented);
    expect(presented.balance).toEqual({ debit: 0, credit: 0, net: 0 });
    expect(presented).not.toHaveProperty('systemRole');
  });

  it('refuses a duplicate account number with 409 CONFLICT naming the existing account', () => {
    const error = refusal(() => newExpense({ accountNumber: '6100' }));
    expect(error.status).toBe(409);
    expect(error.code).toBe('CONFLICT');
    expect(error.details).toEqual([{ resource: 'account', field: 'accountNumber', value: '6100', existingId: w.account('6100') }]);
  });

  it('refuses a parent of another type on parentId', () => {
    const error = refusal(() => newExpense({ parentId: w.account('1100') }));
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details[0]).toMatchObject({ field: 'parentId', code: 'INVALID_CHOICE', constraint: { type: 'expense' } });
  });

  it('refuses an unknown parent on parentId', () => {
    const error = refusal(() => newExpense({ parentId: 'acc_missing' }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details[0]).toMatchObject({ field: 'parentId', value: 'acc_missing' });
  });

  it('refuses an active child under an inactive parent, but takes an inactive one', () => {
    const parent = createAccount(w.ctx, {
      accountNumber: '6990',
      name: 'Old costs',
      type: 'expense',
      category: 'operating_expense',
      isActive: false,
    });
    expect(refusal(() => newExpense({ parentId: parent.id })).details[0]).toMatchObject({ field: 'parentId' });
    expect(newExpense({ parentId: parent.id, isActive: false }).level).toBe(2);
  });

  it('refuses a category that does not belong to the type', () => {
    const error = refusal(() => newExpense({ category: 'current_asset' }));
    expect(error.details[0]).toMatchObject({ field: 'category', code: 'INVALID_CHOICE' });
  });

  it('writes nothing when refused', () => {
    const before = accountsTable(w.ctx).size;
    refusal(() => newExpense({ accountNumber: '6100' }));
    expect(accountsTable(w.ctx).size).toBe(before);
  });
});

describe('updating an account', () => {
  it('renames an account and moves updatedAt', () => {
    const account = newExpense();
    w.clock.advance({ minutes: 5 });
    const renamed = updateAccount(w.ctx, account.id, { name: 'Staff training', description: 'HRDF claimable' });
    expect(renamed).toMatchObject({ name: 'Staff training', description: 'HRDF claimable' });
    expect(renamed.updatedAt > account.updatedAt).toBe(true);
    expect(retrieveAccount(w.ctx, account.id).name).toBe('Staff training');
  });

  it('refuses a change of accountNumber, type or category naming each field with its current value', () => {
    const id = w.account('6100');
    const error = refusal(() => updateAccount(w.ctx, id, { name: 'Office rent', accountNumber: '6101', category: 'other_expense' }));
    expect(error.status).toBe(422);
    expect(error.code).toBe('BUSINESS_RULE_VIOLATION');
    expect(error.details).toEqual([
      { rule: 'accountNumber of an account cannot change', field: 'accountNumber', value: '6101', currentValue: '6100' },
      { rule: 'category of an account cannot change', field: 'category', value: 'other_expense', currentValue: 'operating_expense' },
    ]);
    expect(retrieveAccount(w.ctx, id).name).toBe('Rent');
  });

  it('accepts the current values of the immutable fields sent back unchanged', () => {
    const id = w.account('6100');
    const updated = updateAccount(w.ctx, id, {
      name: 'Office rent',
      accountNumber: '6100',
      type: 'expense',
      category: 'operating_expense',
    });
    expect(updated.name).toBe('Office rent');
  });

  it('refuses to deactivate a parent with active children until they are inactive', () => {
    const parent = newExpense();
    const child = createAccount(w.ctx, {
      accountNumber: '6951',
      name: 'Courses',
      type: 'expense',
      category: 'operating_expense',
      parentId: parent.id,
    });
    const error = refusal(() => updateAccount(w.ctx, parent.id, { isActive: false }));
    expect(error.code).toBe('BUSINESS_RULE_VIOLATION');
    expect(error.details[0]).toMatchObject({ rule: 'an account with active child accounts cannot be deactivated', activeChildCount: 1 });
    updateAccount(w.ctx, child.id, { isActive: false });
    expect(updateAccount(w.ctx, parent.id, { isActive: false }).isActive).toBe(false);
  });

  it('refuses to reactivate a child while its parent is inactive', () => {
    const parent = newExpense();
    const child = createAccount(w.ctx, {
      accountNumber: '6951',
      name: 'Courses',
      type: 'expense',
      category: 'operating_expense',
      parentId: parent.id,
    });
    updateAccount(w.ctx, child.id, { isActive: false });
    updateAccount(w.ctx, parent.id, { isActive: false });
    expect(refusal(() => updateAccount(w.ctx, child.id, { isActive: true })).details[0].rule).toBe(
      'an account under an inactive parent cannot be activated',
    );
  });

  it('refuses to deactivate a system account', () => {
    const error = refusal(() => updateAccount(w.ctx, w.account('1130'), { isActive: false }));
    expect(error.details[0].rule).toBe('a system account cannot be deactivated');
  });

  it('answers 404 ACCOUNT_NOT_FOUND for an unknown id', () => {
    const error = refusal(() => updateAccount(w.ctx, 'acc_nope', { name: 'x' }));
    expect(error.status).toBe(404);
    expect(error.code).toBe('ACCOUNT_NOT_FOUND');
    expect(error.details).toEqual([{ resource: 'account', id: 'acc_nope', field: 'accountId' }]);
  });
});

describe('deleting an account', () => {
  it('deletes an unused leaf account, which is then not found', () => {
    const account = newExpense();
    expect(deleteAccount(w.ctx, account.id)).toEqual({ id: account.id, deleted: true });
    expect(refusal(() => retrieveAccount(w.ctx, account.id)).code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('refuses an account with posted lines with ACCOUNT_IN_USE, count and last date', () => {
    const error = refusal(() => deleteAccount(w.ctx, w.account('6100')));
    expect(error.status).toBe(422);
    expect(error.code).toBe('ACCOUNT_IN_USE');
    // The demo budget (REP-77) names rent too.
    expect(error.details).toEqual([
      { kind: 'journal_lines', transactionCount: 2, lastTransactionDate: '2026-09-20' },
      expect.objectContaining({ kind: 'budget' }),
    ]);
  });

  it('deletes an account used only by a draft entry (ACC-11: a draft does not make it in use)', () => {
    const account = newExpense();
    createJournalEntry(w.ctx, {
      date: '2026-11-20',
      lines: [
        { accountId: account.id, debit: 800 },
        { accountId: w.account('1110'), credit: 800 },
      ],
    });
    expect(deleteAccount(w.ctx, account.id)).toEqual({ id: account.id, deleted: true });
  });

  it('refuses a system account', () => {
    const error = refusal(() => deleteAccount(w.ctx, w.account('3200')));
    expect(error.code).toBe('BUSINESS_RULE_VIOLATION');
    expect(error.details[0]).toMatchObject({ rule: 'a system account cannot be deleted', accountNumber: '3200' });
  });

  it('refuses a parent that has child accounts', () => {
    const error = refusal(() => deleteAccount(w.ctx, w.account('1200')));
    expect(error.code).toBe('BUSINESS_RULE_VIOLATION');
    expect(error.details[0]).toMatchObject({ rule: 'an account with child accounts cannot be deleted', childCount: 4 });
  });
});

describe('account balances', () => {
  it('come from posted lines only, net signed by the normal side', () => {
    const expense = newExpense();
    const loan = w.account('2210');
    const draft = createJournalEntry(w.ctx, {
      date: '2026-11-20',
      lines: [
        { accountId: expense.id, debit: 1200.5 },
        { accountId: loan, credit: 1200.5 },
      ],
    });
    expect(presentAccount(w.ctx, expense).balance).toEqual({ debit: 0, credit: 0, net: 0 });
    postJournalEntry(w.ctx, draft.id);
    expect(presentAccount(w.ctx, expense).balance).toEqual({ debit: 1200.5, credit: 0, net: 1200.5 });
    expect(presentAccount(w.ctx, retrieveAccount(w.ctx, loan)).balance).toEqual({ debit: 0, credit: 1200.5, net: 1200.5 });
  });

  it('go negative when an account runs against its normal side', () => {
    const revenue = w.account('4900');
    postJournalEntry(
      w.ctx,
      createJournalEntry(w.ctx, {
        date: '2026-11-20',
        lines: [
          { accountId: revenue, debit: 50 },
          { accountId: w.account('1110'), credit: 50 },
        ],
      }).id,
    );
    expect(presentAccount(w.ctx, retrieveAccount(w.ctx, revenue)).balance.net).toBe(-50);
  });
});

describe('the account list filter', () => {
  const numbers = (filters: Parameters<typeof accountMatches>[0]) =>
    accountsTable(w.ctx)
      .all()
      .filter(accountMatches(filters))
      .map((a) => a.accountNumber);

  it('shows active accounts unless asked for inactive ones', () => {
    updateAccount(w.ctx, w.account('1290'), { isActive: false });
    expect(numbers({})).not.toContain('1290');
    expect(numbers({ active: false })).toEqual(['1290']);
  });

  it('filters by type, category, level and parent', () => {
    expect(numbers({ type: 'equity' })).toEqual(['3000', '3100', '3200', '3900']);
    expect(numbers({ category: 'long_term_liability' })).toEqual(['2200', '2210']);
    expect(numbers({ level: 1 })).toEqual(['1000', '2000', '3000', '4000', '5000', '6000']);
    expect(numbers({ parentId: w.account('1200') })).toEqual(['1210', '1220', '1230', '1290']);
  });
});
