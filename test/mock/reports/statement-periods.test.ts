import { describe, expect, it } from 'vitest';
import { balanceSheet, profitLoss, type ReportContext, WorkBudget } from '../../../mock-server/domain/reports/index.js';
import { balanceSheetReport } from '../../../mock-server/domain/reports/financial/balance-sheet-report.js';
import { profitLossReport } from '../../../mock-server/domain/reports/financial/profit-loss-report.js';
import { placeOf } from '../../../mock-server/domain/reports/financial/statement-figures.js';
import { periodColumns } from '../../../mock-server/domain/reports/financial/statement-periods.js';
import { addMonths } from '../../../mock-server/domain/shared/calendar.js';
import { world } from '../support/domain.js';

const w = world();
const [trading, bakery] = w.seeded.companies.map((c) => w.ctxFor(c.id));
const reportCtx = (ctx = trading!): ReportContext => ({
  ...ctx,
  budget: new WorkBudget(Number.POSITIVE_INFINITY, () => new Error('unbounded')),
  generatedBy: 'test',
});

describe('statement dates', () => {
  it('moves by whole months, keeping a month end a month end', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-09-30', -1)).toBe('2026-08-31');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2024-02-29', -12)).toBe('2023-02-28');
    expect(addMonths('2023-02-28', 12)).toBe('2024-02-29');
    expect(addMonths('2026-01-30', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-01', 3)).toBe('2027-02-01');
  });

  it("groups quarters and years by the company's fiscal year (the bakery's starts on 1 July)", () => {
    const period = { from: '2026-05-10', to: '2027-01-20' };
    expect(periodColumns(bakery!, period, 'quarter').map((c) => [c.key, c.from, c.to])).toEqual([
      ['FY2025-Q4', '2026-05-10', '2026-06-30'],
      ['FY2026-Q1', '2026-07-01', '2026-09-30'],
      ['FY2026-Q2', '2026-10-01', '2026-12-31'],
      ['FY2026-Q3', '2027-01-01', '2027-01-20'],
    ]);
    expect(periodColumns(bakery!, period, 'year').map((c) => [c.label, c.from, c.to])).toEqual([
      ['FY2025', '2026-05-10', '2026-06-30'],
      ['FY2026', '2026-07-01', '2027-01-20'],
    ]);
  });

  it("splits current year earnings at the company's fiscal year start", () => {
    const sheet = balanceSheet(reportCtx(bakery), { asOfDate: '2026-11-20' });
    const current = sheet.sections.equity.accounts.find((a) => a.accountName === 'Current year earnings');
    const pl = profitLoss(reportCtx(bakery), {});
    expect(pl.fromDate).toBe('2026-07-01');
    expect(current?.balance ?? 0).toBe(pl.netIncome.total);
    expect(sheet.balanceCheck.balanced).toBe(true);
  });
});

describe('statement layout', () => {
  it('places the stock cost roles in cost of sales whatever their category', () => {
    expect(placeOf({ type: 'expense', category: 'operating_expense', systemRole: 'inventory_adjustment' })).toBe('costOfSales');
    expect(placeOf({ type: 'expense', category: 'operating_expense', systemRole: null })).toBe('operatingExpenses');
    expect(placeOf({ type: 'asset', category: 'other_asset', systemRole: null })).toBe('nonCurrentAssets');
    expect(placeOf({ type: 'liability', category: 'other_liability', systemRole: null })).toBe('nonCurrentLiabilities');
  });

  it('lays the balance sheet out as assets, liabilities and equity with the balance check, and the drill-down as its own table', () => {
    const params = { asOfDate: '2026-11-20', includeDrillDown: true };
    const sheet = balanceSheet(reportCtx(), params);
    const layout = balanceSheetReport.layout(sheet, params);
    expect(layout.tables.map((t) => t.name)).toEqual(['Assets', 'Liabilities', 'Equity', 'Drill-down']);
    expect(layout.tables[0]!.totals).toMatchObject({ accountName: 'Total assets', total: sheet.sections.assets.total });
    expect(layout.notes![0]).toMatch(/^Balanced: total assets [\d,.]+ equal total liabilities and equity [\d,.]+\.$/);
    const lines = [sheet.sections.assets.currentAssets, sheet.sections.equity].flatMap((g) => g.accounts).flatMap((a) => a.lines ?? []);
    expect(layout.tables[3]!.rows.length).toBeGreaterThanOrEqual(lines.length);
    expect(balanceSheetReport.filename(sheet, params)).toBe('balance-sheet-2026-11-20');
  });

  it('lays the profit and loss out as a table per section and the results, with the comparison columns when compared', () => {
    const params = { fromDate: '2026-07-01', toDate: '2026-09-30', comparativePeriod: 'previous-period' } as const;
    const pl = profitLoss(reportCtx(), params);
    const layout = profitLossReport.layout(pl, params);
    expect(layout.tables.map((t) => t.name)).toEqual([
      'Revenue',
      'Cost of sales',
      'Operating expenses',
      'Other income',
      'Other expenses',
      'Results',
    ]);
    expect(layout.tables[0]!.columns.map((c) => c.label)).toEqual([
      'Code',
      'Account',
      'Total',
      '2026-04-01 to 2026-06-30',
      'Variance',
      'Variance %',
    ]);
    expect(layout.tables.at(-1)!.totals).toMatchObject({
      accountName: 'Net income',
      total: pl.netIncome.total,
      comparativeTotal: pl.netIncome.comparativeTotal,
    });
    expect(layout.notes).toContain('Compared with 1 April 2026 to 30 June 2026.');
  });
});
