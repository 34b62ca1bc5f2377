import { beforeEach, describe, expect, it } from 'vitest';
import {
  abcAnalysis,
  changeCommitted,
  createItem,
  createItemCategory,
  locationsTable,
  lowStockReport,
  recordStockMovements,
  stockMovementsReport,
  type ItemRow,
  type StockMovementType,
} from '../../../mock-server/domain/inventory/index.js';
import { refusal, world, type World } from '../support/domain.js';

let w: World;
let warehouse: string;
let showroom: string;
let categoryId: string;

beforeEach(() => {
  w = world();
  warehouse = locationsTable(w.ctx).byIndex('code', 'WH-SJ')[0].id;
  showroom = locationsTable(w.ctx).byIndex('code', 'SR-PJ')[0].id;
  categoryId = createItemCategory(w.ctx, { name: 'Report test' }).id;
});

const item = (itemCode: string, costPrice: number, inventory: Partial<ItemRow['inventory']> = {}) =>
  createItem(w.ctx, {
    itemCode,
    name: itemCode,
    type: 'inventory',
    categoryId,
    pricing: { costPrice, sellingPrice: costPrice * 2 },
    inventory,
  });

let documents = 0;
function move(
  itemId: string,
  date: string,
  quantity: number,
  type: StockMovementType,
  options: { unitCost?: number; locationId?: string } = {},
) {
  const source = { type: 'test', id: `doc_${++documents}`, number: null };
  recordStockMovements(w.ctx, [
    { date, itemId, locationId: options.locationId ?? warehouse, quantity, unitCost: options.unitCost, type, source },
  ]);
}

describe('the movements report', () => {
  it('shows opening, in, out and closing per item at the recorded cost, and opening + in - out = closing', () => {
    const lamp = item('LMP', 10);
    move(lamp.id, '2026-05-20', 10, 'adjustment', { unitCost: 10 }); // before the period: opening 10 = 100.00
    move(lamp.id, '2026-06-03', 5, 'adjustment', { unitCost: 12 }); // in 5 = 60.00
    move(lamp.id, '2026-06-10', -12, 'sale'); // FIFO: 10 @ 10.00 + 2 @ 12.00 = 124.00 out
    move(lamp.id, '2026-07-02', -1, 'sale'); // after the period
    const report = stockMovementsReport(w.ctx, { dateFrom: '2026-06-01', dateTo: '2026-06-30', categoryId });
    expect(report.items).toEqual([
      {
        itemId: lamp.id,
        itemCode: 'LMP',
        itemName: 'LMP',
        opening: { quantity: 10, value: 100 },
        in: { quantity: 5, value: 60 },
        out: { quantity: 12, value: 124 },
        closing: { quantity: 3, value: 36 },
        movementCount: 2,
      },
    ]);
    expect(report.totals.closing).toEqual({ quantity: 3, value: 36 });
    const sales = stockMovementsReport(w.ctx, { dateFrom: '2026-06-01', dateTo: '2026-06-30', categoryId, type: 'sale' });
    expect(sales.items[0]).toMatchObject({
      in: { quantity: 0, value: 0 },
      out: { quantity: 12, value: 124 },
      closing: { quantity: 3, value: 36 },
      movementCount: 1,
    });
  });

  it('defaults to the 31 days up to today and refuses a period that ends before it starts', () => {
    const report = stockMovementsReport(w.ctx, {});
    expect([report.periodFrom, report.periodTo]).toEqual(['2026-10-21', '2026-11-20']);
    expect(refusal(() => stockMovementsReport(w.ctx, { dateFrom: '2026-12-01' })).details[0]).toMatchObject({
      field: 'dateTo',
      code: 'DATE_CONSTRAINT',
    });
  });
});

describe('the low-stock report', () => {
  it('lists items at or below their minimum or reorder point with an order that refills them, less what is on order', () => {
    const pen = item('PEN', 2, { minimumStock: 5, reorderPoint: 10, reorderQuantity: 50 });
    const ink = item('INK', 3, { minimumStock: 5, reorderPoint: 10, maximumStock: 40 });
    const pad = item('PAD', 4, { minimumStock: 5, reorderPoint: 10 });
    item('NIB', 1, { minimumStock: 1 }); // nothing on hand: out of stock
    move(pen.id, '2026-11-01', 8, 'adjustment'); // 8 <= reorder point 10
    move(ink.id, '2026-11-01', 4, 'adjustment'); // 4 <= minimum 5
    move(pad.id, '2026-11-01', 30, 'adjustment'); // above both: not listed
    changeCommitted(w.ctx, ink.id, warehouse, 'onOrder', 6);
    const report = lowStockReport(w.ctx, { categoryId });
    expect(report.items.map((row) => [row.itemCode, row.status, row.currentStock, row.suggestedQuantity, row.suggestedValue])).toEqual([
      ['INK', 'below_minimum', 4, 30, 90], // up to the maximum 40: 40 - 4 on hand - 6 on order = 30 @ 3.00
      ['NIB', 'out_of_stock', 0, 1, 1], // up to the minimum 1
      ['PEN', 'at_reorder_point', 8, 50, 100], // 10 - 8 = 2, raised to the reorder quantity 50 @ 2.00
    ]);
    expect(report.summary).toEqual({ totalItems: 3, outOfStock: 1, belowMinimum: 1, atReorderPoint: 1, suggestedValue: 191 });
  });

  it('at one location compares that location’s stock with the item’s levels', () => {
    const pen = item('PEN', 2, { minimumStock: 5 });
    move(pen.id, '2026-11-01', 20, 'adjustment');
    expect(lowStockReport(w.ctx, { categoryId }).items).toEqual([]);
    expect(lowStockReport(w.ctx, { categoryId, locationId: showroom }).items.map((row) => [row.itemCode, row.status])).toEqual([
      ['PEN', 'out_of_stock'],
    ]);
  });
});

describe('the ABC analysis', () => {
  it('ranks items by the cost of sales usage less returns and classes them 80/15/5 by cumulative value', () => {
    // Costs of sales in the period: A1 700.00, B1 150.00, B2 100.00, C1 50.00; total 1,000.00.
    const codes = [
      ['A1', 70, 10],
      ['B1', 15, 10],
      ['B2', 10, 10],
      ['C1', 5, 10],
    ] as const;
    const rows = codes.map(([code, cost]) => item(code, cost));
    for (const row of rows) move(row.id, '2026-03-01', 20, 'adjustment');
    for (const [i, row] of rows.entries()) move(row.id, '2026-04-01', -codes[i][2] - 1, 'sale');
    for (const row of rows) move(row.id, '2026-04-02', 1, 'sale_return', { unitCost: row.pricing.costPrice });
    const report = abcAnalysis(w.ctx, { periodFrom: '2026-01-01', periodTo: '2026-12-31', categoryId });
    // A1: nothing above it -> A, 70 %. B1: 70 % above -> A (it crosses 80 %), 85 %. B2: 85 % above -> B, 95 %. C1: 95 % above -> C.
    expect(
      report.items.map((row) => [
        row.itemCode,
        row.classification,
        row.annualUsage,
        row.unitCost,
        row.annualValue,
        row.cumulativePercentage,
      ]),
    ).toEqual([
      ['A1', 'A', 10, 70, 700, 70],
      ['B1', 'A', 10, 15, 150, 85],
      ['B2', 'B', 10, 10, 100, 95],
      ['C1', 'C', 10, 5, 50, 100],
    ]);
    expect(report.classification).toEqual({
      A: { itemCount: 2, percentage: 50, valuePercentage: 85, totalValue: 850 },
      B: { itemCount: 1, percentage: 25, valuePercentage: 10, totalValue: 100 },
      C: { itemCount: 1, percentage: 25, valuePercentage: 5, totalValue: 50 },
    });
  });

  it('covers the last 365 days by default and leaves out items no sale used', () => {
    const idle = item('IDLE', 1);
    move(idle.id, '2026-03-01', 5, 'adjustment');
    const report = abcAnalysis(w.ctx, { categoryId });
    expect([report.periodFrom, report.periodTo]).toEqual(['2025-11-21', '2026-11-20']);
    expect(report.items).toEqual([]);
    expect(report.classification.A).toEqual({ itemCount: 0, percentage: 0, valuePercentage: 0, totalValue: 0 });
  });
});
