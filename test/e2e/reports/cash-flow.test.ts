import { beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError, type AcsClient, type CashFlowReport } from '../../../src/index.js';
import { readPdf, readWorkbook } from '../../support/report-files.js';
import { accountByNumber, failureOf, sandbox, transfer } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

/** Posts a two-line entry: `amount` from the credit account to the debit account. */
async function post(client: AcsClient, date: string, debit: string, credit: string, amount: number): Promise<string> {
  const [to, from] = await Promise.all([accountByNumber(client, debit), accountByNumber(client, credit)]);
  const entry = await client.journalEntries.create({
    date,
    description: `${debit} from ${credit}`,
    lines: transfer(to.id, from.id, amount),
  });
  await client.journalEntries.post(entry.id);
  return entry.id;
}

const lineOf = (report: CashFlowReport, section: keyof CashFlowReport['sections'], key: string) =>
  report.sections[section].lines.find((line) => line.key === key)?.amount;

// February 2026 holds none of the demo books (they start about four months before the mock's today).
const FEBRUARY = { periodFrom: '2026-02-01', periodTo: '2026-02-28' };

describe('cash flow', () => {
  it('explains the same net change by both methods, equal to the change of the cash and bank accounts', async () => {
    // A cash sale today: the year to date moves cash whatever the date (on 1 January the seed's trading lies before it).
    await post(acs, mock.today(), '1110', '4100', 500);
    const indirect = await acs.reports.cashFlow();
    const direct = await acs.reports.cashFlow({ method: 'direct' });
    expect(indirect).toMatchObject({ reportType: 'cash-flow', method: 'indirect', periodTo: mock.today(), currency: 'MYR' });
    expect(indirect.periodFrom).toBe(`${mock.today().slice(0, 4)}-01-01`);
    expect(direct.netChange).toBe(indirect.netChange);
    expect(indirect.netChange).not.toBe(0);
    for (const report of [direct, indirect]) {
      expect(report.reconciliation).toEqual({
        netChangeFromActivities: report.netChange,
        changeInCashAccounts: report.netChange,
        difference: 0,
        reconciled: true,
      });
      expect(report.closingCash - report.openingCash).toBeCloseTo(report.netChange, 2);
    }
    // The cash and bank roles, and the USD bank account by its name.
    expect(indirect.cashAccounts.map((a) => a.accountCode)).toEqual(['1110', '1120', '1125']);
    const balances = await Promise.all(['1110', '1120', '1125'].map((n) => accountByNumber(acs, n)));
    const closing = balances.reduce((sum, a) => sum + a.balance.debit - a.balance.credit, 0);
    expect(indirect.closingCash).toBeCloseTo(closing, 2);
  });

  it('puts each kind of entry on its line in both methods; a transfer between cash accounts and a draft move nothing', async () => {
    await post(acs, '2026-02-03', '1110', '4100', 500); // a cash sale
    await post(acs, '2026-02-05', '6100', '1120', 200); // rent paid
    await post(acs, '2026-02-10', '1210', '1120', 1000); // equipment bought
    await post(acs, '2026-02-12', '1120', '2210', 5000); // a term loan drawn
    await post(acs, '2026-02-28', '6800', '1290', 100); // depreciation: no cash
    await post(acs, '2026-02-14', '1110', '1120', 300); // cash drawn from the bank: no flow
    await post(acs, '2026-02-15', '1150', '1120', 50); // a deposit paid
    const [rent, bank] = await Promise.all([accountByNumber(acs, '6100'), accountByNumber(acs, '1120')]);
    await acs.journalEntries.create({ date: '2026-02-20', lines: transfer(rent.id, bank.id, 999) });

    const direct = await acs.reports.cashFlow({ ...FEBRUARY, method: 'direct' });
    expect(lineOf(direct, 'operating', 'receiptsFromCustomers')).toBe(500);
    expect(lineOf(direct, 'operating', 'paymentsForExpenses')).toBe(-200);
    expect(lineOf(direct, 'operating', 'otherOperating')).toBe(-50);
    expect(lineOf(direct, 'investing', 'fixedAssets')).toBe(-1000);
    expect(lineOf(direct, 'financing', 'borrowings')).toBe(5000);
    expect(direct.netChange).toBe(4250);

    const indirect = await acs.reports.cashFlow({ ...FEBRUARY });
    expect(lineOf(indirect, 'operating', 'netIncome')).toBe(200); // 500 - 200 - 100
    expect(lineOf(indirect, 'operating', 'nonCashCharges')).toBe(100);
    expect(lineOf(indirect, 'operating', 'otherCurrentAssets')).toBe(-50);
    expect(indirect.sections.operating.total).toBe(250);
    expect(lineOf(indirect, 'investing', 'fixedAssets')).toBe(-1000);
    expect(indirect.sections.financing.total).toBe(5000);
    expect(indirect.netChange).toBe(4250);
    expect(indirect.openingCash).toBe(0);
    expect(indirect.closingCash).toBe(4250);
  });

  it('an asset bought on credit is no flow in either method (IAS 7.43): it is listed as a non-cash transaction', async () => {
    const financed = await post(acs, '2026-02-10', '1210', '2210', 2400); // equipment on a term loan
    await post(acs, '2026-02-20', '2210', '1120', 400); // the first repayment: financing cash
    for (const method of ['direct', 'indirect'] as const) {
      const report = await acs.reports.cashFlow({ ...FEBRUARY, method });
      expect(report.sections.investing.total).toBe(0);
      expect(report.sections.financing.total).toBe(-400);
      expect(report.sections.operating.total).toBe(0);
      expect(report.nonCashTransactions).toEqual([
        expect.objectContaining({ journalEntryId: financed, date: '2026-02-10', activity: 'investing', amount: 2400, source: null }),
      ]);
    }
  });

  it('the demo year: an unpaid asset bill and opening stock are no flows, and the indirect sections equal the direct ones', async () => {
    const { acs: demo } = sandbox({ now: '2026-11-20T09:00:00Z' });
    const year = { periodFrom: '2026-01-01', periodTo: '2026-11-20' };
    const [direct, indirect] = await Promise.all([
      demo.reports.cashFlow({ ...year, method: 'direct' }),
      demo.reports.cashFlow({ ...year, method: 'indirect' }),
    ]);
    for (const name of ['operating', 'investing', 'financing'] as const)
      expect(indirect.sections[name].total).toBe(direct.sections[name].total);
    expect(lineOf(indirect, 'financing', 'openingBalances')).toBe(0);
    const nonCash = indirect.nonCashTransactions.map((t) => `${t.source?.type} ${t.activity} ${t.amount}`);
    expect(nonCash).toEqual(
      expect.arrayContaining(['bill investing 2400', 'stock_adjustment financing 32240', 'stock_adjustment financing 2440']),
    );
  });

  it('an entry voided within the period is no flow; voided after it, it counts until the void date', async () => {
    const sale = await post(acs, '2026-02-03', '1110', '4100', 500);
    await acs.journalEntries.void(sale, { reason: 'keyed twice', voidDate: '2026-02-04' });
    const loan = await post(acs, '2026-02-12', '1120', '2210', 5000);
    await acs.journalEntries.void(loan, { reason: 'drawn in March', voidDate: '2026-03-02' });
    for (const method of ['direct', 'indirect'] as const) {
      expect((await acs.reports.cashFlow({ ...FEBRUARY, method })).netChange).toBe(5000);
      const march = await acs.reports.cashFlow({ periodFrom: '2026-03-01', periodTo: '2026-03-31', method });
      expect(march).toMatchObject({ openingCash: 5000, netChange: -5000, closingCash: 0 });
      expect(march.sections.financing.total).toBe(-5000);
    }
  });

  it('counts a new current asset named as a bank account as cash, at once (the cache reads the chart)', async () => {
    expect((await acs.reports.cashFlow({ ...FEBRUARY })).cashAccounts).toHaveLength(3);
    const parent = await accountByNumber(acs, '1100');
    const savings = await acs.accounts.create({
      accountNumber: '1126',
      name: 'CIMB Bank Savings',
      type: 'asset',
      category: 'current_asset',
      parentId: parent.id,
    });
    const report = await acs.reports.cashFlow({ ...FEBRUARY });
    expect(report.cashAccounts.map((a) => a.accountId)).toContain(savings.id);
  });

  it('answers a reversed period with 400 INVALID_DATE_RANGE and an unknown method with 400 INVALID_PARAMETERS', async () => {
    const reversed = await failureOf(acs.reports.cashFlow({ periodFrom: '2026-03-01', periodTo: '2026-02-01' }));
    expect(reversed).toBeInstanceOf(InvalidRequestError);
    expect(reversed).toMatchObject({
      status: 400,
      code: 'INVALID_DATE_RANGE',
      details: [expect.objectContaining({ field: 'periodFrom' }), expect.objectContaining({ field: 'periodTo' })],
    });
    const method = await failureOf(acs.reports.cashFlow({ method: 'sideways' as 'direct' }));
    expect(method).toMatchObject({ status: 400, code: 'INVALID_PARAMETERS', details: [expect.objectContaining({ field: 'method' })] });
  });

  it('downloads as CSV: a row per line of each section, then the cash it explains', async () => {
    await post(acs, '2026-02-03', '1110', '4100', 500);
    const file = await acs.reports.cashFlow.download({ ...FEBRUARY, method: 'direct', format: 'csv' });
    expect(file.filename).toBe('cash-flow-direct-2026-02-01-to-2026-02-28.csv');
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('section,Item,Amount');
    expect(lines).toContain('Operating activities,Receipts from customers,500.00');
    expect(lines).toContain('Operating activities,Net cash from operating activities,500.00');
    expect(lines.at(-1)).toBe('Cash,Cash at the end of the period,500.00');
  });

  it('downloads as a PDF and a workbook with the figures of the JSON form: a sheet per section, then the cash', async () => {
    await post(acs, '2026-02-03', '1110', '4100', 500);
    await post(acs, '2026-02-10', '1210', '1120', 1000);
    const json = await acs.reports.cashFlow({ ...FEBRUARY });
    const pdf = await readPdf((await acs.reports.cashFlow.download({ ...FEBRUARY, format: 'pdf' })).data);
    const text = pdf.pages.join('\n');
    for (const expected of [
      'Cash flow statement (indirect method)',
      '1 February 2026 to 28 February 2026',
      'Net cash from investing activities',
      '(1,000.00)',
      'Cash at the end of the period',
    ]) {
      expect(text).toContain(expected);
    }
    const workbook = await readWorkbook((await acs.reports.cashFlow.download({ ...FEBRUARY, format: 'excel' })).data);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Operating activities',
      'Investing activities',
      'Financing activities',
      'Cash',
    ]);
    const amounts = (name: string) =>
      workbook
        .getWorksheet(name)!
        .getColumn(2)
        .values.filter((v): v is number => typeof v === 'number');
    expect(amounts('Operating activities')).toEqual([...json.sections.operating.lines.map((l) => l.amount), json.sections.operating.total]);
    expect(amounts('Cash')).toEqual([json.openingCash, json.netChange, json.closingCash]);
  });
});
