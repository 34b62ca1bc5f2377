import { beforeEach, describe, expect, it } from 'vitest';
import {
  BusinessRuleError,
  InvalidRequestError,
  NotFoundError,
  UnprocessableEntityError,
  ValidationError,
  type AcsClient,
} from '../../../src/index.js';
import { readPdf, readWorkbook } from '../../support/report-files.js';
import { accountByNumber, failureOf, sandbox, transfer } from '../../support/sandbox.js';

// Pinned: the budgets here are for 2026, the year the demo books trade in at this date.
const { mock, acs } = sandbox({ now: '2026-11-24T04:00:00Z' });

beforeEach(() => {
  mock.reset();
});

const idOf = async (number: string) => (await accountByNumber(acs, number)).id;

async function post(client: AcsClient, date: string, debit: string, credit: string, amount: number): Promise<void> {
  const entry = await client.journalEntries.create({ date, lines: transfer(await idOf(debit), await idOf(credit), amount) });
  await client.journalEntries.post(entry.id);
}

/** A draft budget for the first quarter of 2026, before the demo books start. */
async function quarterBudget() {
  const [sales, rent] = await Promise.all([idOf('4100'), idOf('6100')]);
  return acs.budgets.create({
    name: 'Q1 2026',
    periodFrom: '2026-01',
    periodTo: '2026-03',
    lines: [
      { accountId: rent, period: '2026-02', amount: 400 },
      { accountId: sales, period: '2026-01', amount: 1000 },
      { accountId: sales, period: '2026-02', amount: 1000 },
      { accountId: rent, period: '2026-01', amount: 400 },
    ],
  });
}

describe('budgets', () => {
  it('keeps a budget for a fiscal year: twelve months from the fiscal year start, lines by account then month, totals by type', async () => {
    const seeded = (await acs.budgets.list({ status: 'active' })).data;
    expect(seeded).toHaveLength(1);
    await acs.budgets.update(seeded[0].id, { status: 'draft' });
    const [sales, rent] = await Promise.all([idOf('4100'), idOf('6100')]);
    const budget = await acs.budgets.create({
      name: 'FY2026',
      fiscalYear: 2026,
      status: 'active',
      lines: [
        { accountId: sales, period: '2026-12', amount: 1500.5 },
        { accountId: rent, period: '2026-01', amount: 400 },
        { accountId: sales, period: '2026-01', amount: 1000 },
      ],
    });
    expect(budget).toMatchObject({
      name: 'FY2026',
      fiscalYear: 2026,
      periodFrom: '2026-01',
      periodTo: '2026-12',
      status: 'active',
      description: null,
    });
    expect(budget.lines.map((l) => [l.accountId, l.period])).toEqual([
      [sales, '2026-01'],
      [sales, '2026-12'],
      [rent, '2026-01'],
    ]);
    expect(budget.totals).toEqual({ revenue: 2500.5, expense: 400, netIncome: 2100.5 });
    expect(await acs.budgets.retrieve(budget.id)).toEqual(budget);
  });

  it('refuses lines on accounts that are not revenue or expense, header accounts, months outside the budget and repeats, with 422 naming each line; nothing is stored', async () => {
    const before = (await acs.budgets.list()).data.length;
    const [bank, revenueHeader, sales] = await Promise.all([idOf('1120'), idOf('4000'), idOf('4100')]);
    const refused = await failureOf(
      acs.budgets.create({
        name: 'Bad',
        periodFrom: '2026-01',
        periodTo: '2026-03',
        lines: [
          { accountId: bank, period: '2026-01', amount: 10 },
          { accountId: revenueHeader, period: '2026-01', amount: 10 },
          { accountId: sales, period: '2026-04', amount: 10 },
          { accountId: sales, period: '2026-01', amount: 10 },
          { accountId: sales, period: '2026-01', amount: 20 },
          { accountId: 'acc_nope', period: '2026-01', amount: 10 },
        ],
      }),
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused).toMatchObject({ status: 422, code: 'VALIDATION_ERROR' });
    expect((refused as ValidationError).details).toEqual([
      expect.objectContaining({
        field: 'lines.0.accountId',
        code: 'INVALID_CHOICE',
        message: expect.stringContaining('1120 is an asset account; budgets are set on revenue and expense accounts'),
      }),
      expect.objectContaining({ field: 'lines.1.accountId', code: 'INVALID_CHOICE', message: expect.stringContaining('header account') }),
      expect.objectContaining({ field: 'lines.2.period', code: 'DATE_CONSTRAINT' }),
      expect.objectContaining({ field: 'lines.4.period', code: 'DUPLICATE_VALUE' }),
      expect.objectContaining({ field: 'lines.5.accountId', code: 'INVALID_CHOICE' }),
    ]);
    expect((await acs.budgets.list()).data).toHaveLength(before);
  });

  it('needs a fiscal year or both months, and spans at most 24 months', async () => {
    expect(await failureOf(acs.budgets.create({ name: 'No span' }))).toMatchObject({
      status: 422,
      details: [
        { field: 'periodFrom', code: 'REQUIRED_FIELD' },
        { field: 'periodTo', code: 'REQUIRED_FIELD' },
      ],
    });
    expect(await failureOf(acs.budgets.create({ name: 'Both', fiscalYear: 2026, periodFrom: '2026-01' }))).toMatchObject({
      status: 422,
      details: [{ field: 'periodFrom' }],
    });
    expect(await failureOf(acs.budgets.create({ name: 'Long', periodFrom: '2026-01', periodTo: '2028-01' }))).toMatchObject({
      status: 422,
      details: [{ field: 'periodTo', code: 'MAX_VALUE' }],
    });
    expect(await failureOf(acs.budgets.create({ name: 'Back', periodFrom: '2026-05', periodTo: '2026-01' }))).toMatchObject({
      status: 422,
      details: [{ field: 'periodTo', code: 'DATE_CONSTRAINT' }],
    });
    const bakery = acs.withCompany(mock.credentials.companies[1].id);
    // The bakery's fiscal year starts on 1 July.
    expect(await bakery.budgets.create({ name: 'FY2027', fiscalYear: 2027 })).toMatchObject({ periodFrom: '2027-07', periodTo: '2028-06' });
  });

  it('keeps at most one active budget per month: activating an overlapping one is refused until the other is a draft', async () => {
    const q1 = await quarterBudget();
    const refused = await failureOf(acs.budgets.update(q1.id, { status: 'active' }));
    expect(refused).toBeInstanceOf(BusinessRuleError);
    const [seeded] = (await acs.budgets.list({ status: 'active' })).data;
    expect(refused).toMatchObject({
      status: 422,
      code: 'BUSINESS_RULE_VIOLATION',
      details: [expect.objectContaining({ budgetId: seeded.id })],
    });
    expect((await acs.budgets.retrieve(q1.id)).status).toBe('draft');
    // Another year does not overlap.
    expect(await acs.budgets.create({ name: 'FY2030', fiscalYear: 2030, status: 'active' })).toMatchObject({ status: 'active' });
    await acs.budgets.update(seeded.id, { status: 'draft' });
    expect(await acs.budgets.update(q1.id, { status: 'active' })).toMatchObject({ status: 'active' });
  });

  it('changes lines and span, lists by status and fiscal year with cursor pages, and deletes', async () => {
    const q1 = await quarterBudget();
    const sales = await idOf('4100');
    const changed = await acs.budgets.update(q1.id, {
      name: 'Q1 and Q2',
      periodTo: '2026-06',
      lines: [{ accountId: sales, period: '2026-06', amount: 750 }],
    });
    expect(changed).toMatchObject({
      name: 'Q1 and Q2',
      periodFrom: '2026-01',
      periodTo: '2026-06',
      lines: [{ accountId: sales, period: '2026-06', amount: 750 }],
    });
    expect(await failureOf(acs.budgets.update(q1.id, { periodTo: '2026-05' }))).toMatchObject({
      status: 422,
      details: [{ field: 'lines.0.period', code: 'DATE_CONSTRAINT' }],
    });
    await acs.budgets.create({ name: 'FY2030', fiscalYear: 2030 });
    const page = await acs.budgets.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.data[0].name).toBe('FY2030'); // the latest period first
    const all: string[] = [];
    for await (const budget of acs.budgets.list({ limit: 1 })) all.push(budget.name);
    expect(all).toHaveLength(3);
    expect((await acs.budgets.list({ fiscalYear: 2030 })).data.map((b) => b.name)).toEqual(['FY2030']);
    expect((await acs.budgets.list({ status: 'draft' })).data.map((b) => b.name).sort()).toEqual(['FY2030', 'Q1 and Q2']);
    expect(await acs.budgets.delete(q1.id)).toEqual({ id: q1.id, deleted: true });
    const gone = await failureOf(acs.budgets.retrieve(q1.id));
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(gone).toMatchObject({ status: 404, code: 'BUDGET_NOT_FOUND' });
  });

  it('keeps an account a budget names from being deleted', async () => {
    const parent = await accountByNumber(acs, '6000');
    const travel = await acs.accounts.create({
      accountNumber: '6950',
      name: 'Travel',
      type: 'expense',
      category: 'operating_expense',
      parentId: parent.id,
    });
    const budget = await acs.budgets.create({
      name: 'Travel',
      periodFrom: '2027-01',
      periodTo: '2027-01',
      lines: [{ accountId: travel.id, period: '2027-01', amount: 100 }],
    });
    expect(await failureOf(acs.accounts.delete(travel.id))).toMatchObject({
      status: 422,
      code: 'ACCOUNT_IN_USE',
      details: [expect.objectContaining({ kind: 'budget', id: budget.id })],
    });
    await acs.budgets.delete(budget.id);
    expect(await acs.accounts.delete(travel.id)).toEqual({ id: travel.id, deleted: true });
  });
});

describe('budget vs actual', () => {
  it('compares a budget with the posted figures per account and month, by type and in net income', async () => {
    const q1 = await quarterBudget();
    await post(acs, '2026-01-15', '1120', '4100', 1200);
    await post(acs, '2026-01-20', '6100', '1120', 500);
    await post(acs, '2026-02-10', '1120', '4100', 800);
    await post(acs, '2026-02-11', '6100', '1120', 300);
    await post(acs, '2026-02-12', '6300', '1120', 50); // not budgeted
    const report = await acs.reports.budgetVsActual({
      budgetId: q1.id,
      periodFrom: '2026-01-01',
      periodTo: '2026-02-28',
      groupBy: 'month',
    });
    expect(report).toMatchObject({ reportType: 'budget-vs-actual', budgetId: q1.id, budgetName: 'Q1 2026', groupBy: 'month' });
    expect(report.accounts.map((a) => [a.accountCode, a.budget, a.actual, a.variance, a.variancePercent, a.favourable])).toEqual([
      ['4100', 2000, 2000, 0, 0, true],
      ['6100', 800, 800, 0, 0, true],
      ['6300', 0, 50, 50, null, false],
    ]);
    expect(report.accounts[0].periods).toEqual([
      { period: '2026-01', budget: 1000, actual: 1200, variance: 200, variancePercent: 20, favourable: true },
      { period: '2026-02', budget: 1000, actual: 800, variance: -200, variancePercent: -20, favourable: false },
    ]);
    expect(report.accounts[1].periods!.map((p) => p.favourable)).toEqual([false, true]);
    expect(report.byType).toEqual([
      { accountType: 'revenue', budget: 2000, actual: 2000, variance: 0, variancePercent: 0, favourable: true },
      { accountType: 'expense', budget: 800, actual: 850, variance: 50, variancePercent: 6.25, favourable: false },
    ]);
    expect(report.netIncome).toEqual({ budget: 1200, actual: 1150, variance: -50, variancePercent: -4.17, favourable: false });
    expect(report.netIncomeByPeriod!.map((p) => [p.period, p.budget, p.actual])).toEqual([
      ['2026-01', 600, 700],
      ['2026-02', 600, 450],
    ]);
  });

  it("counts a month's budget pro rata by days when the period ends inside it, and by fiscal quarter when asked", async () => {
    const q1 = await quarterBudget();
    const half = await acs.reports.budgetVsActual({ budgetId: q1.id, periodFrom: '2026-01-01', periodTo: '2026-01-15' });
    expect(half.accounts.find((a) => a.accountCode === '4100')!.budget).toBe(483.87); // 1000 * 15 / 31
    const whole = await acs.reports.budgetVsActual({ budgetId: q1.id, groupBy: 'quarter' });
    expect(whole).toMatchObject({ periodFrom: '2026-01-01', periodTo: '2026-03-31' });
    expect(whole.netIncomeByPeriod).toEqual([expect.objectContaining({ period: 'FY2026-Q1', budget: 1200 })]);
  });

  it('reads the active budget by default, and answers 422 INSUFFICIENT_DATA when no budget covers the period', async () => {
    const report = await acs.reports.budgetVsActual();
    const [active] = (await acs.budgets.list({ status: 'active' })).data;
    expect(report).toMatchObject({ budgetId: active.id, periodTo: mock.today() });
    expect(report.byType.map((t) => t.accountType)).toEqual(['revenue', 'expense']);
    const none = await failureOf(acs.reports.budgetVsActual({ periodFrom: '2020-01-01', periodTo: '2020-12-31' }));
    expect(none).toBeInstanceOf(UnprocessableEntityError);
    expect(none).toMatchObject({ status: 422, code: 'INSUFFICIENT_DATA' });
  });

  it('answers an unknown budget with 404, one outside the period with 400 INVALID_PARAMETERS, reversed dates with 400 INVALID_DATE_RANGE', async () => {
    expect(await failureOf(acs.reports.budgetVsActual({ budgetId: 'bdg_nope' }))).toMatchObject({ status: 404, code: 'BUDGET_NOT_FOUND' });
    const q1 = await quarterBudget();
    const outside = await failureOf(acs.reports.budgetVsActual({ budgetId: q1.id, periodFrom: '2026-06-01', periodTo: '2026-06-30' }));
    expect(outside).toBeInstanceOf(InvalidRequestError);
    expect(outside).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS', details: [expect.objectContaining({ field: 'budgetId' })] });
    expect(await failureOf(acs.reports.budgetVsActual({ periodFrom: '2026-06-01', periodTo: '2026-05-01' }))).toMatchObject({
      status: 400,
      code: 'INVALID_DATE_RANGE',
    });
    expect(await failureOf(acs.reports.budgetVsActual({ groupBy: 'week' as 'month' }))).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
  });

  it('shows a changed budget at once: a write to budgets makes the cached report stale', async () => {
    const q1 = await quarterBudget();
    const first = await acs.reports.budgetVsActual({ budgetId: q1.id }).withResponse();
    expect((await acs.reports.budgetVsActual({ budgetId: q1.id }).withResponse()).response.headers.get('x-report-cache')).toBe('HIT');
    await acs.budgets.update(q1.id, { lines: [{ accountId: await idOf('4100'), period: '2026-01', amount: 5000 }] });
    const fresh = await acs.reports.budgetVsActual({ budgetId: q1.id }).withResponse();
    expect(fresh.response.headers.get('x-report-cache')).toBe('MISS');
    expect(fresh.data.byType[0].budget).toBe(5000);
    expect(first.data.byType[0].budget).toBe(2000);
  });

  it('downloads as CSV: the revenue and expense accounts with their totals, then net income', async () => {
    const q1 = await quarterBudget();
    const file = await acs.reports.budgetVsActual.download({ budgetId: q1.id, format: 'csv' });
    expect(file.filename).toBe('budget-vs-actual-2026-01-01-to-2026-03-31.csv');
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('section,Code,Account,Actual,Budget,Variance,Variance %,Favourable');
    expect(lines).toContain('Revenue,,Total revenue,0.00,2000.00,-2000.00,-100,no');
    expect(lines.at(-1)).toBe('Net income,,Net income,0.00,1200.00,-1200.00,-100,no');
  });

  it('downloads as a PDF and a workbook with the figures of the JSON form: revenue, expenses, net income by period', async () => {
    const q1 = await quarterBudget();
    await post(acs, '2026-01-15', '1120', '4100', 1200);
    const query = { budgetId: q1.id, groupBy: 'month' as const };
    const json = await acs.reports.budgetVsActual(query);
    const pdf = await readPdf((await acs.reports.budgetVsActual.download({ ...query, format: 'pdf' })).data);
    const text = pdf.pages.join('\n');
    for (const expected of [
      'Budget vs actual: Q1 2026',
      '1 January 2026 to 31 March 2026',
      'Total revenue',
      'Net income variance by period',
    ])
      expect(text).toContain(expected);
    const workbook = await readWorkbook((await acs.reports.budgetVsActual.download({ ...query, format: 'excel' })).data);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Revenue', 'Expenses', 'Net income by period']);
    const column = (sheet: string, n: number) =>
      workbook
        .getWorksheet(sheet)!
        .getColumn(n)
        .values.filter((v): v is number => typeof v === 'number');
    expect(column('Revenue', 3)).toEqual([json.accounts[0].actual, json.byType[0].actual]);
    expect(column('Revenue', 4)).toEqual([json.accounts[0].budget, json.byType[0].budget]);
    expect(column('Net income by period', 5)).toEqual([...json.netIncomeByPeriod!.map((p) => p.variance), json.netIncome.variance]);
  });
});
