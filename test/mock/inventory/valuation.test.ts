import { beforeEach, describe, expect, it } from 'vitest';
import { GLOBAL } from '../../../mock-server/store/index.js';
import { accountLedger, controlAccount } from '../../../mock-server/domain/accounting/index.js';
import {
  createItem,
  createItemCategory,
  insertLocation,
  locationsTable,
  movementsOfItem,
  postStockValue,
  recordStockMovements,
  recordedValues,
  replayValues,
  stockMovementsTable,
  stockValuationReport,
  valueStock,
  type ItemRow,
  type StockMovementType,
  type ValuationMethod,
} from '../../../mock-server/domain/inventory/index.js';
import { refusal, world, type World } from '../support/domain.js';

let w: World;
let widget: ItemRow;
let main: string;
/** The test's own category, so the demo company's stock stays out of the figures. */
let categoryId: string;

beforeEach(() => {
  w = world();
  main = locationsTable(w.ctx).byIndex('code', 'WH-SJ')[0].id;
  categoryId = createItemCategory(w.ctx, { name: 'Hand-computed' }).id;
  // Standard cost (decision INV-20): the item's cost price, 11.00.
  widget = createItem(w.ctx, {
    itemCode: 'WGT',
    name: 'Widget',
    type: 'inventory',
    categoryId,
    pricing: { costPrice: 11, sellingPrice: 20 },
  });
});

let documents = 0;
/** One document's movement, posted like a document posts it: receipts against opening balance, sales against COGS. */
function move(
  date: string,
  quantity: number,
  options: { unitCost?: number; type?: StockMovementType; itemId?: string; locationId?: string } = {},
) {
  const type = options.type ?? (quantity > 0 ? 'adjustment' : 'sale');
  const source = { type: 'test', id: `doc_${++documents}`, number: `DOC-${documents}` };
  const movements = recordStockMovements(w.ctx, [
    {
      date,
      itemId: options.itemId ?? widget.id,
      locationId: options.locationId ?? main,
      quantity,
      unitCost: options.unitCost,
      type,
      source,
    },
  ]);
  const counter = controlAccount(w.ctx, quantity > 0 ? 'opening_balance' : 'cogs').id;
  postStockValue(w.ctx, { date, reference: source.number, description: 'test', source, movements, counterAccountId: () => counter });
}

/**
 * The accountant's sheet (all at MAIN):
 *   05 Jan  receive 10 @ 10.00 = 100.00
 *   10 Jan  receive 20 @ 12.50 = 250.00
 *   15 Jan  sell    15
 *   20 Jan  receive 10 @ 14.00 = 140.00
 *   25 Jan  sell    12
 * On hand at the end: 10 + 20 - 15 + 10 - 12 = 13.
 */
function theSheet(): void {
  move('2026-01-05', 10, { unitCost: 10 });
  move('2026-01-10', 20, { unitCost: 12.5 });
  move('2026-01-15', -15);
  move('2026-01-20', 10, { unitCost: 14 });
  move('2026-01-25', -12);
}

const valued = (method: ValuationMethod, asOfDate = '2026-01-31') => {
  const { items, summary } = stockValuationReport(w.ctx, { asOfDate, valuationMethod: method, categoryId });
  expect(items).toHaveLength(1);
  expect(summary.totalValue).toBe(items[0].totalValue);
  const { quantity, averageCost, totalValue } = items[0];
  return { quantity, averageCost, totalValue };
};

describe('valuation by hand-computed cases', () => {
  beforeEach(theSheet);

  it('FIFO: each sale takes the oldest receipts first', () => {
    // 15 Jan: 10 @ 10.00 + 5 @ 12.50 = 162.50 out; 15 @ 12.50 = 187.50 left.
    // 25 Jan: 12 @ 12.50 = 150.00 out; left 3 @ 12.50 = 37.50 and 10 @ 14.00 = 140.00.
    // 13 units = 177.50; 177.50 / 13 = 13.653846 -> 13.6538.
    expect(valued('fifo')).toEqual({ quantity: 13, averageCost: 13.6538, totalValue: 177.5 });
  });

  it('LIFO: each sale takes the newest receipts first', () => {
    // 15 Jan: 15 @ 12.50 = 187.50 out; left 10 @ 10.00 and 5 @ 12.50.
    // 25 Jan: 10 @ 14.00 + 2 @ 12.50 = 165.00 out; left 10 @ 10.00 = 100.00 and 3 @ 12.50 = 37.50.
    // 13 units = 137.50; 137.50 / 13 = 10.576923 -> 10.5769.
    expect(valued('lifo')).toEqual({ quantity: 13, averageCost: 10.5769, totalValue: 137.5 });
  });

  it('weighted average: each sale takes the pool at its average at that moment', () => {
    // 10 Jan: 30 units = 350.00 (11.6667 each). 15 Jan: 350.00 x 15/30 = 175.00 out; 15 units = 175.00 left.
    // 20 Jan: 25 units = 315.00 (12.60 each). 25 Jan: 315.00 x 12/25 = 151.20 out; 13 units = 163.80 left.
    expect(valued('average')).toEqual({ quantity: 13, averageCost: 12.6, totalValue: 163.8 });
  });

  it('standard: the quantity on hand at the item’s cost price', () => {
    // 13 x 11.00 = 143.00.
    expect(valued('standard')).toEqual({ quantity: 13, averageCost: 11, totalValue: 143 });
  });

  it('as of a date in the middle counts only the movements dated on or before it', () => {
    // As of 15 Jan: 15 on hand. FIFO 15 @ 12.50 = 187.50; LIFO 10 @ 10.00 + 5 @ 12.50 = 162.50;
    // average 350.00 - 175.00 = 175.00; standard 15 x 11.00 = 165.00.
    expect(valued('fifo', '2026-01-15')).toEqual({ quantity: 15, averageCost: 12.5, totalValue: 187.5 });
    expect(valued('lifo', '2026-01-15')).toEqual({ quantity: 15, averageCost: 10.8333, totalValue: 162.5 });
    expect(valued('average', '2026-01-15')).toEqual({ quantity: 15, averageCost: 11.6667, totalValue: 175 });
    expect(valued('standard', '2026-01-15')).toEqual({ quantity: 15, averageCost: 11, totalValue: 165 });
  });

  it('before the first receipt nothing is held; includeZeroStock still lists the item at zero', () => {
    expect(stockValuationReport(w.ctx, { asOfDate: '2026-01-04', categoryId }).items).toEqual([]);
    const withZero = stockValuationReport(w.ctx, { asOfDate: '2026-01-04', includeZeroStock: true, categoryId });
    expect(withZero.items).toEqual([
      { itemId: widget.id, itemCode: 'WGT', itemName: 'Widget', quantity: 0, averageCost: 0, totalValue: 0 },
    ]);
    expect(withZero.summary).toEqual({ totalItems: 1, totalQuantity: 0, totalValue: 0, averageValue: 0 });
  });

  it('the company’s own method is what the ledger recorded, and a replay by the same method gives the same figures', () => {
    const report = stockValuationReport(w.ctx, { asOfDate: '2026-01-31', categoryId });
    expect(report.valuationMethod).toBe('fifo');
    expect(report.summary.totalValue).toBe(177.5);
    const log = stockMovementsTable(w.ctx).all();
    expect(replayValues(log, 'fifo', () => 0)).toEqual(recordedValues(log));
  });

  it('the ledger-method valuation of the whole company equals the inventory account’s balance on every date', () => {
    const inventory = controlAccount(w.ctx, 'inventory').id;
    // The sheet's dates, then the demo's opening stock (105 days before 20 Nov) and today.
    for (const date of [
      '2026-01-04',
      '2026-01-05',
      '2026-01-12',
      '2026-01-15',
      '2026-01-22',
      '2026-01-25',
      '2026-08-06',
      '2026-08-07',
      '2026-11-20',
    ]) {
      const value = stockValuationReport(w.ctx, { asOfDate: date }).summary.totalValue;
      expect({ date, value }).toEqual({ date, value: accountLedger(w.ctx, inventory, { dateTo: date }).closingBalance });
    }
  });
});

describe('a company on weighted average', () => {
  beforeEach(() => {
    w.store
      .table<{ id: string; inventoryValuationMethod: string }>(GLOBAL, 'companies')
      .update(w.ctx.companyId, { inventoryValuationMethod: 'average' });
  });

  it('values by the pool without losing a cent to rounding: 6 units at 60.03, then one and one', () => {
    // 3 @ 10.00 = 30.00 and 3 @ 10.01 = 30.03: 6 units = 60.03.
    // Sell 1: 60.03 / 6 = 10.005 -> 10.01 (half up); left 5 = 50.02.
    // Sell 1: 50.02 / 5 = 10.004 -> 10.00; left 4 = 40.02.   10.01 + 10.00 + 40.02 = 60.03.
    move('2026-02-01', 3, { unitCost: 10 });
    move('2026-02-01', 3, { unitCost: 10.01 });
    move('2026-02-02', -1);
    move('2026-02-03', -1);
    expect(movementsOfItem(w.ctx, widget.id).map((m) => m.valueCents)).toEqual([3000, 3003, -1001, -1000]);
    expect(valued('average', '2026-02-28')).toEqual({ quantity: 4, averageCost: 10.005, totalValue: 40.02 });
    // FIFO on the same log: the two sales take 2 @ 10.00; left 1 @ 10.00 + 3 @ 10.01 = 40.03.
    expect(valued('fifo', '2026-02-28')).toEqual({ quantity: 4, averageCost: 10.0075, totalValue: 40.03 });
  });
});

describe('the valuation report', () => {
  it('totals by location and category, filters by location, and refuses an unknown location or category', () => {
    const shop = insertLocation(w.ctx, { code: 'SHOP', name: 'Shop', type: 'store', address: null, isDefault: false }).id;
    const gadget = createItem(w.ctx, {
      itemCode: 'GDG',
      name: 'Gadget',
      type: 'inventory',
      categoryId,
      pricing: { costPrice: 5, sellingPrice: 9 },
    });
    move('2026-03-01', 4, { unitCost: 10 }); // WGT 4 @ 10.00 = 40.00 at MAIN
    move('2026-03-01', 2, { unitCost: 10, locationId: shop }); // WGT 2 @ 10.00 = 20.00 at SHOP
    move('2026-03-02', 10, { unitCost: 5, itemId: gadget.id, locationId: shop }); // GDG 10 @ 5.00 = 50.00 at SHOP
    const report = stockValuationReport(w.ctx, { asOfDate: '2026-03-31', categoryId });
    expect(report.summary).toEqual({ totalItems: 2, totalQuantity: 16, totalValue: 110, averageValue: 55 });
    expect(report.byLocation).toEqual([
      { locationId: shop, locationName: 'Shop', totalItems: 2, totalQuantity: 12, totalValue: 70 },
      { locationId: main, locationName: 'Subang Jaya warehouse', totalItems: 1, totalQuantity: 4, totalValue: 40 },
    ]);
    expect(report.byCategory).toEqual([{ categoryId, categoryName: 'Hand-computed', totalItems: 2, totalQuantity: 16, totalValue: 110 }]);
    expect(report.items.map((i) => [i.itemCode, i.quantity, i.totalValue])).toEqual([
      ['GDG', 10, 50],
      ['WGT', 6, 60],
    ]);

    const atShop = stockValuationReport(w.ctx, { asOfDate: '2026-03-31', locationId: shop, categoryId });
    expect(atShop.summary).toMatchObject({ totalItems: 2, totalQuantity: 12, totalValue: 70 });
    expect(atShop.byLocation.map((l) => l.locationId)).toEqual([shop]);

    expect(refusal(() => stockValuationReport(w.ctx, { locationId: 'loc_nope' })).code).toBe('LOCATION_NOT_FOUND');
    expect(refusal(() => stockValuationReport(w.ctx, { categoryId: 'cat_nope' })).code).toBe('VALIDATION_ERROR');
  });

  it('a back-dated sale recorded after its receipt values by date without failing: the shortfall waits for the receipt', () => {
    move('2026-04-20', 10, { unitCost: 10 });
    move('2026-04-10', -4); // dated before the receipt, recorded after it: the ledger costed it at 10.00
    for (const method of ['fifo', 'lifo', 'average'] as const) {
      // By date: 10 Apr -4 (held at the recorded 40.00), 20 Apr +10 @ 10.00 settles it: 6 = 60.00.
      const [held] = valueStock(w.ctx, { asOfDate: '2026-04-30', method, itemIds: new Set([widget.id]) });
      expect([method, held.quantity, held.valueCents]).toEqual([method, 6, 6000]);
      const [short] = valueStock(w.ctx, {
        asOfDate: '2026-04-15',
        method: method === 'fifo' ? 'lifo' : method,
        itemIds: new Set([widget.id]),
      });
      expect(short.quantity).toBe(-4);
    }
  });
});
