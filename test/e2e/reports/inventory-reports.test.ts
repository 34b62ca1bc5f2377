import { beforeEach, describe, expect, it } from 'vitest';
import { stockAgingDefinition } from '../../../mock-server/domain/reports/index.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';
import { locationByCode, newStockItem } from '../inventory/support.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const inventoryAccount = async () => (await accountByNumber(acs, '1140')).balance.net;

describe('stock valuation report', () => {
  it("is the inventory module's valuation with reportType and stamp, and its total equals the inventory account (1140)", async () => {
    const report = await acs.reports.stockValuation();
    const module = await acs.inventory.reports.valuation();
    expect(report).toMatchObject({
      reportType: 'stock-valuation',
      asOfDate: mock.today(),
      generatedAt: expect.any(String),
      generatedBy: expect.any(String),
    });
    expect(report.summary).toEqual(module.summary);
    expect(report.items).toEqual(module.items);
    expect(report.summary.totalValue).toBeGreaterThan(0);
    expect(report.summary.totalValue).toBeCloseTo(await inventoryAccount(), 2);
  });

  it('stays equal to the inventory account after stock comes in and goes out', async () => {
    const item = await newStockItem(acs, 7.5);
    const warehouse = await locationByCode(acs, 'WH-SJ');
    await acs.inventory.adjustments.create({
      reason: 'found',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: 9, unitCost: 7.25 }],
    });
    await acs.inventory.adjustments.create({
      reason: 'damaged',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: -4 }],
    });
    const report = await acs.reports.stockValuation();
    expect(report.items.find((row) => row.itemId === item.id)).toMatchObject({ quantity: 5, totalValue: 36.25 });
    expect(report.summary.totalValue).toBeCloseTo(await inventoryAccount(), 2);
  });

  it('downloads as CSV with the items and a total row', async () => {
    const file = await acs.reports.stockValuation.download({ format: 'csv' });
    expect(file.filename).toBe(`stock-valuation-${mock.today()}.csv`);
    const json = await acs.reports.stockValuation();
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('section,Code,Item,Quantity,Average cost,Value,Location,Items,Quantity,Category');
    expect(lines).toContain(`Items,,Total,${json.summary.totalQuantity},,${json.summary.totalValue.toFixed(2)},,,,`);
  });
});

describe('inventory movement report', () => {
  it('is the movements report: opening + in - out = closing', async () => {
    const report = await acs.reports.inventoryMovement({ dateFrom: '2026-01-01' });
    const module = await acs.inventory.reports.movements({ dateFrom: '2026-01-01' });
    expect(report).toMatchObject({ reportType: 'inventory-movement', periodFrom: '2026-01-01', periodTo: mock.today() });
    expect(report.totals).toEqual(module.totals);
    const { opening, in: inflow, out, closing } = report.totals;
    expect(opening.value + inflow.value - out.value).toBeCloseTo(closing.value, 2);
  });

  it('answers dateFrom after dateTo with 400 INVALID_DATE_RANGE, and an unknown format with FORMAT_NOT_SUPPORTED', async () => {
    const range = await failureOf(acs.reports.inventoryMovement({ dateFrom: '2026-06-01', dateTo: '2026-05-01' }));
    expect(range).toMatchObject({ status: 400, code: 'INVALID_DATE_RANGE' });
    const format = await failureOf(acs.reports.inventoryMovement({ format: 'docx' as 'json' }));
    expect(format).toMatchObject({ status: 400, code: 'FORMAT_NOT_SUPPORTED' });
  });
});

describe('stock aging report', () => {
  it('ages what is held by its receipt date, first in first out, in five bands', async () => {
    const item = await newStockItem(acs, 5);
    const warehouse = await locationByCode(acs, 'WH-SJ');
    const today = mock.today();
    const receive = (days: number, quantity: number, unitCost: number) =>
      acs.inventory.adjustments.create({
        reason: 'found',
        date: addDays(today, -days),
        locationId: warehouse.id,
        items: [{ itemId: item.id, adjustmentQuantity: quantity, unitCost }],
      });
    await receive(200, 10, 5);
    await receive(100, 4, 6);
    await receive(45, 5, 6);
    await receive(10, 2, 8);
    // Takes the 10 received 200 days ago and 1 of the 4 received 100 days ago.
    await acs.inventory.adjustments.create({
      reason: 'damaged',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: -11 }],
    });

    const report = await acs.reports.stockAging();
    const row = report.items.find((r) => r.itemId === item.id)!;
    expect(row).toMatchObject({ quantity: 10, value: 64, oldestReceiptDate: addDays(today, -100) });
    expect(row.periods.map((p) => p.quantity)).toEqual([2, 5, 0, 3, 0]);
    expect(row.periods.reduce((sum, p) => sum + p.value, 0)).toBeCloseTo(row.value, 2);
    expect(row.averageAgeDays).toBeCloseTo((2 * 10 + 5 * 45 + 3 * 100) / 10, 1);
    expect(report.agingPeriods.map((p) => [p.periodName, p.fromDays, p.toDays])).toEqual([
      ['0-30 days', 0, 30],
      ['31-60 days', 31, 60],
      ['61-90 days', 61, 90],
      ['91-180 days', 91, 180],
      ['Over 180 days', 181, null],
    ]);
  });

  it('adds up to the stock valuation, and so to the inventory account', async () => {
    const aging = await acs.reports.stockAging();
    const valuation = await acs.reports.stockValuation();
    expect(aging.summary.totalValue).toBe(valuation.summary.totalValue);
    expect(aging.agingPeriods.reduce((sum, p) => sum + p.value, 0)).toBeCloseTo(valuation.summary.totalValue, 2);
    expect(aging.summary.totalValue).toBeCloseTo(await inventoryAccount(), 2);
  });

  it('lays out a table per item with a column per band and a chart of the band values', async () => {
    const report = await acs.reports.stockAging();
    const layout = stockAgingDefinition.layout(report, {});
    expect(layout.chart).toEqual({
      title: 'Stock value by age',
      labels: report.agingPeriods.map((p) => p.periodName),
      values: report.agingPeriods.map((p) => p.value),
    });
    expect(layout.tables[0].columns.map((c) => c.label)).toEqual([
      'Code',
      'Item',
      'Quantity',
      '0-30 days',
      '31-60 days',
      '61-90 days',
      '91-180 days',
      'Over 180 days',
      'Value',
    ]);
    expect(layout.tables[0].totals).toMatchObject({ itemName: 'Total', value: report.summary.totalValue });
    const file = await acs.reports.stockAging.download({ format: 'csv' });
    expect(file.filename).toBe(`stock-aging-${mock.today()}.csv`);
    expect(file.text().trim().split('\r\n')).toHaveLength(report.items.length + 2);
  });
});

describe('low stock alert report', () => {
  it('is the low stock report of the inventory module', async () => {
    const item = await newStockItem(acs, 5, 10);
    const report = await acs.reports.lowStockAlert();
    expect(report.reportType).toBe('low-stock-alert');
    expect(report.items).toEqual((await acs.inventory.reports.lowStock()).items);
    expect(report.items.find((row) => row.itemId === item.id)).toMatchObject({ status: 'out_of_stock' });
  });

  it('answers an unknown location with 404, as the inventory report does', async () => {
    expect(await failureOf(acs.reports.lowStockAlert({ locationId: 'loc_none' }))).toMatchObject({ status: 404 });
  });
});
