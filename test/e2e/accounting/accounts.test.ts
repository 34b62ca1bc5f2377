import { beforeEach, describe, expect, it } from 'vitest';
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  UnprocessableEntityError,
  ValidationError,
  type AcsClient,
  type Account,
} from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox, transfer } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

/** Creates a draft entry and posts it, as a user books a transaction. */
async function book(client: AcsClient, date: string, debitAccountId: string, creditAccountId: string, amount: number) {
  const draft = await client.journalEntries.create({ date, lines: transfer(debitAccountId, creditAccountId, amount) });
  return client.journalEntries.post(draft.id);
}

/** `YYYY-MM-DD`, `days` before the mock's today. */
const daysAgo = (days: number) => new Date(Date.parse(`${mock.today()}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe('accounts.retrieve', () => {
  it('returns the balance of the posted lines: debit, credit and net on the normal side', async () => {
    // Seed: cash sale CS-0001 debited 2 160 to 1110; the petty-cash draft PC-0007 is not posted.
    const cash = await accountByNumber(acs, '1110');
    expect((await acs.accounts.retrieve(cash.id)).balance).toEqual({ debit: 2160, credit: 0, net: 2160 });
    // A liability grows on the credit side: EPF and SOCSO withheld on payroll PAY-001.
    const epf = await accountByNumber(acs, '2140');
    expect((await acs.accounts.retrieve(epf.id)).balance).toEqual({ debit: 0, credit: 2160, net: 2160 });
  });

  it('moves the balance when an entry is posted, and not while it is a draft', async () => {
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    const draft = await acs.journalEntries.create({ date: daysAgo(0), lines: transfer(supplies.id, cash.id, 60.25) });
    expect((await acs.accounts.retrieve(cash.id)).balance).toEqual({ debit: 2160, credit: 0, net: 2160 });

    await acs.journalEntries.post(draft.id);
    expect((await acs.accounts.retrieve(cash.id)).balance).toEqual({ debit: 2160, credit: 60.25, net: 2099.75 });
    expect((await acs.accounts.retrieve(supplies.id)).balance).toEqual({ debit: 60.25, credit: 0, net: 60.25 });
  });

  it('an unknown id is a NotFoundError with code ACCOUNT_NOT_FOUND', async () => {
    const error = await failureOf(acs.accounts.retrieve('acc_doesnotexist'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND', details: [{ resource: 'account', id: 'acc_doesnotexist' }] });
  });
});

describe('accounts.create', () => {
  it('creates with 201, under a parent one level deeper, in the company currency with a zero balance', async () => {
    const currentAssets = await accountByNumber(acs, '1100');
    const { data: created, response } = await acs.accounts
      .create({ accountNumber: '1160', name: 'Petty Cash Float', type: 'asset', category: 'current_asset', parentId: currentAssets.id })
      .withResponse();

    expect(response.status).toBe(201);
    expect(created).toMatchObject({
      accountNumber: '1160',
      parentId: currentAssets.id,
      level: currentAssets.level + 1,
      currency: 'MYR',
      isActive: true,
      isSystemAccount: false,
      balance: { debit: 0, credit: 0, net: 0 },
    });
    expect(await acs.accounts.retrieve(created.id)).toEqual(created);
  });

  it('a top-level account is level 1', async () => {
    const created = await acs.accounts.create({
      accountNumber: '7000',
      name: 'Other Expenses',
      type: 'expense',
      category: 'other_expense',
    });
    expect(created).toMatchObject({ parentId: null, level: 1 });
  });

  it('a number already in use is a ConflictError naming the existing account', async () => {
    const cash = await accountByNumber(acs, '1110');
    const error = await failureOf(
      acs.accounts.create({ accountNumber: '1110', name: 'Second cash', type: 'asset', category: 'current_asset' }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      details: [{ field: 'accountNumber', value: '1110', existingId: cash.id }],
    });
    expect((await acs.accounts.retrieve(cash.id)).name).toBe('Cash on Hand');
  });

  it('a category that is not of the type is a ValidationError INVALID_CHOICE on category, and nothing is created', async () => {
    const error = await failureOf(
      acs.accounts.create({ accountNumber: '1170', name: 'Misfiled', type: 'asset', category: 'operating_revenue' }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'category', code: 'INVALID_CHOICE', value: 'operating_revenue' }],
    });
    await expect(accountByNumber(acs, '1170')).rejects.toThrow(/no active account 1170/);
  });

  it('a parent of another type is refused on parentId, and nothing is created', async () => {
    const currentAssets = await accountByNumber(acs, '1100');
    const error = await failureOf(
      acs.accounts.create({
        accountNumber: '6950',
        name: 'Under an asset',
        type: 'expense',
        category: 'operating_expense',
        parentId: currentAssets.id,
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 422, details: [{ field: 'parentId', code: 'INVALID_CHOICE', value: currentAssets.id }] });
    expect((error as ValidationError).message).toBeTruthy();
    await expect(accountByNumber(acs, '6950')).rejects.toThrow(/no active account 6950/);
  });
});

describe('accounts.update', () => {
  it('changes name, description and isActive', async () => {
    const vehicles = await accountByNumber(acs, '1230');
    const renamed = await acs.accounts.update(vehicles.id, { name: 'Motor Vehicles (company cars)', description: 'Two Proton vans' });
    expect(renamed).toMatchObject({ name: 'Motor Vehicles (company cars)', description: 'Two Proton vans', isActive: true });
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(vehicles.updatedAt));

    const switchedOff = await acs.accounts.update(vehicles.id, { isActive: false });
    expect(switchedOff.isActive).toBe(false);
    expect(await acs.accounts.retrieve(vehicles.id)).toEqual(switchedOff);
  });

  it.each([
    ['accountNumber', { accountNumber: '1231' }],
    ['type', { type: 'expense' }],
    ['category', { category: 'current_asset' }],
  ] as const)('changing %s is refused naming the field, and nothing changes', async (field, change) => {
    const vehicles = await accountByNumber(acs, '1230');
    const error = await failureOf(acs.accounts.update(vehicles.id, { name: 'Renamed too', ...change }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({ status: 422, code: 'BUSINESS_RULE_VIOLATION', details: [{ field }] });
    expect((error as BusinessRuleError).message).toContain(field);
    expect(await acs.accounts.retrieve(vehicles.id)).toEqual(vehicles);
  });

  it('sending the current number, type and category back is not a change', async () => {
    const vehicles = await accountByNumber(acs, '1230');
    const { accountNumber, type, category } = vehicles;
    const updated = await acs.accounts.update(vehicles.id, { accountNumber, type, category, name: 'Vehicles' });
    expect(updated.name).toBe('Vehicles');
  });

  it('an unknown id is a NotFoundError with code ACCOUNT_NOT_FOUND', async () => {
    await expect(acs.accounts.update('acc_doesnotexist', { name: 'x' })).rejects.toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
  });
});

describe('accounts.delete', () => {
  it('deletes an unused account, after which it is a 404 ACCOUNT_NOT_FOUND', async () => {
    const scratch = await acs.accounts.create({ accountNumber: '6999', name: 'Scratch', type: 'expense', category: 'operating_expense' });
    expect(await acs.accounts.delete(scratch.id)).toEqual({ id: scratch.id, deleted: true });

    const error = await failureOf(acs.accounts.retrieve(scratch.id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
    await expect(acs.accounts.delete(scratch.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('an account with transactions is refused with 422 ACCOUNT_IN_USE, its count and last date, and is still there', async () => {
    // Seed: warehouse rent RENT-001 (92 days ago) and RENT-002 (61 days ago), both posted.
    const rent = await accountByNumber(acs, '6100');
    const error = await failureOf(acs.accounts.delete(rent.id));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(error).not.toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 422,
      code: 'ACCOUNT_IN_USE',
      details: [{ kind: 'journal_lines', transactionCount: 2, lastTransactionDate: daysAgo(61) }, { kind: 'budget' }],
    }); // the demo budget (REP-77) names rent too
    expect(await acs.accounts.retrieve(rent.id)).toEqual(rent);
  });

  it('a draft line does not make an account in use (ACC-11)', async () => {
    const scratch = await acs.accounts.create({ accountNumber: '6998', name: 'Scratch', type: 'expense', category: 'operating_expense' });
    const cash = await accountByNumber(acs, '1110');
    await acs.journalEntries.create({ date: daysAgo(0), lines: transfer(scratch.id, cash.id, 5) });
    expect(await acs.accounts.delete(scratch.id)).toEqual({ id: scratch.id, deleted: true });
  });
});

describe('accounts.ledger', () => {
  let float: Account;
  let income: Account;

  beforeEach(async () => {
    float = await acs.accounts.create({ accountNumber: '1160', name: 'Petty Cash Float', type: 'asset', category: 'current_asset' });
    income = await acs.accounts.create({ accountNumber: '4950', name: 'Sundry Income', type: 'revenue', category: 'other_revenue' });
    await book(acs, '2026-01-10', float.id, income.id, 100);
    await book(acs, '2026-02-05', float.id, income.id, 40);
    await book(acs, '2026-02-20', income.id, float.id, 15);
    await book(acs, '2026-03-01', float.id, income.id, 5);
  });

  it('opens with the balance before dateFrom, runs a balance per line and closes at dateTo', async () => {
    const ledger = await acs.accounts.ledger(float.id, { dateFrom: '2026-02-01', dateTo: '2026-02-28' });
    expect(ledger).toMatchObject({
      account: { id: float.id, accountNumber: '1160', type: 'asset' },
      dateFrom: '2026-02-01',
      dateTo: '2026-02-28',
      currency: 'MYR',
      openingBalance: 100,
      totalDebit: 40,
      totalCredit: 15,
      closingBalance: 125,
      hasMore: false,
    });
    expect(ledger.lines.map((line) => [line.date, line.debit, line.credit, line.balance])).toEqual([
      ['2026-02-05', 40, 0, 140],
      ['2026-02-20', 0, 15, 125],
    ]);
  });

  it('signs a revenue account on its credit side', async () => {
    const ledger = await acs.accounts.ledger(income.id);
    expect(ledger.openingBalance).toBe(0);
    expect(ledger.lines.map((line) => line.balance)).toEqual([100, 140, 125, 130]);
    expect(ledger.closingBalance).toBe(130);
    expect((await acs.accounts.retrieve(income.id)).balance.net).toBe(130);
  });

  it('limit cuts the lines and says hasMore', async () => {
    const ledger = await acs.accounts.ledger(float.id, { limit: 2 });
    expect(ledger.lines.map((line) => line.balance)).toEqual([100, 140]);
    expect(ledger.hasMore).toBe(true);
    expect(ledger.closingBalance).toBe(130);
  });

  it('an unknown account is a 404 ACCOUNT_NOT_FOUND', async () => {
    await expect(acs.accounts.ledger('acc_doesnotexist')).rejects.toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
  });
});
