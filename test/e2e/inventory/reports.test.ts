import { beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

describe('acs.inventory.reports.valuation', () => {
  it('values the demo stock by the company’s FIFO ledger method, tied to the inventory account to the cent', async () => {
    const report = await acs.inventory.reports.valuation();
    expect(report).toMatchObject({ reportName: 'Inventory Valuation', asOfDate: mock.today(), valuationMethod: 'fifo', currency: 'MYR' });
    const inventory = await accountByNumber(acs, '1140');
    expect(report.summary.totalValue).toBe(inventory.balance.net);
    expect(report.summary.totalValue).toBeGreaterThan(0);
    expect(report.byLocation.map((l) => l.locationName)).toEqual(['Petaling Jaya showroom', 'Subang Jaya warehouse']);
    const byItems = report.items.reduce((sum, row) => sum + Math.round(row.totalValue * 100), 0);
    expect(byItems / 100).toBe(report.summary.totalValue);
  });

  it('answers every method of the spec for the same quantities; before the opening stock nothing is held', async () => {
    const fifo = await acs.inventory.reports.valuation();
    for (const valuationMethod of ['lifo', 'average', 'standard'] as const) {
      const other = await acs.inventory.reports.valuation({ valuationMethod });
      expect(other.valuationMethod).toBe(valuationMethod);
      expect(other.summary.totalQuantity).toBe(fifo.summary.totalQuantity);
    }
    const before = await acs.inventory.reports.valuation({ asOfDate: '2025-01-01' });
    expect(before.summary).toEqual({ totalItems: 0, totalQuantity: 0, totalValue: 0, averageValue: 0 });
  });

  it('filters by location and category, and refuses an unknown location or a malformed date', async () => {
    const showroom = (await acs.inventory.reports.valuation()).byLocation.find((l) => l.locationName === 'Petaling Jaya showroom')!;
    const atShowroom = await acs.inventory.reports.valuation({ locationId: showroom.locationId });
    expect(atShowroom.summary.totalValue).toBe(showroom.totalValue);
    const chairs = (await acs.items.list({ itemCode: 'CHR-100' })).data[0].category!;
    const ofChairs = await acs.inventory.reports.valuation({ categoryId: chairs.id });
    expect(ofChairs.byCategory.map((c) => c.categoryId)).toEqual([chairs.id]);
    expect(await failureOf(acs.inventory.reports.valuation({ locationId: 'loc_missing' }))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(acs.inventory.reports.valuation({ asOfDate: '31/12/2026' }))).toBeInstanceOf(ValidationError);
  });
});

describe('acs.inventory.reports movements, low stock and ABC analysis', () => {
  it('shows the opening stock as receipts of the period it came in', async () => {
    const report = await acs.inventory.reports.movements({ dateFrom: '2026-01-01' });
    const valuation = await acs.inventory.reports.valuation();
    expect(report.totals.opening).toEqual({ quantity: 0, value: 0 });
    expect(report.totals.closing.value).toBe(valuation.summary.totalValue);
    const initial = await acs.inventory.reports.movements({ dateFrom: '2026-01-01', type: 'initial_stock' });
    // The opening stock came in; the demo's sales took some out and a credit note brought one back (INV-28).
    expect(initial.totals.in).toEqual({ quantity: 478, value: 34680 });
    expect(report.totals.closing.value).toBe(report.totals.in.value - report.totals.out.value);
  });

  it('answers the low-stock report and the ABC analysis in their declared shapes', async () => {
    const low = await acs.inventory.reports.lowStock();
    expect(low.summary.totalItems).toBe(low.items.length);
    const abc = await acs.inventory.reports.abcAnalysis();
    expect(Object.keys(abc.classification)).toEqual(['A', 'B', 'C']);
    expect(await failureOf(acs.inventory.reports.abcAnalysis({ periodFrom: '2026-06-01', periodTo: '2026-05-01' }))).toBeInstanceOf(
      ValidationError,
    );
  });
});
