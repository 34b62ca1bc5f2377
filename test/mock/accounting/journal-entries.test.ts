import { beforeEach, describe, expect, it } from 'vitest';
import { JournalEntry } from '../../../src/contract/index.js';
import {
  accountUsage,
  createJournalEntry,
  journalEntriesTable,
  journalEntryMatches,
  type JournalLineInput,
  ledgerPostingsTable,
  postJournalEntry,
  postLedgerEntry,
  presentAccount,
  presentJournalEntry,
  retrieveAccount,
  retrieveJournalEntry,
  reverseLedgerEntry,
  updateAccount,
  voidJournalEntry,
} from '../../../mock-server/domain/accounting/index.js';
import { refusal, world, type World } from '../support/domain.js';

let w: World;
let rent: string;
let bank: string;
let cash: string;
/** Entries of the demo seed (its journal and its sales documents); the next number follows them. */
let seededEntries: number;
const journalNumber = (n: number) => `JE-${String(n).padStart(6, '0')}`;
beforeEach(() => {
  w = world();
  seededEntries = journalEntriesTable(w.ctx).size;
  rent = w.account('6100');
  bank = w.account('1120');
  cash = w.account('1110');
});

const balanceOf = (accountId: string) => presentAccount(w.ctx, retrieveAccount(w.ctx, accountId)).balance;
const draft = (lines: JournalLineInput[], date = '2026-11-20') =>
  createJournalEntry(w.ctx, { date, reference: 'T-1', description: 'Test', lines });
const rentPaid = (amount = 4500, date = '2026-11-20') =>
  draft(
    [
      { accountId: rent, debit: amount, description: 'November rent' },
      { accountId: bank, credit: amount },
    ],
    date,
  );

describe('creating a journal entry', () => {
  it('creates a balanced entry as a draft with the next journal number and the actor as createdBy', () => {
    const entry = rentPaid();
    expect(entry).toMatchObject({
      journalNumber: journalNumber(seededEntries + 1),
      status: 'draft',
      totalDebit: 4500,
      totalCredit: 4500,
      createdBy: 'usr_aisyah',
      postedAt: null,
      source: null,
    });
    expect(rentPaid().journalNumber).toBe(journalNumber(seededEntries + 2));
  });

  it('presents lines with the account number and name, in the wire shape', () => {
    const presented = presentJournalEntry(w.ctx, rentPaid());
    expect(JournalEntry.parse(presented)).toEqual(presented);
    expect(presented.lines.map((l) => [l.accountNumber, l.accountName, l.debit, l.credit])).toEqual([
      ['6100', 'Rent', 4500, 0],
      ['1120', 'Maybank Current Account', 0, 4500],
    ]);
  });

  it('refuses fewer than two lines with 400 INVALID_JOURNAL_ENTRY on lines', () => {
    const error = refusal(() => draft([{ accountId: rent, debit: 10 }]));
    expect(error.status).toBe(400);
    expect(error.code).toBe('INVALID_JOURNAL_ENTRY');
    expect(error.details).toEqual([expect.objectContaining({ field: 'lines', code: 'TOO_FEW_LINES' })]);
  });

  it('refuses a line with both a debit and a credit, naming the line', () => {
    const error = refusal(() =>
      draft([
        { accountId: rent, debit: 10 },
        { accountId: bank, debit: 5, credit: 15 },
        { accountId: cash, debit: 0 },
      ]),
    );
    expect(error.code).toBe('INVALID_JOURNAL_ENTRY');
    expect(error.details).toEqual([
      expect.objectContaining({ field: 'lines', index: 1, code: 'DEBIT_AND_CREDIT' }),
      expect.objectContaining({ field: 'lines', index: 2, code: 'NO_AMOUNT' }),
    ]);
    expect(error.message).toContain('line 2');
  });

  it('refuses an unknown account and an inactive account in the lines, naming each line', () => {
    updateAccount(w.ctx, w.account('1290'), { isActive: false });
    const error = refusal(() =>
      draft([
        { accountId: 'acc_unknown', debit: 10 },
        { accountId: w.account('1290'), credit: 10 },
      ]),
    );
    expect(error.status).toBe(400);
    expect(error.details).toEqual([
      expect.objectContaining({ field: 'lines', index: 0, code: 'ACCOUNT_NOT_FOUND', accountId: 'acc_unknown' }),
      expect.objectContaining({ field: 'lines', index: 1, code: 'ACCOUNT_INACTIVE' }),
    ]);
  });

  it('refuses an unbalanced entry with both totals', () => {
    const error = refusal(() =>
      draft([
        { accountId: rent, debit: 100 },
        { accountId: bank, credit: 99.99 },
      ]),
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe('INVALID_JOURNAL_ENTRY');
    expect(error.message).toBe('total debits 100.00 do not equal total credits 99.99');
    expect(error.details).toEqual([
      { field: 'lines', code: 'UNBALANCED', message: error.message, totalDebit: 100, totalCredit: 99.99, difference: 0.01 },
    ]);
  });

  it('balances 0.10 + 0.20 against 0.30 exactly', () => {
    const entry = draft([
      { accountId: rent, debit: 0.1 },
      { accountId: rent, debit: 0.2 },
      { accountId: bank, credit: 0.3 },
    ]);
    expect(entry.totalDebit).toBe(0.3);
    postJournalEntry(w.ctx, entry.id);
    expect(balanceOf(rent).debit).toBe(9000.3);
  });

  it('refuses more than two decimals with 422 INVALID_FORMAT on the line amount', () => {
    const error = refusal(() =>
      draft([
        { accountId: rent, debit: 10.005 },
        { accountId: bank, credit: 10.005 },
      ]),
    );
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.map((d) => [d.field, d.code])).toEqual([
      ['lines[0].debit', 'INVALID_FORMAT'],
      ['lines[1].credit', 'INVALID_FORMAT'],
    ]);
  });

  it('refuses a negative amount with 422 MIN_VALUE', () => {
    const error = refusal(() =>
      draft([
        { accountId: rent, debit: -5 },
        { accountId: bank, credit: -5 },
      ]),
    );
    expect(error.details[0]).toMatchObject({ field: 'lines[0].debit', code: 'MIN_VALUE' });
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(refusal(() => rentPaid(10, '20-11-2026')).details[0]).toMatchObject({ field: 'date', code: 'INVALID_FORMAT' });
  });
});

describe('a refused request', () => {
  it('leaves no entry, no journal number and no totals behind, even after an earlier write in the same transaction', () => {
    const entries = journalEntriesTable(w.ctx).size;
    const totals = balanceOf(rent);
    const usage = accountUsage(w.ctx, rent);
    const postings = ledgerPostingsTable(w.ctx).size;
    refusal(() =>
      w.store.transaction(() => {
        postJournalEntry(w.ctx, rentPaid().id);
        draft([
          { accountId: rent, debit: 1 },
          { accountId: bank, credit: 2 },
        ]);
      }),
    );
    expect(journalEntriesTable(w.ctx).size).toBe(entries);
    expect(balanceOf(rent)).toEqual(totals);
    expect(accountUsage(w.ctx, rent)).toEqual(usage);
    expect(ledgerPostingsTable(w.ctx).size).toBe(postings);
    expect(rentPaid().journalNumber).toBe(journalNumber(seededEntries + 1));
  });

  it('leaves the original untouched when a void is refused', () => {
    const entry = postJournalEntry(w.ctx, rentPaid().id);
    refusal(() => voidJournalEntry(w.ctx, entry.id, { reason: 'typo', voidDate: '2026-11-01' }));
    expect(retrieveJournalEntry(w.ctx, entry.id)).toBe(entry);
    expect(journalEntriesTable(w.ctx).size).toBe(seededEntries + 1);
  });
});

describe('posting', () => {
  it('moves a draft to posted, sets postedAt and writes its lines to the balances', () => {
    const entry = rentPaid();
    w.clock.advance({ minutes: 1 });
    const posted = postJournalEntry(w.ctx, entry.id);
    expect(posted.status).toBe('posted');
    expect(posted.postedAt).toBe(posted.updatedAt);
    expect(posted.postedAt! > entry.createdAt).toBe(true);
    expect(balanceOf(rent)).toEqual({ debit: 13500, credit: 0, net: 13500 });
  });

  it('refuses to post an entry that is not a draft, naming the rule and the status', () => {
    const posted = postJournalEntry(w.ctx, rentPaid().id);
    const error = refusal(() => postJournalEntry(w.ctx, posted.id));
    expect(error.status).toBe(422);
    expect(error.code).toBe('BUSINESS_RULE_VIOLATION');
    expect(error.details).toEqual([
      {
        rule: 'only a draft entry can be posted',
        journalEntryId: posted.id,
        journalNumber: posted.journalNumber,
        status: 'posted',
        allowedStatuses: ['draft'],
      },
    ]);
    expect(balanceOf(rent).debit).toBe(13500);
  });

  it('refuses to post a draft whose account was deactivated since', () => {
    const account = w.account('6600');
    const entry = draft([
      { accountId: account, debit: 20 },
      { accountId: cash, credit: 20 },
    ]);
    updateAccount(w.ctx, account, { isActive: false });
    const error = refusal(() => postJournalEntry(w.ctx, entry.id));
    expect(error.details[0]).toMatchObject({ rule: 'an entry cannot be posted to an inactive account', index: 0 });
    expect(retrieveJournalEntry(w.ctx, entry.id).status).toBe('draft');
  });

  it('answers 404 NOT_FOUND for an unknown entry', () => {
    const error = refusal(() => postJournalEntry(w.ctx, 'je_nope'));
    expect(error.status).toBe(404);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.details).toEqual([{ resource: 'journal_entry', id: 'je_nope', field: 'journalEntryId' }]);
  });
});

describe('voiding', () => {
  it('voiding a posted entry writes a posted reversing entry and marks the original void', () => {
    const original = postJournalEntry(w.ctx, rentPaid(4500, '2026-11-15').id);
    const voided = voidJournalEntry(w.ctx, original.id, { reason: 'Paid twice', voidDate: '2026-11-18' });
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Paid twice', voidDate: '2026-11-18' });
    expect(voided.voidedAt).not.toBeNull();

    const reversal = retrieveJournalEntry(w.ctx, voided.reversedByEntryId!);
    expect(reversal).toMatchObject({
      status: 'posted',
      date: '2026-11-18',
      reference: `VOID-${original.journalNumber}`,
      reversalOfEntryId: original.id,
      totalDebit: 4500,
      totalCredit: 4500,
      createdBy: 'usr_aisyah',
    });
    expect(reversal.lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [rent, 0, 4500],
      [bank, 4500, 0],
    ]);
    expect(reversal.postedAt).not.toBeNull();
    expect(balanceOf(rent)).toEqual({ debit: 13500, credit: 4500, net: 9000 });
  });

  it('dates the reversal today by the clock when no voidDate is given', () => {
    const original = postJournalEntry(w.ctx, rentPaid(10, '2026-11-01').id);
    w.clock.advance({ days: 3 });
    const voided = voidJournalEntry(w.ctx, original.id, { reason: 'Duplicate' });
    expect(voided.voidDate).toBe('2026-11-23');
    expect(retrieveJournalEntry(w.ctx, voided.reversedByEntryId!).date).toBe('2026-11-23');
  });

  it('refuses a voidDate before the entry date with 422 DATE_CONSTRAINT', () => {
    const original = postJournalEntry(w.ctx, rentPaid(10, '2026-11-15').id);
    const error = refusal(() => voidJournalEntry(w.ctx, original.id, { reason: 'x', voidDate: '2026-11-14' }));
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details[0]).toMatchObject({
      field: 'voidDate',
      code: 'DATE_CONSTRAINT',
      value: '2026-11-14',
      constraint: { min: '2026-11-15' },
    });
  });

  it('refuses to void a draft or a void entry, naming the rule', () => {
    const entry = rentPaid();
    expect(refusal(() => voidJournalEntry(w.ctx, entry.id, { reason: 'x' })).details[0]).toMatchObject({
      rule: 'only a posted entry can be voided',
      status: 'draft',
    });
    postJournalEntry(w.ctx, entry.id);
    voidJournalEntry(w.ctx, entry.id, { reason: 'x' });
    expect(refusal(() => voidJournalEntry(w.ctx, entry.id, { reason: 'again' })).details[0]).toMatchObject({ status: 'void' });
    expect(refusal(() => postJournalEntry(w.ctx, entry.id)).details[0]).toMatchObject({
      rule: 'only a draft entry can be posted',
      status: 'void',
    });
  });

  it('refuses to void a reversing entry', () => {
    const original = postJournalEntry(w.ctx, rentPaid().id);
    const reversalId = voidJournalEntry(w.ctx, original.id, { reason: 'x' }).reversedByEntryId!;
    expect(refusal(() => voidJournalEntry(w.ctx, reversalId, { reason: 'undo' })).details[0].rule).toBe(
      'a reversing entry cannot be voided',
    );
  });

  it('refuses an empty reason', () => {
    const original = postJournalEntry(w.ctx, rentPaid().id);
    expect(refusal(() => voidJournalEntry(w.ctx, original.id, { reason: '  ' })).details[0]).toMatchObject({
      field: 'reason',
      code: 'REQUIRED_FIELD',
    });
  });
});

describe('entries written by documents', () => {
  const invoiceLines = () => [
    { accountId: w.account('1130'), debit: 1080 },
    { accountId: w.account('4100'), credit: 1000 },
    { accountId: w.account('2120'), credit: 80 },
  ];

  it('postLedgerEntry writes a posted entry with its source in one step', () => {
    const receivable = balanceOf(w.account('1130')).net;
    const tax = balanceOf(w.account('2120')).net;
    const entry = postLedgerEntry(w.ctx, {
      date: '2026-11-20',
      reference: 'INV-0002',
      description: 'Invoice INV-0002',
      lines: invoiceLines(),
      source: { type: 'invoice', id: 'inv_123' },
    });
    expect(entry).toMatchObject({
      status: 'posted',
      source: { type: 'invoice', id: 'inv_123' },
      journalNumber: journalNumber(seededEntries + 1),
    });
    expect(entry.postedAt).not.toBeNull();
    expect(balanceOf(w.account('1130')).net).toBeCloseTo(receivable + 1080, 2);
    expect(balanceOf(w.account('2120')).net).toBeCloseTo(tax + 80, 2);
  });

  it('postLedgerEntry applies the same rules as a manual entry', () => {
    const lines = invoiceLines();
    lines[2].credit = 79.99;
    expect(refusal(() => postLedgerEntry(w.ctx, { date: '2026-11-20', lines, source: { type: 'invoice', id: 'inv_1' } })).code).toBe(
      'INVALID_JOURNAL_ENTRY',
    );
  });

  it('are voided through their document, not the journal endpoint', () => {
    const receivable = balanceOf(w.account('1130')).net;
    const entry = postLedgerEntry(w.ctx, { date: '2026-11-20', lines: invoiceLines(), source: { type: 'invoice', id: 'inv_9' } });
    expect(refusal(() => voidJournalEntry(w.ctx, entry.id, { reason: 'x' })).details[0]).toMatchObject({
      rule: 'an entry written by a document is voided through its document',
      source: { type: 'invoice', id: 'inv_9' },
    });
    const voided = reverseLedgerEntry(w.ctx, entry.id, { reason: 'Invoice cancelled' });
    expect(voided.status).toBe('void');
    expect(retrieveJournalEntry(w.ctx, voided.reversedByEntryId!).source).toEqual({ type: 'invoice', id: 'inv_9' });
    expect(balanceOf(w.account('1130')).net).toBe(receivable);
  });
});

describe('the journal entry list filter', () => {
  // The seed's manual journal; the demo's sales documents post entries of their own (source set).
  const numbers = (filters: Parameters<typeof journalEntryMatches>[0]) =>
    journalEntriesTable(w.ctx)
      .all()
      .filter((e) => e.source === null)
      .filter(journalEntryMatches(filters))
      .map((e) => e.journalNumber);

  it('filters by status, date range, reference and account', () => {
    expect(numbers({ status: 'draft' })).toEqual(['JE-000011', 'JE-000012']);
    expect(numbers({ status: 'void' })).toEqual(['JE-000007']);
    expect(numbers({ dateFrom: '2026-11-02', dateTo: '2026-11-10' })).toEqual(['JE-000008', 'JE-000009', 'JE-000010']);
    expect(numbers({ reference: 'PAY-001' })).toEqual(['JE-000004']);
    // Receivables move only through documents (ACC-28): the manual history has no line on them.
    expect(numbers({ accountId: w.account('1130') })).toEqual([]);
    // So does inventory (INV-32): opening stock and cost of sales are documents too.
    expect(numbers({ accountId: w.account('1140') })).toEqual([]);
  });
});
