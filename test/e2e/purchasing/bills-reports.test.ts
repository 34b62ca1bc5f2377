import { beforeEach, describe, expect, it } from 'vitest';
import { accountByNumber, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const payablesOn = async (dateTo?: string) => {
  const account = await accountByNumber(acs, '2110');
  return dateTo
    ? (await acs.accounts.ledger(account.id, { dateTo })).closingBalance
    : (await acs.accounts.retrieve(account.id)).balance.net;
};

describe('payables reports and the demo bills', () => {
  it('the demo shows bills open, overdue, part paid, paid and draft, and payables equal the supplier balances', async () => {
    const statuses = new Set<string>();
    for await (const bill of acs.bills.list()) statuses.add(bill.status);
    expect([...statuses].sort()).toEqual(['draft', 'open', 'overdue', 'paid', 'partially_paid']);
    const owed = (await acs.suppliers.list({ limit: 100 })).data.reduce((sum, s) => sum + s.currentBalance, 0);
    expect(Math.round(owed * 100)).toBe(Math.round((await payablesOn()) * 100));
    const overdue = (await acs.bills.list({ status: 'overdue' })).data[0];
    expect(overdue.attachments).toEqual([expect.objectContaining({ filename: 'KPM-24-0917.pdf', mimeType: 'application/pdf' })]);
  });

  it('aged payables buckets what is owed by days past due, and its total is the payables control account', async () => {
    const report = await acs.reports.purchasing.agedPayables();
    expect(report.totals.total).toBe(await payablesOn());
    expect(report.totals.days1To30).toBeGreaterThan(0);
    expect(report.totals.current).toBeGreaterThan(0);
    for (const row of report.suppliers) {
      expect(row.total).toBe(Math.round((row.current + row.days1To30 + row.days31To60 + row.days61To90 + row.over90) * 100) / 100);
    }
    mock.clock.advance({ days: 70 });
    const later = await acs.reports.purchasing.agedPayables();
    expect(later.totals.total).toBe(report.totals.total);
    expect(later.totals.days61To90 + later.totals.over90).toBeGreaterThan(0);
  });

  it('aged payables on a past date counts the bills and payments dated by then, as the ledger does', async () => {
    const today = (await acs.reports.purchasing.agedPayables()).asOfDate;
    const past = new Date(Date.parse(`${today}T00:00:00Z`) - 8 * 86_400_000).toISOString().slice(0, 10);
    const report = await acs.reports.purchasing.agedPayables({ asOfDate: past });
    expect(report.asOfDate).toBe(past);
    expect(report.totals.total).toBe(await payablesOn(past));
  });

  it('spend analysis sums approved bills as the ledger counts them by supplier, account, category and month', async () => {
    const spend = await acs.reports.purchasing.spendAnalysis();
    const sum = (rows: { amount: number }[]) => Math.round(rows.reduce((s, r) => s + r.amount, 0) * 100) / 100;
    expect(spend.total).toBeGreaterThan(0);
    for (const groups of [spend.bySupplier, spend.byAccount, spend.byCategory, spend.byMonth]) expect(sum(groups)).toBe(spend.total);
    expect(spend.byAccount.map((a) => a.key)).toContain('2150');
    expect(spend.byCategory.map((c) => c.name)).toContain('Furniture / Office Chairs');
    expect(spend.byMonth.map((m) => m.key)).toEqual([...spend.byMonth.map((m) => m.key)].sort());
    const none = await acs.reports.purchasing.spendAnalysis({ fromDate: '2020-01-01', toDate: '2020-12-31' });
    expect(none).toMatchObject({ total: 0, bySupplier: [] });
  });
});
