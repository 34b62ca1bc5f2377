import { beforeEach, describe, expect, it } from 'vitest';
import {
  type AcsError,
  BusinessRuleError,
  InvalidRequestError,
  NotFoundError,
  ValidationError,
  type Account,
  type JournalEntryCreateParams,
} from '../../../src/index.js';
import { accountByNumber, failureOf, journalEntryCount, journalSequence, sandbox, transfer } from '../../support/sandbox.js';

const { mock, acs } = sandbox();
let cash: Account;
let bank: Account;
let supplies: Account;

beforeEach(async () => {
  mock.reset();
  cash = await accountByNumber(acs, '1110');
  bank = await accountByNumber(acs, '1120');
  supplies = await accountByNumber(acs, '6500');
});

describe('journalEntries.create', () => {
  it('creates a draft with the next journal number, its totals and its lines named', async () => {
    const { data: entry, response } = await acs.journalEntries
      .create({ date: '2026-03-15', reference: 'PC-0100', description: 'Stationery', lines: transfer(supplies.id, cash.id, 84.3) })
      .withResponse();

    expect(response.status).toBe(201);
    expect(entry).toMatchObject({
      date: '2026-03-15',
      reference: 'PC-0100',
      description: 'Stationery',
      status: 'draft',
      totalDebit: 84.3,
      totalCredit: 84.3,
      postedAt: null,
      reversedByEntryId: null,
      source: null,
    });
    expect(entry.journalNumber).toMatch(/^JE-\d{6}$/);
    expect(entry.lines).toMatchObject([
      { accountId: supplies.id, accountNumber: '6500', accountName: 'Office Supplies', debit: 84.3, credit: 0 },
      { accountId: cash.id, accountNumber: '1110', accountName: 'Cash on Hand', debit: 0, credit: 84.3 },
    ]);
    expect(await acs.journalEntries.retrieve(entry.id)).toEqual(entry);
  });

  it('numbers entries one after another', async () => {
    const first = await acs.journalEntries.create({ date: '2026-03-15', lines: transfer(supplies.id, cash.id, 1) });
    const second = await acs.journalEntries.create({ date: '2026-03-16', lines: transfer(supplies.id, cash.id, 2) });
    expect(journalSequence(second.journalNumber)).toBe(journalSequence(first.journalNumber) + 1);
  });

  it('0.10 + 0.20 debited against 0.30 credited balances exactly', async () => {
    const entry = await acs.journalEntries.create({
      date: '2026-03-15',
      lines: [
        { accountId: supplies.id, debit: 0.1 },
        { accountId: supplies.id, debit: 0.2 },
        { accountId: cash.id, credit: 0.3 },
      ],
    });
    expect(entry).toMatchObject({ totalDebit: 0.3, totalCredit: 0.3 });
    await acs.journalEntries.post(entry.id);
    expect((await acs.accounts.retrieve(supplies.id)).balance).toEqual({ debit: 0.3, credit: 0, net: 0.3 });
  });

  // Each refusal is checked for its error and for having written nothing: no entry, no journal number used.
  const refusals: [string, () => JournalEntryCreateParams, (error: unknown) => void][] = [
    [
      'an unbalanced entry is InvalidRequestError 400 INVALID_JOURNAL_ENTRY on lines',
      () => ({
        date: '2026-03-15',
        lines: [
          { accountId: supplies.id, debit: 100 },
          { accountId: cash.id, credit: 99.99 },
        ],
      }),
      (error) => {
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect(error).toMatchObject({
          status: 400,
          code: 'INVALID_JOURNAL_ENTRY',
          details: [{ field: 'lines', code: 'UNBALANCED', totalDebit: 100, totalCredit: 99.99 }],
        });
        expect((error as AcsError).message).toMatch(/100\.00.*99\.99/);
      },
    ],
    [
      'an entry with one line is refused',
      () => ({ date: '2026-03-15', lines: [{ accountId: supplies.id, debit: 10 }] }),
      (error) => {
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect(error).toMatchObject({ status: 400, code: 'INVALID_JOURNAL_ENTRY', details: [{ field: 'lines', code: 'TOO_FEW_LINES' }] });
      },
    ],
    [
      'a line with both a debit and a credit is refused',
      () => ({
        date: '2026-03-15',
        lines: [
          { accountId: supplies.id, debit: 10, credit: 5 },
          { accountId: cash.id, credit: 5 },
        ],
      }),
      (error) => {
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect(error).toMatchObject({ code: 'INVALID_JOURNAL_ENTRY', details: [{ field: 'lines', code: 'DEBIT_AND_CREDIT', index: 0 }] });
      },
    ],
    [
      'an amount with three decimals is ValidationError INVALID_FORMAT',
      () => ({
        date: '2026-03-15',
        lines: [
          { accountId: supplies.id, debit: 10.005 },
          { accountId: cash.id, credit: 10.005 },
        ],
      }),
      (error) => {
        expect(error).toBeInstanceOf(ValidationError);
        expect(error).toMatchObject({ status: 422, code: 'VALIDATION_ERROR' });
        expect((error as ValidationError).details).toMatchObject([
          { field: 'lines.0.debit', code: 'INVALID_FORMAT', value: 10.005 },
          { field: 'lines.1.credit', code: 'INVALID_FORMAT', value: 10.005 },
        ]);
      },
    ],
    [
      'a line on an unknown account is refused naming the account',
      () => ({
        date: '2026-03-15',
        lines: [
          { accountId: 'acc_doesnotexist', debit: 10 },
          { accountId: cash.id, credit: 10 },
        ],
      }),
      (error) => {
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect(error).toMatchObject({
          code: 'INVALID_JOURNAL_ENTRY',
          details: [{ field: 'lines', code: 'ACCOUNT_NOT_FOUND', index: 0, accountId: 'acc_doesnotexist' }],
        });
      },
    ],
  ];

  it.each(refusals)('%s, and nothing is written', async (_name, body, check) => {
    const before = await acs.journalEntries.create({ date: '2026-03-14', lines: transfer(supplies.id, cash.id, 1) });
    const countBefore = await journalEntryCount(acs);
    const cashBefore = await acs.accounts.retrieve(cash.id);

    check(await failureOf(acs.journalEntries.create(body())));

    expect(await journalEntryCount(acs)).toBe(countBefore);
    expect(await acs.accounts.retrieve(cash.id)).toEqual(cashBefore);
    const after = await acs.journalEntries.create({ date: '2026-03-16', lines: transfer(supplies.id, cash.id, 1) });
    expect(journalSequence(after.journalNumber)).toBe(journalSequence(before.journalNumber) + 1);
  });
});

describe('journalEntries.post', () => {
  it('posts a draft: status posted, postedAt set, balances moved', async () => {
    const draft = await acs.journalEntries.create({ date: '2026-03-15', lines: transfer(supplies.id, bank.id, 250) });
    const bankBefore = (await acs.accounts.retrieve(bank.id)).balance;

    const posted = await acs.journalEntries.post(draft.id);
    expect(posted).toMatchObject({ id: draft.id, status: 'posted', journalNumber: draft.journalNumber });
    expect(posted.postedAt).not.toBeNull();
    expect(Date.parse(posted.postedAt!)).toBeGreaterThanOrEqual(Date.parse(draft.createdAt));
    // Seed: nothing posted to office supplies yet (the petty-cash PC-0007 is a draft).
    expect((await acs.accounts.retrieve(supplies.id)).balance).toEqual({ debit: 250, credit: 0, net: 250 });
    expect((await acs.accounts.retrieve(bank.id)).balance.credit).toBeCloseTo(bankBefore.credit + 250, 2);
  });

  it('posting twice is a BusinessRuleError naming the rule, and the balance moves once', async () => {
    const draft = await acs.journalEntries.create({ date: '2026-03-15', lines: transfer(supplies.id, cash.id, 12) });
    await acs.journalEntries.post(draft.id);

    const error = await failureOf(acs.journalEntries.post(draft.id));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({
      status: 422,
      code: 'BUSINESS_RULE_VIOLATION',
      details: [{ rule: 'only a draft entry can be posted', status: 'posted', allowedStatuses: ['draft'] }],
    });
    expect((error as BusinessRuleError).message).toBe('only a draft entry can be posted');
    expect((await acs.accounts.retrieve(supplies.id)).balance.debit).toBe(12);
  });
});

describe('journalEntries.void', () => {
  it('voids a posted entry: the original is void and points to a posted reversing entry with swapped lines', async () => {
    const suppliesBefore = (await acs.accounts.retrieve(supplies.id)).balance;
    const cashBefore = (await acs.accounts.retrieve(cash.id)).balance;
    const draft = await acs.journalEntries.create({
      date: '2026-03-15',
      lines: [
        { accountId: supplies.id, debit: 45.5, description: 'Toner' },
        { accountId: cash.id, credit: 45.5 },
      ],
    });
    await acs.journalEntries.post(draft.id);

    const voided = await acs.journalEntries.void(draft.id, { reason: 'Bought on the company card, not cash', voidDate: '2026-03-20' });
    expect(voided).toMatchObject({
      id: draft.id,
      status: 'void',
      voidDate: '2026-03-20',
      voidReason: 'Bought on the company card, not cash',
    });
    expect(voided.voidedAt).not.toBeNull();
    expect(voided.reversedByEntryId).toEqual(expect.any(String));

    const reversal = await acs.journalEntries.retrieve(voided.reversedByEntryId!);
    expect(reversal).toMatchObject({
      status: 'posted',
      date: '2026-03-20',
      reversalOfEntryId: draft.id,
      totalDebit: 45.5,
      totalCredit: 45.5,
    });
    expect(reversal.postedAt).not.toBeNull();
    expect(reversal.lines.map(({ accountId, debit, credit }) => ({ accountId, debit, credit }))).toEqual([
      { accountId: supplies.id, debit: 0, credit: 45.5 },
      { accountId: cash.id, debit: 45.5, credit: 0 },
    ]);

    expect((await acs.accounts.retrieve(supplies.id)).balance.net).toBe(suppliesBefore.net);
    expect((await acs.accounts.retrieve(cash.id)).balance.net).toBe(cashBefore.net);
  });

  it('voiding a draft is a BusinessRuleError naming the rule, and the draft stays a draft', async () => {
    const draft = await acs.journalEntries.create({ date: '2026-03-15', lines: transfer(supplies.id, cash.id, 9) });
    const error = await failureOf(acs.journalEntries.void(draft.id, { reason: 'Never mind' }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      details: [{ rule: 'only a posted entry can be voided', status: 'draft' }],
    });
    expect(await acs.journalEntries.retrieve(draft.id)).toEqual(draft);
  });

  it('a void without a reason is refused before anything is written', async () => {
    const draft = await acs.journalEntries.create({ date: '2026-03-15', lines: transfer(supplies.id, cash.id, 9) });
    const posted = await acs.journalEntries.post(draft.id);
    const count = await journalEntryCount(acs);
    const error = await failureOf(acs.journalEntries.void(draft.id, { reason: '  ' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ details: [{ field: 'reason' }] });
    expect(await journalEntryCount(acs)).toBe(count);
    expect(await acs.journalEntries.retrieve(draft.id)).toEqual(posted);
  });
});

describe('journalEntries.list and retrieve', () => {
  it('filters by status', async () => {
    const drafts = await acs.journalEntries.list({ status: 'draft' });
    // Seed drafts: the audit-fee accrual and the printer-paper petty cash.
    expect(drafts.data.map((entry) => entry.reference).sort()).toEqual(['ACR-001', 'PC-0007']);
    const voided = await acs.journalEntries.list({ status: 'void' });
    expect(voided.data.map((entry) => entry.reference)).toEqual(['TM-001']);
  });

  it('filters by dateFrom and dateTo, both inclusive', async () => {
    for (const date of ['2020-01-31', '2020-02-01', '2020-02-29', '2020-03-01']) {
      await acs.journalEntries.create({ date, lines: transfer(supplies.id, cash.id, 1) });
    }
    const february = await acs.journalEntries.list({ dateFrom: '2020-02-01', dateTo: '2020-02-29' });
    expect(february.data.map((entry) => entry.date)).toEqual(['2020-02-01', '2020-02-29']);
  });

  it('filters by accountId: entries with a line on that account', async () => {
    const float = await acs.accounts.create({ accountNumber: '1160', name: 'Petty Cash Float', type: 'asset', category: 'current_asset' });
    const topUp = await acs.journalEntries.create({ date: '2026-03-15', lines: transfer(float.id, bank.id, 500) });
    await acs.journalEntries.create({ date: '2026-03-15', lines: transfer(supplies.id, cash.id, 1) });

    const touching = await acs.journalEntries.list({ accountId: float.id });
    expect(touching.data.map((entry) => entry.id)).toEqual([topUp.id]);
    expect(touching.total).toBe(1);
  });

  it('filters by reference', async () => {
    const rent = await acs.journalEntries.list({ reference: 'RENT-001' });
    expect(rent.data).toHaveLength(1);
    expect(rent.data[0]).toMatchObject({ reference: 'RENT-001', description: 'Warehouse rent', status: 'posted', totalDebit: 4500 });
  });

  it('pages 50 entries by default and refuses a limit over 100 with ValidationError MAX_VALUE', async () => {
    const page = await acs.journalEntries.list();
    expect(page.pagination.limit).toBe(50);
    const error = await failureOf(acs.journalEntries.list({ limit: 101 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details?.[0]).toMatchObject({ field: 'limit', code: 'MAX_VALUE', constraint: 100 });
  });

  it('retrieve returns the entry as the list shows it', async () => {
    const [first] = (await acs.journalEntries.list({ reference: 'INV-000001' })).data;
    expect(await acs.journalEntries.retrieve(first.id)).toEqual(first);
  });

  it('an unknown id is a 404 NotFoundError for retrieve, post and void', async () => {
    for (const call of [
      () => acs.journalEntries.retrieve('je_doesnotexist'),
      () => acs.journalEntries.post('je_doesnotexist'),
      () => acs.journalEntries.void('je_doesnotexist', { reason: 'typo' }),
    ]) {
      const error = await failureOf(call());
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', details: [{ resource: 'journal_entry', id: 'je_doesnotexist' }] });
    }
  });
});
