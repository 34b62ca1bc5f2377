import { beforeEach, describe, expect, it } from 'vitest';
import { ValidationError, type BalanceSheetReport } from '../../../src/index.js';
import { accountByNumber, failureOf, journalEntryCount, sandbox, transfer } from '../../support/sandbox.js';
import { payloadOf, rowsAbout } from '../../mock/audit/support.js';

// The books' lock dates through the SDK (decisions ACC-32, ACC-33), the clock pinned.
const { mock, acs, companyClient } = sandbox({ now: '2026-11-20T09:00:00Z' });

beforeEach(() => {
  mock.reset();
});

async function entryBody(date: string, amount = 75) {
  const [bank, sales] = await Promise.all([accountByNumber(acs, '1120'), accountByNumber(acs, '4200')]);
  return { date, lines: transfer(bank.id, sales.id, amount) };
}

async function postedEntry(date: string, amount = 75) {
  const draft = await acs.journalEntries.create(await entryBody(date, amount));
  return acs.journalEntries.post(draft.id);
}

describe('lock dates', () => {
  it('a journal dated on or before the lock date is refused with PERIOD_LOCKED naming the lock date, and nothing posts', async () => {
    const draft = await acs.journalEntries.create(await entryBody('2026-09-06'));
    expect(await acs.company.update({ lockDate: '2026-09-30' })).toMatchObject({ lockDate: '2026-09-30', periodLockDate: null });
    const count = await journalEntryCount(acs);
    const trial = await acs.reports.trialBalance({ asOfDate: '2026-09-30' });

    const error = await failureOf(acs.journalEntries.post(draft.id));
    expect(error).toMatchObject({
      status: 422,
      code: 'PERIOD_LOCKED',
      message: expect.stringContaining('2026-09-30'),
      details: [{ field: 'date', date: '2026-09-06', lockDate: '2026-09-30', lock: 'lockDate' }],
    });
    expect(await acs.journalEntries.retrieve(draft.id)).toMatchObject({ status: 'draft' });
    expect(await journalEntryCount(acs)).toBe(count);
    expect(await acs.reports.trialBalance({ asOfDate: '2026-09-30' })).toEqual({ ...trial, generatedAt: expect.any(String) });
    // The lock date itself is closed; the day after is open.
    await expect(postedEntry('2026-09-30')).rejects.toMatchObject({ code: 'PERIOD_LOCKED' });
    expect(await postedEntry('2026-10-01')).toMatchObject({ status: 'posted' });
  });

  it("a document's entry is held at the same door: an invoice dated in the locked period cannot be sent", async () => {
    const customer = await acs.customers.create({ name: 'Locked Period Sdn Bhd', email: 'lock@period.my' });
    const invoice = await acs.invoices.create({
      customerId: customer.id,
      invoiceDate: '2026-09-15',
      items: [{ description: 'Consulting', quantity: 1, unitPrice: 500 }],
    });
    await acs.company.update({ lockDate: '2026-09-30' });
    const error = await failureOf(acs.invoices.send(invoice.id));
    expect(error).toMatchObject({
      code: 'PERIOD_LOCKED',
      details: [expect.objectContaining({ lockDate: '2026-09-30', source: { type: 'invoice', id: invoice.id } })],
    });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ status: 'draft' });
  });

  it('an entry dated before the lock is voided by a reversal dated after it; a reversal inside the lock is refused', async () => {
    const entry = await postedEntry('2026-09-06');
    await acs.company.update({ lockDate: '2026-09-30' });
    const locked = await failureOf(acs.journalEntries.void(entry.id, { reason: 'duplicate', voidDate: '2026-09-20' }));
    expect(locked).toMatchObject({ code: 'PERIOD_LOCKED', details: [expect.objectContaining({ field: 'voidDate', date: '2026-09-20' })] });
    expect(await acs.journalEntries.retrieve(entry.id)).toMatchObject({ status: 'posted' });

    const before = await acs.reports.trialBalance({ asOfDate: '2026-09-30' });
    const voided = await acs.journalEntries.void(entry.id, { reason: 'duplicate', voidDate: '2026-10-02' });
    expect(voided).toMatchObject({ status: 'void', voidDate: '2026-10-02' });
    expect(await acs.journalEntries.retrieve(voided.reversedByEntryId!)).toMatchObject({ date: '2026-10-02' });
    expect(await acs.reports.trialBalance({ asOfDate: '2026-09-30' })).toEqual({ ...before, generatedAt: expect.any(String) });
  });

  it('the period lock holds a key without the admin scope, not the adviser; the lock for everyone holds both', async () => {
    await acs.company.update({ lockDate: '2026-08-31', periodLockDate: '2026-09-30' });
    const worker = companyClient(0);
    const draft = await worker.journalEntries.create(await entryBody('2026-09-10'));
    expect(await failureOf(worker.journalEntries.post(draft.id))).toMatchObject({
      code: 'PERIOD_LOCKED',
      details: [expect.objectContaining({ lockDate: '2026-09-30', lock: 'periodLockDate' })],
    });
    expect(await acs.journalEntries.post(draft.id)).toMatchObject({ status: 'posted' });
    const august = await acs.journalEntries.create(await entryBody('2026-08-10'));
    expect(await failureOf(acs.journalEntries.post(august.id))).toMatchObject({
      code: 'PERIOD_LOCKED',
      details: [expect.objectContaining({ lockDate: '2026-08-31', lock: 'lockDate' })],
    });
  });

  it('a period lock before the lock for everyone is refused and nothing moves; null opens the books again', async () => {
    await acs.company.update({ lockDate: '2026-09-30' });
    const error = await failureOf(acs.company.update({ periodLockDate: '2026-08-31' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      details: [expect.objectContaining({ field: 'periodLockDate', code: 'DATE_CONSTRAINT', constraint: { min: '2026-09-30' } })],
    });
    expect(await acs.company.retrieve()).toMatchObject({ lockDate: '2026-09-30', periodLockDate: null });
    expect(await acs.company.update({ lockDate: null })).toMatchObject({ lockDate: null });
    expect(await postedEntry('2026-09-06')).toMatchObject({ status: 'posted' });
  });

  it('moving the lock writes the audit trail: the old and the new dates, and who moved them', async () => {
    const companyId = mock.credentials.companyId;
    await acs.company.update({ lockDate: '2026-06-30' });
    await acs.company.update({ lockDate: '2026-09-30' });
    await acs.company.update({ lockDate: '2026-09-30' });
    const rows = rowsAbout(mock, companyId).filter((row) => row.foreign_table === 'lockDates');
    expect(rows.map((row) => row.action)).toEqual(['CREATED', 'UPDATED']);
    expect(payloadOf(rows[1])).toMatchObject({
      old_data: { lockDate: '2026-06-30' },
      new_data: { lockDate: '2026-09-30' },
      auth_token_fields: expect.objectContaining({ kind: 'api_key' }),
    });
  });
});

const earnings = (sheet: BalanceSheetReport) => {
  const rows = sheet.sections.equity.accounts;
  return {
    retained: rows.find((row) => row.accountCode === '3200')?.balance ?? 0,
    currentYear: rows.find((row) => row.accountName === 'Current year earnings')?.balance ?? 0,
  };
};

describe('year ends under a lock', () => {
  const later = sandbox({ now: '2028-02-15T09:00:00Z' });

  it("needs no closing entry: each locked year's earnings roll into retained earnings in the reports", async () => {
    const { acs: books } = later;
    const [bank, sales] = await Promise.all([accountByNumber(books, '1120'), accountByNumber(books, '4200')]);
    const post = async (date: string, amount: number) =>
      books.journalEntries.post((await books.journalEntries.create({ date, lines: transfer(bank.id, sales.id, amount) })).id);
    const before = earnings(await books.reports.balanceSheet({ asOfDate: '2028-02-01' }));
    await post('2026-12-20', 1000);
    await post('2027-12-20', 300);
    await post('2028-01-10', 40);
    const count = await journalEntryCount(books);
    await books.company.update({ lockDate: '2026-12-31' });
    await books.company.update({ lockDate: '2027-12-31' });
    expect(await journalEntryCount(books)).toBe(count);

    const cents = (n: number) => Math.round(n * 100);
    const endOf2027 = earnings(await books.reports.balanceSheet({ asOfDate: '2027-12-31' }));
    const now = earnings(await books.reports.balanceSheet({ asOfDate: '2028-02-01' }));
    expect(cents(now.retained) - cents(before.retained)).toBe(130_000);
    expect(cents(now.currentYear) - cents(before.currentYear)).toBe(4_000);
    expect(cents(endOf2027.retained) + cents(endOf2027.currentYear)).toBe(cents(now.retained));
    expect((await books.reports.balanceSheet({ asOfDate: '2028-02-01' })).balanceCheck.balanced).toBe(true);
  });
});
