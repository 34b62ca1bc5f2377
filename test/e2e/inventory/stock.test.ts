import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, NotFoundError, type StockLocation } from '../../../src/index.js';
import { failureOf, journalEntryCount, sandbox } from '../../support/sandbox.js';
import { entryLines, locationByCode, newStockItem } from './support.js';

// INV-13, INV-22, INV-23: locations, GET /inventory/stock (and GET /stock), PUT /inventory/stock.

const { mock, acs } = sandbox({ now: '2026-11-20T02:00:00Z' });
let warehouse: StockLocation;
let shop: StockLocation;

beforeEach(async () => {
  mock.clock.set('2026-11-20T02:00:00Z');
  mock.reset();
  [warehouse, shop] = [await locationByCode(acs, 'WH-SJ'), await locationByCode(acs, 'SR-PJ')];
});

const receive = (itemId: string, locationId: string, adjustmentQuantity: number, unitCost?: number) =>
  acs.inventory.adjustments.create({
    reason: 'found',
    locationId,
    items: [{ itemId, adjustmentQuantity, ...(unitCost === undefined ? {} : { unitCost }) }],
  });

describe('inventory.locations.list', () => {
  it("lists the demo company's warehouse, showroom and transit location by code", async () => {
    const { data } = await acs.inventory.locations.list();
    expect(data.map((l) => [l.code, l.type, l.isDefault])).toEqual([
      ['SR-PJ', 'store', false],
      ['TRANSIT', 'transit', false],
      ['WH-SJ', 'warehouse', true],
    ]);
    expect((await acs.inventory.locations.list({ type: 'warehouse' })).data.map((l) => l.code)).toEqual(['WH-SJ']);
  });
});

describe('inventory.stock.list', () => {
  it('shows every field of the stock record, with a negative last movement for an outflow', async () => {
    const item = await newStockItem(acs);
    await receive(item.id, warehouse.id, 10, 5);
    const loss = await acs.inventory.adjustments.create({
      reason: 'lost',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: -4 }],
    });
    const { data } = await acs.inventory.stock.list({ itemId: item.id });
    expect(data).toEqual([
      {
        itemId: item.id,
        itemCode: item.itemCode,
        itemName: item.name,
        locationId: warehouse.id,
        location: { id: warehouse.id, name: 'Subang Jaya warehouse' },
        currentStock: 6,
        availableStock: 6,
        reservedStock: 0,
        onOrderStock: 0,
        averageCost: 5,
        stockValue: 30,
        lastMovement: { date: '2026-11-20', type: 'adjustment', quantity: -4, reference: loss.adjustmentNumber },
        binLocation: null,
        updatedAt: expect.any(String),
      },
    ]);
    // The item's own block is the sum over its stock records.
    expect((await acs.items.retrieve(item.id)).inventory).toMatchObject({ currentStock: 6, availableStock: 6, reservedStock: 0 });
  });

  it('filters by location, category (with subcategories), low and out of stock, and value', async () => {
    const low = await newStockItem(acs, 2, 5);
    const plenty = await newStockItem(acs, 100, 1);
    await receive(low.id, shop.id, 3);
    await receive(plenty.id, shop.id, 4);
    await receive(plenty.id, warehouse.id, 1);
    await acs.inventory.adjustments.create({
      reason: 'lost',
      locationId: warehouse.id,
      items: [{ itemId: plenty.id, adjustmentQuantity: -1 }],
    });
    const mine = new Set([low.id, plenty.id]);
    const rows = async (query: Parameters<typeof acs.inventory.stock.list>[0]) =>
      (await acs.inventory.stock.list({ ...query, limit: 200 })).data
        .filter((r) => mine.has(r.itemId))
        .map((r) => `${r.itemId === low.id ? 'low' : 'plenty'}@${r.location.name.split(' ')[0]}`);

    expect(await rows({ locationId: shop.id })).toEqual(expect.arrayContaining(['low@Petaling', 'plenty@Petaling']));
    expect(await rows({ locationId: warehouse.id })).toEqual(['plenty@Subang']);
    expect(await rows({ lowStock: true })).toEqual(expect.arrayContaining(['low@Petaling', 'plenty@Subang']));
    expect(await rows({ lowStock: true })).not.toContain('plenty@Petaling');
    expect(await rows({ outOfStock: true })).toEqual(['plenty@Subang']);
    expect(await rows({ valueMin: 100, valueMax: 1000 })).toEqual(['plenty@Petaling']);
    expect(await rows({ negative: true })).toEqual([]);

    const furniture = (await acs.items.list({ search: 'CHR-100' })).data[0].category!;
    const chairs = (await acs.inventory.stock.list({ categoryId: furniture.id })).data;
    expect(chairs.length).toBeGreaterThan(0);
    const error = await failureOf(acs.inventory.stock.list({ valueMin: 10, valueMax: 1 }));
    expect(error).toMatchObject({ status: 422, details: [{ field: 'valueMax', code: 'MIN_VALUE' }] });
  });

  it('pages with a cursor: for await reads every record once', async () => {
    const first = await acs.inventory.stock.list({ limit: 3 });
    expect(first.data).toHaveLength(3);
    const seen: string[] = [];
    for await (const record of acs.inventory.stock.list({ limit: 3 })) seen.push(`${record.itemId}@${record.locationId}`);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(first.total);
  });

  it('GET /stock is the same list as GET /inventory/stock', async () => {
    const query = { locationId: warehouse.id, limit: 5 };
    const [long, short] = [await acs.inventory.stock.list(query), await acs.inventory.stock.levels(query)];
    expect(short.data).toEqual(long.data);
    expect(short.total).toBe(long.total);
  });

  it('the demo stock records carry bin locations', async () => {
    const chair = (await acs.items.list({ search: 'CHR-100' })).data[0];
    const [record] = (await acs.inventory.stock.list({ itemId: chair.id, locationId: warehouse.id })).data;
    expect(record.binLocation).toBe('A-01-1');
  });
});

describe('inventory.stock.set', () => {
  it('a count below the stock on hand posts a stock-count adjustment of the difference and its entry', async () => {
    const item = await newStockItem(acs);
    await receive(item.id, warehouse.id, 10, 5);
    const { stock, adjustment } = await acs.inventory.stock.set({
      itemId: item.id,
      locationId: warehouse.id,
      newQuantity: 7,
      reference: 'CYCLE-11',
      notes: 'Monthly count',
    });
    expect(stock).toMatchObject({
      currentStock: 7,
      stockValue: 35,
      lastMovement: { type: 'stock_count', quantity: -3, reference: adjustment!.adjustmentNumber },
    });
    expect(adjustment).toMatchObject({
      status: 'posted',
      reason: 'stock_count',
      type: 'negative',
      reference: 'CYCLE-11',
      notes: 'Monthly count',
      totalValue: -15,
    });
    expect(adjustment!.items[0]).toMatchObject({ currentStock: 10, adjustedStock: 7, adjustmentQuantity: -3 });
    expect(await entryLines(acs, adjustment!.journalEntryId)).toEqual([
      ['1140', 0, 15],
      ['5300', 15, 0],
    ]);
  });

  it('a count above it is received at costPrice; a reason explains it', async () => {
    const item = await newStockItem(acs, 5);
    const { adjustment } = await acs.inventory.stock.set({
      itemId: item.id,
      locationId: shop.id,
      newQuantity: 2.5,
      costPrice: 8,
      reason: 'found',
    });
    expect(adjustment).toMatchObject({ reason: 'found', type: 'positive', totalValue: 20 });
    expect(await entryLines(acs, adjustment!.journalEntryId)).toEqual([
      ['1140', 20, 0],
      ['5300', 0, 20],
    ]);
  });

  it('a count that matches posts nothing; binLocation is recorded', async () => {
    const item = await newStockItem(acs);
    await receive(item.id, warehouse.id, 4);
    const entries = await journalEntryCount(acs);
    const { stock, adjustment } = await acs.inventory.stock.set({
      itemId: item.id,
      locationId: warehouse.id,
      newQuantity: 4,
      binLocation: 'Z-09',
    });
    expect(adjustment).toBeNull();
    expect(stock).toMatchObject({ currentStock: 4, binLocation: 'Z-09' });
    expect(await journalEntryCount(acs)).toBe(entries);
    expect((await acs.items.retrieve(item.id)).locations).toEqual([
      { locationId: warehouse.id, stock: 4, available: 4, reserved: 0, binLocation: 'Z-09' },
    ]);
  });

  it('refuses unknown items, items without stock and the transit location, and writes nothing', async () => {
    const entries = await journalEntryCount(acs);
    expect(await failureOf(acs.inventory.stock.set({ itemId: 'itm_none', locationId: warehouse.id, newQuantity: 1 }))).toBeInstanceOf(
      NotFoundError,
    );
    const service = await acs.items.create({ itemCode: 'SVC-CNT', name: 'Counting service', type: 'service' });
    expect(await failureOf(acs.inventory.stock.set({ itemId: service.id, locationId: warehouse.id, newQuantity: 1 }))).toBeInstanceOf(
      BusinessRuleError,
    );
    const transit = await locationByCode(acs, 'TRANSIT');
    const item = await newStockItem(acs);
    expect(await failureOf(acs.inventory.stock.set({ itemId: item.id, locationId: transit.id, newQuantity: 1 }))).toBeInstanceOf(
      BusinessRuleError,
    );
    expect(await failureOf(acs.inventory.stock.set({ itemId: item.id, locationId: warehouse.id, newQuantity: -1 }))).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
    });
    expect(await journalEntryCount(acs)).toBe(entries);
    expect((await acs.inventory.stock.list({ itemId: item.id })).data).toEqual([]);
  });
});
