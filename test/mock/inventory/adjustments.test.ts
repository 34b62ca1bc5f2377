import { beforeEach, describe, expect, it } from 'vitest';
import { StockAdjustment } from '../../../src/contract/index.js';
import {
  createAdjustment,
  createItem,
  locationsTable,
  movementsOfItem,
  postAdjustment,
  presentAdjustment,
  adjustmentsTable,
  itemStockHistory,
  itemTransactions,
  setAllowNegativeStock,
  stockMovementsTable,
} from '../../../mock-server/domain/inventory/index.js';
import { journalEntriesTable } from '../../../mock-server/domain/accounting/index.js';
import { refusal, world, type World } from '../support/domain.js';

let w: World;
beforeEach(() => {
  w = world();
});

const location = (code: string, ctx = w.ctx) => locationsTable(ctx).byIndex('code', code)[0].id;

describe('posting an adjustment', () => {
  it('puts a lot and its expiry date on the movement, where expiry alerts read them', () => {
    const item = createItem(w.ctx, { itemCode: 'MLK-1', name: 'Milk', type: 'inventory', pricing: { costPrice: 4 } });
    const adjustment = createAdjustment(w.ctx, {
      reason: 'found',
      locationId: location('WH-SJ'),
      items: [{ itemId: item.id, adjustmentQuantity: 12, lotNumber: 'LOT-77', expiryDate: '2026-12-01' }],
    });
    expect(movementsOfItem(w.ctx, item.id)).toEqual([
      expect.objectContaining({
        type: 'adjustment',
        quantity: 12,
        valueCents: 4800,
        lot: { lotNumber: 'LOT-77', expiryDate: '2026-12-01' },
        source: { type: 'stock_adjustment', id: adjustment.id, number: adjustment.adjustmentNumber },
      }),
    ]);
    expect(StockAdjustment.parse(presentAdjustment(w.ctx, adjustment)).items[0]).toMatchObject({
      lotNumber: 'LOT-77',
      expiryDate: '2026-12-01',
    });
  });

  it('costs a decrease at the weighted average in the bakery (average method), to the cent', () => {
    const bakery = w.ctxFor(w.seeded.companies[1].id);
    const item = createItem(bakery, { itemCode: 'SGR-1', name: 'Sugar', type: 'inventory', unit: 'kg' });
    const kitchen = location('KITCHEN', bakery);
    createAdjustment(bakery, { reason: 'found', locationId: kitchen, items: [{ itemId: item.id, adjustmentQuantity: 3, unitCost: 1 }] });
    createAdjustment(bakery, { reason: 'found', locationId: kitchen, items: [{ itemId: item.id, adjustmentQuantity: 3, unitCost: 2 }] });
    // 6 kg for 9.00: 1.50 a kg; 1 kg out is 1.50, the last 5 kg carry the other 7.50.
    const spilt = createAdjustment(bakery, {
      reason: 'damaged',
      locationId: kitchen,
      items: [{ itemId: item.id, adjustmentQuantity: -1 }],
    });
    expect(presentAdjustment(bakery, spilt).items[0]).toMatchObject({ unitCost: 1.5, totalCost: -1.5 });
  });

  it('where the company forbids negative stock, a refused adjustment leaves no adjustment, movement, entry or number behind', () => {
    setAllowNegativeStock(w.ctx, false);
    const item = createItem(w.ctx, { itemCode: 'NUT-1', name: 'Nut', type: 'inventory' });
    const sizes = () => [adjustmentsTable(w.ctx).size, stockMovementsTable(w.ctx).size, journalEntriesTable(w.ctx).size];
    const before = sizes();
    const error = refusal(() =>
      createAdjustment(w.ctx, {
        reason: 'stock_count',
        locationId: location('WH-SJ'),
        items: [
          { itemId: item.id, adjustmentQuantity: 5 },
          { itemId: item.id, adjustmentQuantity: -8 },
        ],
      }),
    );
    expect(error.code).toBe('INSUFFICIENT_STOCK');
    expect(sizes()).toEqual(before);
  });

  it('posting a draft is dated the draft’s date, and its lines keep the stock they found', () => {
    const item = createItem(w.ctx, { itemCode: 'BLT-1', name: 'Bolt', type: 'inventory', pricing: { costPrice: 0.1 } });
    const draft = createAdjustment(w.ctx, {
      status: 'draft',
      date: '2026-11-15',
      reason: 'initial_stock',
      locationId: location('WH-SJ'),
      items: [{ itemId: item.id, adjustmentQuantity: 1000 }],
    });
    const posted = postAdjustment(w.ctx, draft.id);
    expect(journalEntriesTable(w.ctx).get(posted.journalEntryId!)).toMatchObject({
      date: '2026-11-15',
      reference: posted.adjustmentNumber,
      source: { type: 'stock_adjustment', id: posted.id },
    });
    expect(posted.lines[0].posted).toEqual({ currentStock: 0, adjustedStock: 1000, unitCost: 0.1, valueCents: 10000 });
  });
});

describe('an item’s history', () => {
  it('lists its movements newest first and the documents behind them, netted', () => {
    const item = createItem(w.ctx, { itemCode: 'CUP-1', name: 'Cup', type: 'inventory', pricing: { costPrice: 2 } });
    const mixed = createAdjustment(w.ctx, {
      reason: 'stock_count',
      locationId: location('WH-SJ'),
      items: [
        { itemId: item.id, adjustmentQuantity: 5 },
        { itemId: item.id, adjustmentQuantity: -2 },
      ],
    });
    expect(itemStockHistory(w.ctx, item.id).map((m) => [m.type, m.quantity, m.unitCost, m.value, m.reference])).toEqual([
      ['stock_count', -2, 2, -4, mixed.adjustmentNumber],
      ['stock_count', 5, 2, 10, mixed.adjustmentNumber],
    ]);
    expect(itemTransactions(w.ctx, item.id)).toEqual([
      { type: 'stock_adjustment', id: mixed.id, number: mixed.adjustmentNumber, date: mixed.date, quantity: 3, value: 6 },
    ]);
  });
});
