import { beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError, ReportFile } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

describe('trial balance', () => {
  it("lists every account's posted balance on one side, and the totals are equal", async () => {
    const report = await acs.reports.trialBalance();
    expect(report).toMatchObject({ reportType: 'trial-balance', asOfDate: mock.today(), currency: 'MYR', totals: { balanced: true } });
    expect(report.totals.debit).toBe(report.totals.credit);
    expect(report.totals.debit).toBeGreaterThan(0);
    for (const row of report.accounts) expect(row.debit === 0 || row.credit === 0).toBe(true);
    const accounts = await acs.accounts.list({ limit: 100 });
    for (const account of accounts.data) {
      const row = report.accounts.find((r) => r.accountId === account.id);
      expect(row ? row.debit - row.credit : 0).toBeCloseTo(account.balance.debit - account.balance.credit, 2);
    }
  });

  it('counts only lines dated on or before asOfDate, and a draft not at all', async () => {
    const bank = await accountByNumber(acs, '1120');
    const expenses = await accountByNumber(acs, '6100');
    const future = '2099-01-31';
    const draft = await acs.journalEntries.create({
      date: mock.today(),
      lines: [
        { accountId: expenses.id, debit: 50 },
        { accountId: bank.id, credit: 50 },
      ],
    });
    const before = await acs.reports.trialBalance();
    await acs.journalEntries.post(draft.id);
    const after = await acs.reports.trialBalance();
    const expenseOf = (report: typeof before) => report.accounts.find((row) => row.accountId === expenses.id)?.debit ?? 0;
    expect(expenseOf(after)).toBeCloseTo(expenseOf(before) + 50, 2);
    expect(after.totals.balanced).toBe(true);
    const early = await acs.reports.trialBalance({ asOfDate: '2000-01-01' });
    expect(early.accounts).toEqual([]);
    expect(early.totals).toEqual({ debit: 0, credit: 0, balanced: true });
    const later = await acs.reports.trialBalance({ asOfDate: future });
    expect(later.totals.debit).toBe(after.totals.debit);
  });

  it('lists zero balances only when asked', async () => {
    const without = await acs.reports.trialBalance();
    const withZero = await acs.reports.trialBalance({ includeZeroBalances: true });
    expect(withZero.accounts.length).toBeGreaterThan(without.accounts.length);
    expect(withZero.totals).toEqual(without.totals);
  });

  it('downloads as CSV: one table, a header row, unformatted numbers', async () => {
    const file = await acs.reports.trialBalance.download({ asOfDate: mock.today(), format: 'csv' });
    expect(file).toBeInstanceOf(ReportFile);
    expect(file.filename).toBe(`trial-balance-${mock.today()}.csv`);
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Code,Account,Type,Debit,Credit');
    const json = await acs.reports.trialBalance();
    expect(lines).toHaveLength(json.accounts.length + 2);
    expect(lines.at(-1)).toBe(`,Total,,${json.totals.debit.toFixed(2)},${json.totals.credit.toFixed(2)}`);
  });

  it('answers an unknown format with 400 FORMAT_NOT_SUPPORTED, and a bad parameter with 400 INVALID_PARAMETERS', async () => {
    const format = await failureOf(acs.reports.trialBalance({ format: 'docx' as 'json' }));
    expect(format).toBeInstanceOf(InvalidRequestError);
    expect(format).toMatchObject({ status: 400, code: 'FORMAT_NOT_SUPPORTED' });
    const date = await failureOf(acs.reports.trialBalance({ asOfDate: '2026-13-45' }));
    expect(date).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS', details: [expect.objectContaining({ field: 'asOfDate' })] });
    const currency = await failureOf(acs.reports.trialBalance({ currency: 'USD' }));
    expect(currency).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS', details: [expect.objectContaining({ field: 'currency' })] });
  });

  it('serves the same report from the cache for 15 minutes, until a posting changes the books', async () => {
    const first = await acs.reports.trialBalance().withResponse();
    expect(first.response.headers.get('x-report-cache')).toBe('MISS');
    const again = await acs.reports.trialBalance().withResponse();
    expect(again.response.headers.get('x-report-cache')).toBe('HIT');
    expect(again.data.generatedAt).toBe(first.data.generatedAt);
    mock.clock.advance({ minutes: 15 });
    expect((await acs.reports.trialBalance().withResponse()).response.headers.get('x-report-cache')).toBe('MISS');
    expect((await acs.reports.trialBalance().withResponse()).response.headers.get('x-report-cache')).toBe('HIT');
    const bank = await accountByNumber(acs, '1120');
    const expenses = await accountByNumber(acs, '6100');
    const entry = await acs.journalEntries.create({
      date: mock.today(),
      lines: [
        { accountId: expenses.id, debit: 10 },
        { accountId: bank.id, credit: 10 },
      ],
    });
    expect((await acs.reports.trialBalance().withResponse()).response.headers.get('x-report-cache')).toBe('MISS');
    await acs.journalEntries.post(entry.id);
    const fresh = await acs.reports.trialBalance().withResponse();
    expect(fresh.response.headers.get('x-report-cache')).toBe('MISS');
    const expense = (report: typeof first.data) => report.accounts.find((row) => row.accountId === expenses.id)?.debit ?? 0;
    expect(expense(fresh.data)).toBeCloseTo(expense(first.data) + 10, 2);
  });
});

describe('trial balance as CSV, hostile names', () => {
  it('quotes a name a spreadsheet would run as a formula', async () => {
    mock.reset();
    const bank = await accountByNumber(acs, '1120');
    const account = await acs.accounts.create({
      accountNumber: '6990',
      name: '=HYPERLINK("http://evil.example","x")',
      type: 'expense',
      category: 'operating_expense',
    } as never);
    const entry = await acs.journalEntries.create({
      date: mock.today(),
      lines: [
        { accountId: account.id, debit: 5 },
        { accountId: bank.id, credit: 5 },
      ],
    });
    await acs.journalEntries.post(entry.id);
    const file = await acs.reports.trialBalance.download({ format: 'csv' });
    expect(file.text()).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });
});
