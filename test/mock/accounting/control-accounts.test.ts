import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountReferences,
  accountsTable,
  CONTROL_ROLES,
  createAccount,
  createJournalEntry,
  deleteAccount,
  isControlAccount,
  journalEntriesTable,
  postJournalEntry,
  registerAccountReferences,
  updateAccount,
} from '../../../mock-server/domain/accounting/index.js';
import { refusal, world, type World } from '../support/domain.js';

let w: World;
beforeEach(() => {
  w = world();
});

describe('control accounts (ACC-27)', () => {
  it('are receivables, payables, tax payable, inventory, goods received not invoiced and tax recoverable; no other role', () => {
    expect([...CONTROL_ROLES].sort()).toEqual([
      'accounts_payable',
      'accounts_receivable',
      'goods_received_not_invoiced',
      'inventory',
      'tax_payable',
      'tax_recoverable',
    ]);
    const controls = accountsTable(w.ctx)
      .all()
      .filter(isControlAccount)
      .map((a) => a.accountNumber)
      .sort();
    expect(controls).toEqual(['1130', '1140', '1180', '2110', '2120', '2150']);
  });

  it('a draft that somehow holds a control-account line is refused when posted, and stays a draft', () => {
    const entry = createJournalEntry(w.ctx, {
      date: '2026-11-20',
      lines: [
        { accountId: w.account('6500'), debit: 10 },
        { accountId: w.account('1110'), credit: 10 },
      ],
    });
    // As if written before the rule: the second line moved onto tax payable behind the API's back.
    const lines = entry.lines.map((line, i) => (i === 1 ? { ...line, accountId: w.account('2120') } : line));
    w.store.transaction(() => journalEntriesTable(w.ctx).update(entry.id, { lines }));
    const error = refusal(() => postJournalEntry(w.ctx, entry.id));
    expect(error).toMatchObject({ status: 422, code: 'BUSINESS_RULE_VIOLATION' });
    expect(error.details).toEqual([
      expect.objectContaining({
        journalEntryId: entry.id,
        index: 1,
        accountId: w.account('2120'),
        accountNumber: '2120',
        systemRole: 'tax_payable',
      }),
    ]);
    expect(journalEntriesTable(w.ctx).get(entry.id)!.status).toBe('draft');
  });
});

describe('the account reference registry', () => {
  it('asks every registered finder, posting default first; a live reference stops a deactivation, history only a delete', () => {
    const account = createAccount(w.ctx, { accountNumber: '6990', name: 'Registry test', type: 'expense', category: 'operating_expense' });
    registerAccountReferences(w.store, 'contract', (_ctx, a) =>
      a.id === account.id ? [{ kind: 'contract', id: 'ctr_1', number: 'CTR-1', field: 'expenseAccountId', live: false }] : [],
    );
    expect(accountReferences(w.ctx, account)).toEqual([
      { kind: 'contract', id: 'ctr_1', number: 'CTR-1', field: 'expenseAccountId', live: false },
    ]);
    expect(updateAccount(w.ctx, account.id, { isActive: false }).isActive).toBe(false);
    expect(refusal(() => deleteAccount(w.ctx, account.id)).details).toEqual([
      { kind: 'contract', id: 'ctr_1', number: 'CTR-1', field: 'expenseAccountId' },
    ]);

    registerAccountReferences(w.store, 'contract', () => []);
    expect(deleteAccount(w.ctx, account.id)).toEqual({ id: account.id, deleted: true });
  });

  it('lists at most 20 referrers in the details and counts the rest in the message', () => {
    const account = createAccount(w.ctx, { accountNumber: '6991', name: 'Busy', type: 'expense', category: 'operating_expense' });
    registerAccountReferences(w.store, 'contract', () =>
      Array.from({ length: 25 }, (_, i) => ({
        kind: 'contract',
        id: `ctr_${i}`,
        number: `CTR-${i}`,
        field: 'expenseAccountId',
        live: true,
      })),
    );
    const error = refusal(() => updateAccount(w.ctx, account.id, { isActive: false }));
    expect(error.code).toBe('ACCOUNT_IN_USE');
    expect(error.details).toHaveLength(20);
    expect(error.message).toBe(
      'Account 6991 is in use (contract CTR-0, contract CTR-1, contract CTR-2, 22 more) and cannot be deactivated',
    );
  });
});
