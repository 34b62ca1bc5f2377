import { beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError, ReportFile, type BalanceSheetReport } from '../../../src/index.js';
import { DEFAULT_REPORT_WORK_LIMIT, reportRuntime } from '../../../mock-server/domain/reports/index.js';
import { accountByNumber, failureOf, sandbox, transfer } from '../../support/sandbox.js';
import { readPdf, readWorkbook, shownMoney } from '../../support/report-files.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const groupsOf = (sheet: BalanceSheetReport) => [
  sheet.sections.assets.currentAssets,
  sheet.sections.assets.nonCurrentAssets,
  sheet.sections.liabilities.currentLiabilities,
  sheet.sections.liabilities.nonCurrentLiabilities,
  sheet.sections.equity,
];
const rowOf = (sheet: BalanceSheetReport, name: string) =>
  groupsOf(sheet)
    .flatMap((g) => g.accounts)
    .find((a) => a.accountCode === name || a.accountName === name);
const cents = (value: number) => Math.round(value * 100);

async function postEntry(date: string, debit: string, credit: string, amount: number): Promise<string> {
  const [from, to] = await Promise.all([accountByNumber(acs, debit), accountByNumber(acs, credit)]);
  const entry = await acs.journalEntries.create({ date, lines: transfer(from.id, to.id, amount) });
  await acs.journalEntries.post(entry.id);
  return entry.id;
}

describe('balance sheet', () => {
  it('balances, groups accounts by category, and ties to the trial balance by account type', async () => {
    const sheet = await acs.reports.balanceSheet();
    expect(sheet).toMatchObject({
      reportType: 'balance-sheet',
      asOfDate: mock.today(),
      currency: 'MYR',
      comparative: { enabled: false, compareToDate: null },
    });
    expect(sheet.balanceCheck).toMatchObject({ balanced: true, difference: 0 });
    expect(sheet.balanceCheck.totalAssets).toBe(sheet.sections.assets.total);
    expect(sheet.sections.assets.currentAssets.accounts.map((a) => a.accountCode)).toContain('1120');
    expect(sheet.sections.assets.nonCurrentAssets.accounts.map((a) => a.accountCode)).toContain('1210');
    expect(sheet.sections.liabilities.currentLiabilities.accounts.map((a) => a.accountCode)).toContain('2110');
    for (const group of groupsOf(sheet)) expect(cents(group.total)).toBe(group.accounts.reduce((s, a) => s + cents(a.balance), 0));
    const trial = await acs.reports.trialBalance();
    const net = (type: string) =>
      trial.byType.filter((t) => t.accountType === type).reduce((s, t) => s + cents(t.debit) - cents(t.credit), 0);
    expect(cents(sheet.sections.assets.total)).toBe(net('asset'));
    expect(cents(sheet.sections.liabilities.total)).toBe(-net('liability'));
    expect(cents(sheet.sections.equity.total)).toBe(-(net('equity') + net('revenue') + net('expense')));
  });

  it("shows the fiscal year's net income as current year earnings and earlier years' within retained earnings, so it balances on any date", async () => {
    const year = Number(mock.today().slice(0, 4));
    // A sale today: this year has earnings whatever the date (on 1 January the seed's trading lies in the year before).
    await postEntry(mock.today(), '1120', '4200', 40);
    const before = await acs.reports.balanceSheet();
    // The seed's own sales may fall in the year before (early in a year): compare that year end before and after.
    const yearEndBefore = await acs.reports.balanceSheet({ asOfDate: `${year - 1}-12-31` });
    await postEntry(`${year - 1}-06-15`, '1120', '4200', 1000);
    const after = await acs.reports.balanceSheet();
    expect(after.balanceCheck.balanced).toBe(true);
    expect(cents(rowOf(after, '3200')!.balance) - cents(rowOf(before, '3200')?.balance ?? 0)).toBe(100_000);
    expect(rowOf(after, 'Current year earnings')).toMatchObject({
      accountId: null,
      accountCode: null,
      balance: rowOf(before, 'Current year earnings')!.balance,
    });
    const yearEnd = await acs.reports.balanceSheet({ asOfDate: `${year - 1}-12-31` });
    expect(yearEnd.balanceCheck.balanced).toBe(true);
    expect(
      cents(rowOf(yearEnd, 'Current year earnings')!.balance) - cents(rowOf(yearEndBefore, 'Current year earnings')?.balance ?? 0),
    ).toBe(100_000);
    for (const asOfDate of [`${year - 1}-06-14`, `${year}-01-01`, '2000-01-01', '2099-12-31']) {
      expect((await acs.reports.balanceSheet({ asOfDate })).balanceCheck).toMatchObject({ balanced: true, difference: 0 });
    }
  });

  it('compares with the previous month, the previous year or a custom date, with variances', async () => {
    const monthly = await acs.reports.balanceSheet({ asOfDate: '2026-09-30', comparativePeriod: 'previous-month' });
    expect(monthly.comparative).toEqual({ enabled: true, asOfDate: '2026-09-30', compareToDate: '2026-08-31' });
    expect(
      (await acs.reports.balanceSheet({ asOfDate: '2026-03-31', comparativePeriod: 'previous-month' })).comparative.compareToDate,
    ).toBe('2026-02-28');
    expect((await acs.reports.balanceSheet({ asOfDate: '2028-02-29', comparativePeriod: 'previous-year' })).comparative.compareToDate).toBe(
      '2027-02-28',
    );
    const custom = await acs.reports.balanceSheet({ comparativePeriod: 'custom', compareToDate: '2026-08-31' });
    const then = await acs.reports.balanceSheet({ asOfDate: '2026-08-31' });
    expect(custom.sections.assets.comparativeTotal).toBe(then.sections.assets.total);
    expect(custom.sections.assets.variance).toBeCloseTo(custom.sections.assets.total - then.sections.assets.total, 2);
    const bank = rowOf(custom, '1120')!;
    expect(bank.comparativeBalance).toBe(rowOf(then, '1120')?.balance ?? 0);
    expect(bank.variance).toBeCloseTo(bank.balance - bank.comparativeBalance!, 2);
    if (bank.comparativeBalance) expect(bank.variancePercent).toBeCloseTo((bank.variance! / Math.abs(bank.comparativeBalance)) * 100, 2);
    const plain = await acs.reports.balanceSheet();
    expect(plain.sections.assets).toMatchObject({ comparativeTotal: null, variance: null, variancePercent: null });
  });

  it('lists the posted lines behind each balance with includeDrillDown, and not a draft', async () => {
    const year = Number(mock.today().slice(0, 4));
    // The line closing last year's earnings into retained earnings, net credit in cents (the seed may have some early in a year).
    const closingOf = (sheet: Awaited<ReturnType<typeof acs.reports.balanceSheet>>) =>
      (rowOf(sheet, '3200')?.lines ?? []).filter((l) => l.journalEntryId === null && l.date === `${year - 1}-12-31`);
    const closedBefore = closingOf(await acs.reports.balanceSheet({ includeDrillDown: true })).reduce(
      (n, l) => n + cents(l.credit) - cents(l.debit),
      0,
    );
    await postEntry(`${year - 1}-03-01`, '1120', '4900', 250);
    const [bank, rent] = await Promise.all([accountByNumber(acs, '1120'), accountByNumber(acs, '6100')]);
    await acs.journalEntries.create({ date: mock.today(), lines: transfer(rent.id, bank.id, 75) });
    const sheet = await acs.reports.balanceSheet({ includeDrillDown: true });
    for (const account of groupsOf(sheet).flatMap((g) => g.accounts)) {
      if (account.accountId === null && account.accountName === 'Current year earnings') {
        expect(account.lines).toBeUndefined();
        continue;
      }
      const sign =
        sheet.sections.assets.currentAssets.accounts.includes(account) || sheet.sections.assets.nonCurrentAssets.accounts.includes(account)
          ? 1
          : -1;
      expect(account.lines!.reduce((s, l) => s + sign * (cents(l.debit) - cents(l.credit)), 0)).toBe(cents(account.balance));
    }
    const ledger = await acs.accounts.ledger(bank.id, { limit: 500 });
    expect(rowOf(sheet, '1120')!.lines!.map((l) => l.journalEntryId)).toEqual(ledger.lines.map((l) => l.journalEntryId));
    const closing = closingOf(sheet);
    expect(closing).toEqual([expect.objectContaining({ journalNumber: null, date: `${year - 1}-12-31` })]);
    expect(cents(closing[0]!.credit) - cents(closing[0]!.debit)).toBe(closedBefore + 25_000);
    expect((await acs.reports.balanceSheet()).sections.assets.currentAssets.accounts[0]!.lines).toBeUndefined();
  });

  it('answers 422 REPORT_GENERATION_TIMEOUT when a drill-down reads more lines than a synchronous report may', async () => {
    const drilled = await acs.reports.balanceSheet({ includeDrillDown: true });
    const lines = groupsOf(drilled)
      .flatMap((g) => g.accounts)
      .reduce((n, a) => n + (a.lines?.length ?? 0), 0);
    const accounts = (await acs.accounts.list({ limit: 1 })).total!;
    // The plain sheet reads each account once; the drill-down also reads every line behind a balance.
    reportRuntime(mock.store).workLimit = accounts + Math.floor(lines / 2);
    try {
      await expect(acs.reports.balanceSheet({ asOfDate: mock.today() })).resolves.toMatchObject({ balanceCheck: drilled.balanceCheck });
      const timeout = await failureOf(acs.reports.balanceSheet({ includeDrillDown: true, asOfDate: mock.today() }));
      expect(timeout).toMatchObject({
        status: 422,
        code: 'REPORT_GENERATION_TIMEOUT',
        details: [expect.objectContaining({ reportType: 'balance-sheet', suggestion: 'POST /v1/reports/balance-sheet/async' })],
      });
    } finally {
      reportRuntime(mock.store).workLimit = DEFAULT_REPORT_WORK_LIMIT;
    }
  });

  it('refuses a custom comparison without compareToDate, compareToDate without custom, and a department or location, with 400 INVALID_PARAMETERS', async () => {
    const cases: [Parameters<typeof acs.reports.balanceSheet>[0], string][] = [
      [{ comparativePeriod: 'custom' }, 'compareToDate'],
      [{ compareToDate: '2026-01-31' }, 'compareToDate'],
      [{ comparativePeriod: 'previous-year', compareToDate: '2026-01-31' }, 'compareToDate'],
      [{ departmentId: 'dep_sales' }, 'departmentId'],
      [{ locationId: 'loc_main' }, 'locationId'],
      [{ comparativePeriod: 'previous-week' as 'custom' }, 'comparativePeriod'],
      [{ currency: 'USD' }, 'currency'],
    ];
    for (const [query, field] of cases) {
      const error = await failureOf(acs.reports.balanceSheet(query));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS', details: [expect.objectContaining({ field })] });
    }
  });

  it('downloads as CSV: the sections with their groups and totals, numbers unformatted', async () => {
    await postEntry(mock.today(), '1120', '4200', 40); // this year's earnings, whatever the date
    const json = await acs.reports.balanceSheet({ asOfDate: mock.today() });
    const file = await acs.reports.balanceSheet.download({ asOfDate: mock.today(), format: 'csv' });
    expect(file).toBeInstanceOf(ReportFile);
    expect(file.filename).toBe(`balance-sheet-${mock.today()}.csv`);
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(`section,Code,Account,${mock.today()}`);
    expect(lines).toContain(`Assets,,Total current assets,${json.sections.assets.currentAssets.total.toFixed(2)}`);
    expect(lines).toContain(`Assets,,Total assets,${json.sections.assets.total.toFixed(2)}`);
    expect(lines).toContain(`Equity,,Current year earnings,${rowOf(json, 'Current year earnings')!.balance.toFixed(2)}`);
    expect(lines.at(-1)).toBe(`Equity,,Total equity,${json.sections.equity.total.toFixed(2)}`);
    const compared = await acs.reports.balanceSheet.download({ comparativePeriod: 'previous-month', format: 'csv' });
    expect(compared.text().split('\r\n')[0]).toMatch(/,Variance,Variance %$/);
  });

  it('downloads as a PDF and a workbook with the figures of the JSON form', async () => {
    const query = { asOfDate: mock.today(), comparativePeriod: 'previous-month' } as const;
    const json = await acs.reports.balanceSheet(query);
    const pdf = await readPdf((await acs.reports.balanceSheet.download({ ...query, format: 'pdf' })).data);
    const text = pdf.pages.join('\n');
    expect(pdf.pages[0]).toContain('Balance sheet');
    expect(text).toContain(`Balanced: total assets ${shownMoney(json.balanceCheck.totalAssets)}`);
    const { assets } = json.sections;
    expect(text).toContain(
      `Total assets ${shownMoney(assets.total)} ${shownMoney(assets.comparativeTotal)} ${shownMoney(assets.variance)}`,
    );
    const workbook = await readWorkbook((await acs.reports.balanceSheet.download({ ...query, format: 'excel' })).data);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Assets', 'Liabilities', 'Equity']);
    const sheet = workbook.getWorksheet('Assets')!;
    const last = sheet.getRow(sheet.rowCount);
    expect([last.getCell(2).value, last.getCell(3).value, last.getCell(4).value]).toEqual([
      'Total assets',
      assets.total,
      assets.comparativeTotal,
    ]);
  });
});
