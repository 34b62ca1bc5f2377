import { beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError, ReportFile, type ProfitLossReport } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox, transfer } from '../../support/sandbox.js';
import { readPdf, readWorkbook } from '../../support/report-files.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const cents = (value: number) => Math.round(value * 100);
const sectionsOf = (pl: ProfitLossReport) => Object.values(pl.sections);

async function postEntry(date: string, debitAccountId: string, creditAccountId: string, amount: number): Promise<void> {
  const entry = await acs.journalEntries.create({ date, lines: transfer(debitAccountId, creditAccountId, amount) });
  await acs.journalEntries.post(entry.id);
}

describe('profit and loss', () => {
  it('defaults to the fiscal year to date, and its net income is the current year earnings of the balance sheet', async () => {
    const today = mock.today();
    // A sale, its cost and the rent today: the year to date holds each whatever the date (on 1 January it holds only these).
    const [cash, sales, cost, rent] = await Promise.all(
      ['1110', '4100', '5100', '6100'].map(async (n) => (await accountByNumber(acs, n)).id),
    );
    await postEntry(today, cash, sales, 300);
    await postEntry(today, cost, cash, 120);
    await postEntry(today, rent, cash, 50);
    const pl = await acs.reports.profitLoss();
    expect(pl).toMatchObject({
      reportType: 'profit-loss',
      fromDate: `${today.slice(0, 4)}-01-01`,
      toDate: today,
      currency: 'MYR',
      groupBy: null,
    });
    expect(pl.columns).toEqual([{ key: 'total', label: 'Total', fromDate: pl.fromDate, toDate: today }]);
    for (const section of sectionsOf(pl)) {
      expect(cents(section.total)).toBe(section.accounts.reduce((s, a) => s + cents(a.amount), 0));
      expect(section.amounts).toEqual([section.total]);
    }
    const { revenue, costOfSales, operatingExpenses, otherIncome, otherExpenses } = pl.sections;
    expect(cents(pl.grossProfit.total)).toBe(cents(revenue.total) - cents(costOfSales.total));
    expect(cents(pl.operatingIncome.total)).toBe(cents(pl.grossProfit.total) - cents(operatingExpenses.total));
    expect(cents(pl.netIncome.total)).toBe(cents(pl.operatingIncome.total) + cents(otherIncome.total) - cents(otherExpenses.total));
    expect(revenue.accounts.map((a) => a.accountCode)).toContain('4100');
    expect(costOfSales.accounts.map((a) => a.accountCode)).toContain('5100');
    expect(operatingExpenses.accounts.map((a) => a.accountCode)).toContain('6100');
    const sheet = await acs.reports.balanceSheet({ asOfDate: today });
    expect(sheet.sections.equity.accounts.find((a) => a.accountName === 'Current year earnings')?.balance).toBe(pl.netIncome.total);
  });

  it('takes the period as periodFrom/periodTo or fromDate/toDate, and counts posted lines only', async () => {
    const one = await acs.reports.profitLoss({ periodFrom: '2026-07-01', periodTo: '2026-09-30' });
    const other = await acs.reports.profitLoss({ fromDate: '2026-07-01', toDate: '2026-09-30' });
    expect({ ...other, generatedAt: one.generatedAt }).toEqual(one);
    const [bank, rent] = await Promise.all([accountByNumber(acs, '1120'), accountByNumber(acs, '6100')]);
    await acs.journalEntries.create({ date: '2026-08-01', lines: transfer(rent.id, bank.id, 40) });
    expect((await acs.reports.profitLoss({ fromDate: '2026-07-01', toDate: '2026-09-30' })).netIncome.total).toBe(one.netIncome.total);
    await postEntry('2026-08-01', rent.id, bank.id, 40);
    const after = await acs.reports.profitLoss({ fromDate: '2026-07-01', toDate: '2026-09-30' });
    expect(cents(after.netIncome.total)).toBe(cents(one.netIncome.total) - 4000);
    expect(cents(after.sections.operatingExpenses.accounts.find((a) => a.accountId === rent.id)!.amount)).toBe(
      cents(one.sections.operatingExpenses.accounts.find((a) => a.accountId === rent.id)?.amount ?? 0) + 4000,
    );
  });

  it('puts accounts by category: cost of goods sold is cost of sales, other revenue and other expenses stand apart', async () => {
    const bank = await accountByNumber(acs, '1120');
    const freight = await acs.accounts.create({ accountNumber: '5250', name: 'Duties', type: 'expense', category: 'cost_of_goods_sold' });
    const interest = await acs.accounts.create({ accountNumber: '6950', name: 'Interest', type: 'expense', category: 'other_expense' });
    const otherIncome = await accountByNumber(acs, '4900');
    await postEntry(mock.today(), freight.id, bank.id, 30);
    await postEntry(mock.today(), interest.id, bank.id, 20);
    await postEntry(mock.today(), bank.id, otherIncome.id, 15);
    const pl = await acs.reports.profitLoss();
    const where = (id: string) => Object.entries(pl.sections).find(([, s]) => s.accounts.some((a) => a.accountId === id))?.[0];
    expect([where(freight.id), where(interest.id), where(otherIncome.id)]).toEqual(['costOfSales', 'otherExpenses', 'otherIncome']);
  });

  it('groups by month, quarter or year into columns clipped to the period that add up to the totals', async () => {
    const months = await acs.reports.profitLoss({ fromDate: '2026-07-15', toDate: '2026-10-10', groupBy: 'month' });
    expect(months.columns).toEqual([
      { key: '2026-07', label: 'Jul 2026', fromDate: '2026-07-15', toDate: '2026-07-31' },
      { key: '2026-08', label: 'Aug 2026', fromDate: '2026-08-01', toDate: '2026-08-31' },
      { key: '2026-09', label: 'Sep 2026', fromDate: '2026-09-01', toDate: '2026-09-30' },
      { key: '2026-10', label: 'Oct 2026', fromDate: '2026-10-01', toDate: '2026-10-10' },
    ]);
    const august = await acs.reports.profitLoss({ fromDate: '2026-08-01', toDate: '2026-08-31' });
    expect(months.netIncome.amounts[1]).toBe(august.netIncome.total);
    for (const line of [...sectionsOf(months), months.netIncome])
      expect(cents(line.total)).toBe(line.amounts.reduce((s, a) => s + cents(a), 0));
    for (const account of months.sections.revenue.accounts) expect(account.amounts).toHaveLength(4);
    const quarters = await acs.reports.profitLoss({ fromDate: '2026-02-01', toDate: '2026-11-30', groupBy: 'quarter' });
    expect(quarters.columns.map((c) => [c.key, c.fromDate, c.toDate])).toEqual([
      ['FY2026-Q1', '2026-02-01', '2026-03-31'],
      ['FY2026-Q2', '2026-04-01', '2026-06-30'],
      ['FY2026-Q3', '2026-07-01', '2026-09-30'],
      ['FY2026-Q4', '2026-10-01', '2026-11-30'],
    ]);
    const years = await acs.reports.profitLoss({ fromDate: '2025-06-01', toDate: '2026-11-30', groupBy: 'year' });
    expect(years.columns.map((c) => [c.label, c.fromDate, c.toDate])).toEqual([
      ['FY2025', '2025-06-01', '2025-12-31'],
      ['FY2026', '2026-01-01', '2026-11-30'],
    ]);
    expect(years.netIncome.amounts[1]).toBe(
      (await acs.reports.profitLoss({ fromDate: '2026-01-01', toDate: '2026-11-30' })).netIncome.total,
    );
  });

  it('compares with the previous period, the previous year or a custom period', async () => {
    const quarter = await acs.reports.profitLoss({ fromDate: '2026-07-01', toDate: '2026-09-30', comparativePeriod: 'previous-period' });
    expect(quarter.comparative).toEqual({ enabled: true, fromDate: '2026-04-01', toDate: '2026-06-30' });
    const days = await acs.reports.profitLoss({ fromDate: '2026-07-10', toDate: '2026-07-19', comparativePeriod: 'previous-period' });
    expect(days.comparative).toMatchObject({ fromDate: '2026-06-30', toDate: '2026-07-09' });
    const lastYear = await acs.reports.profitLoss({ fromDate: '2026-10-01', toDate: '2026-10-31', comparativePeriod: 'previous-year' });
    expect(lastYear.comparative).toMatchObject({ fromDate: '2025-10-01', toDate: '2025-10-31' });
    const custom = await acs.reports.profitLoss({
      fromDate: '2026-10-01',
      toDate: '2026-10-31',
      comparativePeriod: 'custom',
      compareFromDate: '2026-09-01',
      compareToDate: '2026-09-30',
    });
    const september = await acs.reports.profitLoss({ fromDate: '2026-09-01', toDate: '2026-09-30' });
    expect(custom.netIncome.comparativeTotal).toBe(september.netIncome.total);
    expect(custom.netIncome.variance).toBeCloseTo(custom.netIncome.total - september.netIncome.total, 2);
    for (const account of custom.sections.operatingExpenses.accounts) {
      expect(account.comparativeAmount).toBe(
        september.sections.operatingExpenses.accounts.find((a) => a.accountId === account.accountId)?.amount ?? 0,
      );
    }
    expect((await acs.reports.profitLoss()).netIncome).toMatchObject({ comparativeTotal: null, variance: null, variancePercent: null });
  });

  it('refuses mixed spellings, half a pair, a department, and a custom comparison without its dates with 400 INVALID_PARAMETERS', async () => {
    const cases: [Parameters<typeof acs.reports.profitLoss>[0], string][] = [
      [{ periodFrom: '2026-01-01', periodTo: '2026-03-31', fromDate: '2026-01-01', toDate: '2026-03-31' }, 'fromDate'],
      [{ periodFrom: '2026-01-01', toDate: '2026-03-31' }, 'periodTo'],
      [{ toDate: '2026-03-31' }, 'fromDate'],
      [{ comparativePeriod: 'custom', compareFromDate: '2025-01-01' }, 'compareToDate'],
      [{ comparativePeriod: 'custom' }, 'compareFromDate'],
      [{ compareFromDate: '2025-01-01', compareToDate: '2025-03-31' }, 'compareFromDate'],
      [{ departmentId: 'dep_sales' }, 'departmentId'],
      [{ groupBy: 'week' as 'month' }, 'groupBy'],
    ];
    for (const [query, field] of cases) {
      const error = await failureOf(acs.reports.profitLoss(query));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS', details: [expect.objectContaining({ field })] });
    }
  });

  it('answers reversed or over-long periods with 400 INVALID_DATE_RANGE in the spelling the caller used', async () => {
    const reversed = await failureOf(acs.reports.profitLoss({ periodFrom: '2026-03-31', periodTo: '2026-01-01' }));
    expect(reversed).toMatchObject({
      status: 400,
      code: 'INVALID_DATE_RANGE',
      details: [expect.objectContaining({ field: 'periodFrom' }), expect.objectContaining({ field: 'periodTo' })],
    });
    const long = await failureOf(acs.reports.profitLoss({ fromDate: '2000-01-01', toDate: '2026-01-01' }));
    expect(long).toMatchObject({ status: 400, code: 'INVALID_DATE_RANGE' });
    const compare = await failureOf(
      acs.reports.profitLoss({ comparativePeriod: 'custom', compareFromDate: '2025-12-31', compareToDate: '2025-01-01' }),
    );
    expect(compare).toMatchObject({
      status: 400,
      code: 'INVALID_DATE_RANGE',
      details: [expect.objectContaining({ field: 'compareFromDate' }), expect.anything()],
    });
  });

  it('downloads as CSV: a table per section, the results, a column per period when grouped', async () => {
    const query = { fromDate: '2026-08-01', toDate: '2026-09-30', groupBy: 'month' } as const;
    const json = await acs.reports.profitLoss(query);
    const file = await acs.reports.profitLoss.download({ ...query, format: 'csv' });
    expect(file).toBeInstanceOf(ReportFile);
    expect(file.filename).toBe('profit-loss-2026-08-01-to-2026-09-30.csv');
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('section,Code,Account,Aug 2026,Sep 2026,Total');
    const [aug, sep] = json.sections.revenue.amounts;
    expect(lines).toContain(`Revenue,,Total revenue,${aug!.toFixed(2)},${sep!.toFixed(2)},${json.sections.revenue.total.toFixed(2)}`);
    expect(lines.at(-1)).toBe(
      `Results,,Net income,${json.netIncome.amounts.map((a) => a.toFixed(2)).join(',')},${json.netIncome.total.toFixed(2)}`,
    );
  });

  it('downloads a year by month with a comparison as a PDF and a workbook, every column present', async () => {
    const query = { fromDate: '2026-01-01', toDate: '2026-12-31', groupBy: 'month', comparativePeriod: 'previous-year' } as const;
    const json = await acs.reports.profitLoss(query);
    const pdf = await readPdf((await acs.reports.profitLoss.download({ ...query, format: 'pdf' })).data);
    const text = pdf.pages.join('\n').replace(/\s+/g, ' '); // narrow columns wrap their labels
    expect(text).toContain('Profit and loss');
    expect(text).toContain('Net income');
    for (const label of ['Jan 2026', 'Dec 2026', 'Variance %']) expect(text).toContain(label);
    const workbook = await readWorkbook((await acs.reports.profitLoss.download({ ...query, format: 'excel' })).data);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Revenue',
      'Cost of sales',
      'Operating expenses',
      'Other income',
      'Other expenses',
      'Results',
    ]);
    const results = workbook.getWorksheet('Results')!;
    const net = results.getRow(results.rowCount);
    expect(net.getCell(2).value).toBe('Net income');
    expect(Array.from({ length: 12 }, (_, i) => net.getCell(3 + i).value)).toEqual(json.netIncome.amounts);
    expect(net.getCell(15).value).toBe(json.netIncome.total);
  });
});
