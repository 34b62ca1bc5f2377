import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, NotFoundError, ValidationError, type StockLocation } from '../../../src/index.js';
import { accountByNumber, failureOf, journalEntryCount, sandbox } from '../../support/sandbox.js';
import { entryLines, forbidNegativeStock, locationByCode, newStockItem } from './support.js';

// INV-24: POST/GET /inventory/adjustments, the short POST /stock-adjustments, drafts and posting.

const { mock, acs } = sandbox({ now: '2026-11-20T02:00:00Z' });
let warehouse: StockLocation;

beforeEach(async () => {
  mock.clock.set('2026-11-20T02:00:00Z');
  mock.reset();
  warehouse = await locationByCode(acs, 'WH-SJ');
});

const net = async (accountNumber: string) => (await accountByNumber(acs, accountNumber)).balance.net;

describe('inventory.adjustments.create', () => {
  it('a posted increase debits inventory and credits stock adjustments at its cost', async () => {
    const item = await newStockItem(acs);
    const adjustment = await acs.inventory.adjustments.create({
      reason: 'found',
      locationId: warehouse.id,
      reference: 'CNT-7',
      items: [{ itemId: item.id, adjustmentQuantity: 10, unitCost: 5.25 }],
    });
    expect(adjustment).toMatchObject({
      adjustmentNumber: expect.stringMatching(/^ADJ-\d{6}$/),
      date: '2026-11-20',
      type: 'positive',
      reason: 'found',
      status: 'posted',
      location: { id: warehouse.id, name: 'Subang Jaya warehouse' },
      reference: 'CNT-7',
      totalValue: 52.5,
      createdBy: expect.any(String),
      postedAt: expect.any(String),
    });
    expect(adjustment.items).toEqual([
      expect.objectContaining({
        itemId: item.id,
        itemCode: item.itemCode,
        currentStock: 0,
        adjustedStock: 10,
        adjustmentQuantity: 10,
        unitCost: 5.25,
        totalCost: 52.5,
        reason: 'found',
      }),
    ]);
    expect(await entryLines(acs, adjustment.journalEntryId)).toEqual([
      ['1140', 52.5, 0],
      ['5300', 0, 52.5],
    ]);
  });

  it('a decrease is costed FIFO in the trading company: 10 at 5.00 and 2 at 6.00 write off 62.00', async () => {
    const item = await newStockItem(acs);
    await acs.inventory.adjustments.create({
      reason: 'found',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: 10, unitCost: 5 }],
    });
    await acs.inventory.adjustments.create({
      reason: 'found',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: 10, unitCost: 6 }],
    });
    const [inventory, losses] = [await net('1140'), await net('5300')];

    const damaged = await acs.inventory.adjustments.create({
      reason: 'damaged',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: -12 }],
    });

    expect(damaged).toMatchObject({ type: 'negative', totalValue: -62 });
    expect(damaged.items[0]).toMatchObject({
      currentStock: 20,
      adjustedStock: 8,
      adjustmentQuantity: -12,
      unitCost: 5.1667,
      totalCost: -62,
    });
    expect(await entryLines(acs, damaged.journalEntryId)).toEqual([
      ['1140', 0, 62],
      ['5300', 62, 0],
    ]);
    expect(await net('1140')).toBeCloseTo(inventory - 62, 2);
    expect(await net('5300')).toBeCloseTo(losses + 62, 2);
    const [record] = (await acs.inventory.stock.list({ itemId: item.id })).data;
    expect(record).toMatchObject({ currentStock: 8, stockValue: 48, averageCost: 6 });
  });

  it('opening stock (initial_stock) credits opening balance equity', async () => {
    const item = await newStockItem(acs, 12.5);
    const opening = await acs.inventory.adjustments.create({
      reason: 'initial_stock',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: 4 }],
    });
    expect(opening.items[0]).toMatchObject({ unitCost: 12.5, totalCost: 50 });
    expect(await entryLines(acs, opening.journalEntryId)).toEqual([
      ['1140', 50, 0],
      ['3900', 0, 50],
    ]);
  });

  it('a mixed adjustment writes one balanced entry, netted per account', async () => {
    const [a, b] = [await newStockItem(acs, 10), await newStockItem(acs, 3)];
    await acs.inventory.adjustments.create({ reason: 'found', locationId: warehouse.id, items: [{ itemId: b.id, adjustmentQuantity: 5 }] });
    const mixed = await acs.inventory.adjustments.create({
      reason: 'stock_count',
      type: 'mixed',
      locationId: warehouse.id,
      items: [
        { itemId: a.id, adjustmentQuantity: 2 },
        { itemId: b.id, adjustmentQuantity: -1, reason: 'lost' },
      ],
    });
    expect(mixed).toMatchObject({ type: 'mixed', totalValue: 17 });
    expect(mixed.items.map((line) => [line.reason, line.totalCost])).toEqual([
      ['stock_count', 20],
      ['lost', -3],
    ]);
    expect(await entryLines(acs, mixed.journalEntryId)).toEqual([
      ['1140', 17, 0],
      ['5300', 0, 17],
    ]);
  });

  it('taking out more than is on hand takes stock below zero at the current cost', async () => {
    const item = await newStockItem(acs, 5);
    const lost = await acs.inventory.adjustments.create({
      reason: 'lost',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: -2 }],
    });
    expect(lost.items[0]).toMatchObject({ currentStock: 0, adjustedStock: -2, unitCost: 5, totalCost: -10 });
    expect((await acs.inventory.stock.list({ itemId: item.id, negative: true })).data.map((r) => [r.currentStock, r.stockValue])).toEqual([
      [-2, -10],
    ]);
  });

  it('where the company forbids negative stock, taking out more than is on hand is INSUFFICIENT_STOCK and writes nothing, not even a number', async () => {
    forbidNegativeStock(mock);
    const item = await newStockItem(acs);
    const first = await acs.inventory.adjustments.create({
      reason: 'found',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: 3 }],
    });
    const [entries, listed] = [await journalEntryCount(acs), (await acs.inventory.adjustments.list({ limit: 1 })).total];

    const error = await failureOf(
      acs.inventory.adjustments.create({
        reason: 'stock_count',
        locationId: warehouse.id,
        items: [
          { itemId: item.id, adjustmentQuantity: 2 },
          { itemId: item.id, adjustmentQuantity: -6 },
        ],
      }),
    );

    expect(error).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_STOCK',
      details: [{ field: 'items.1.adjustmentQuantity', onHand: 5, requested: 6 }],
    });
    expect(await journalEntryCount(acs)).toBe(entries);
    expect((await acs.inventory.adjustments.list({ limit: 1 })).total).toBe(listed);
    expect((await acs.inventory.stock.list({ itemId: item.id })).data[0].currentStock).toBe(3);
    const next = await acs.inventory.adjustments.create({
      reason: 'found',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: 1 }],
    });
    expect(Number(next.adjustmentNumber.slice(4))).toBe(Number(first.adjustmentNumber.slice(4)) + 1);
  });

  it('type is checked against the signs of the lines, and a zero quantity is refused', async () => {
    const item = await newStockItem(acs);
    const wrongType = await failureOf(
      acs.inventory.adjustments.create({ type: 'positive', reason: 'stock_count', items: [{ itemId: item.id, adjustmentQuantity: -1 }] }),
    );
    expect(wrongType).toBeInstanceOf(ValidationError);
    expect(wrongType).toMatchObject({ details: [{ field: 'type', code: 'INVALID_CHOICE', constraint: { expected: 'negative' } }] });
    const zero = await failureOf(
      acs.inventory.adjustments.create({ reason: 'found', items: [{ itemId: item.id, adjustmentQuantity: 0 }] }),
    );
    expect(zero).toMatchObject({ status: 422, details: [{ field: 'items.0.adjustmentQuantity', code: 'MIN_VALUE' }] });
    const costOnDecrease = await failureOf(
      acs.inventory.adjustments.create({ reason: 'lost', items: [{ itemId: item.id, adjustmentQuantity: -1, unitCost: 4 }] }),
    );
    expect(costOnDecrease).toMatchObject({ status: 422, details: [{ field: 'items.0.unitCost', code: 'INVALID_CHOICE' }] });
  });

  it('damaged, lost and expired take stock out; found and initial_stock add it', async () => {
    const item = await newStockItem(acs);
    const error = await failureOf(
      acs.inventory.adjustments.create({ reason: 'damaged', items: [{ itemId: item.id, adjustmentQuantity: 1 }] }),
    );
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({ details: [{ field: 'items.0.adjustmentQuantity', reason: 'damaged' }] });
    const found = await failureOf(
      acs.inventory.adjustments.create({ reason: 'found', items: [{ itemId: item.id, adjustmentQuantity: -1 }] }),
    );
    expect(found).toBeInstanceOf(BusinessRuleError);
  });

  it('refuses items without stock, unknown items and the transit location', async () => {
    const service = await acs.items.create({ itemCode: 'SVC-TST', name: 'Assembly', type: 'service' });
    expect(
      await failureOf(acs.inventory.adjustments.create({ reason: 'found', items: [{ itemId: service.id, adjustmentQuantity: 1 }] })),
    ).toBeInstanceOf(BusinessRuleError);
    expect(
      await failureOf(acs.inventory.adjustments.create({ reason: 'found', items: [{ itemId: 'itm_none', adjustmentQuantity: 1 }] })),
    ).toBeInstanceOf(NotFoundError);
    const transit = await locationByCode(acs, 'TRANSIT');
    const item = await newStockItem(acs);
    const error = await failureOf(
      acs.inventory.adjustments.create({ reason: 'found', locationId: transit.id, items: [{ itemId: item.id, adjustmentQuantity: 1 }] }),
    );
    expect(error).toBeInstanceOf(BusinessRuleError);
  });

  it('without a location, stock goes to the company default location', async () => {
    const item = await newStockItem(acs);
    const adjustment = await acs.inventory.adjustments.create({ reason: 'found', items: [{ itemId: item.id, adjustmentQuantity: 1 }] });
    expect(adjustment.locationId).toBe(warehouse.id);
  });

  it('the short path POST /stock-adjustments records the same adjustment', async () => {
    const item = await newStockItem(acs);
    const adjustment = await acs.inventory.adjustments.record({
      reason: 'found',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: 2 }],
    });
    expect(adjustment).toMatchObject({ status: 'posted', totalValue: 10 });
    expect(await acs.inventory.adjustments.retrieve(adjustment.id)).toEqual(adjustment);
  });
});

describe('drafts and posting', () => {
  it('a draft moves no stock and writes no entry; its lines show what posting would do', async () => {
    const item = await newStockItem(acs);
    await acs.inventory.adjustments.create({
      reason: 'found',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: 10, unitCost: 4 }],
    });
    const entries = await journalEntryCount(acs);

    const draft = await acs.inventory.adjustments.create({
      status: 'draft',
      reason: 'expired',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: -3 }],
    });

    expect(draft).toMatchObject({ status: 'draft', journalEntryId: null, postedAt: null, totalValue: -12 });
    expect(draft.items[0]).toMatchObject({ currentStock: 10, adjustedStock: 7, unitCost: 4, totalCost: -12 });
    expect(await journalEntryCount(acs)).toBe(entries);
    expect((await acs.inventory.stock.list({ itemId: item.id })).data[0].currentStock).toBe(10);

    const posted = await acs.inventory.adjustments.post(draft.id);
    expect(posted).toMatchObject({ status: 'posted', postedAt: expect.any(String), totalValue: -12 });
    expect(await entryLines(acs, posted.journalEntryId)).toEqual([
      ['1140', 0, 12],
      ['5300', 12, 0],
    ]);
    expect((await acs.inventory.stock.list({ itemId: item.id })).data[0].currentStock).toBe(7);
  });

  it('posting twice is refused by the state table, and an unknown id is ADJUSTMENT_NOT_FOUND', async () => {
    const item = await newStockItem(acs);
    const adjustment = await acs.inventory.adjustments.create({ reason: 'found', items: [{ itemId: item.id, adjustmentQuantity: 1 }] });
    const error = await failureOf(acs.inventory.adjustments.post(adjustment.id));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({ details: [{ status: 'posted', allowedStatuses: ['draft'] }] });
    expect(await failureOf(acs.inventory.adjustments.retrieve('adj_none'))).toMatchObject({ status: 404, code: 'ADJUSTMENT_NOT_FOUND' });
  });

  it('where the company forbids negative stock, a draft that would take out more than is on hand when posted is refused then, and stays a draft', async () => {
    forbidNegativeStock(mock);
    const item = await newStockItem(acs);
    const draft = await acs.inventory.adjustments.create({
      status: 'draft',
      reason: 'lost',
      items: [{ itemId: item.id, adjustmentQuantity: -1 }],
    });
    expect(await failureOf(acs.inventory.adjustments.post(draft.id))).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    expect((await acs.inventory.adjustments.retrieve(draft.id)).status).toBe('draft');
  });
});

describe('inventory.adjustments.list', () => {
  it('filters by reason, type, status, location, item and date range, newest first', async () => {
    const item = await newStockItem(acs);
    const shop = await locationByCode(acs, 'SR-PJ');
    const a = await acs.inventory.adjustments.create({
      date: '2026-11-02',
      reason: 'found',
      locationId: shop.id,
      items: [{ itemId: item.id, adjustmentQuantity: 5 }],
    });
    const b = await acs.inventory.adjustments.create({
      date: '2026-11-10',
      reason: 'damaged',
      locationId: shop.id,
      items: [{ itemId: item.id, adjustmentQuantity: -1 }],
    });
    const c = await acs.inventory.adjustments.create({
      date: '2026-11-12',
      status: 'draft',
      reason: 'lost',
      locationId: shop.id,
      items: [{ itemId: item.id, adjustmentQuantity: -1 }],
    });
    const ids = async (query: Parameters<typeof acs.inventory.adjustments.list>[0]) =>
      (await acs.inventory.adjustments.list(query)).data.map((adj) => adj.id);

    expect(await ids({ itemId: item.id })).toEqual([c.id, b.id, a.id]);
    expect(await ids({ itemId: item.id, reason: 'damaged' })).toEqual([b.id]);
    expect(await ids({ itemId: item.id, type: 'positive' })).toEqual([a.id]);
    expect(await ids({ itemId: item.id, status: 'draft' })).toEqual([c.id]);
    expect(await ids({ locationId: shop.id, dateFrom: '2026-11-05', dateTo: '2026-11-11' })).toEqual([b.id]);
    expect(await ids({ locationId: warehouse.id, itemId: item.id })).toEqual([]);
    const error = await failureOf(acs.inventory.adjustments.list({ dateFrom: '2026-11-10', dateTo: '2026-11-01' }));
    expect(error).toMatchObject({ status: 422, details: [{ field: 'dateTo', code: 'DATE_CONSTRAINT' }] });
  });

  it('sorts and filters by total value, a draft by what posting it now would do', async () => {
    const item = await newStockItem(acs);
    await acs.inventory.adjustments.create({
      reason: 'found',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: 10, unitCost: 4 }],
    });
    const small = await acs.inventory.adjustments.create({
      reason: 'damaged',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: -1 }],
    });
    const draft = await acs.inventory.adjustments.create({
      status: 'draft',
      reason: 'lost',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: -3 }],
    });
    const values = async (query: Parameters<typeof acs.inventory.adjustments.list>[0]) =>
      (await acs.inventory.adjustments.list({ itemId: item.id, ...query })).data.map((adj) => [adj.id, adj.totalValue] as const);

    const ascending = await values({ sort: 'totalValue:asc' });
    expect(ascending.map(([, value]) => value)).toEqual([-12, -4, 40]);
    expect(ascending[0][0]).toBe(draft.id);
    expect(await values({ totalValue: { lt: 0, gt: -10 } })).toEqual([[small.id, -4]]);
  });

  it('the demo books open with posted initial_stock adjustments', async () => {
    const { data } = await acs.inventory.adjustments.list({ reason: 'initial_stock' });
    expect(data.map((adj) => [adj.reference, adj.status, adj.location.name])).toEqual([
      ['OS-SR-PJ', 'posted', 'Petaling Jaya showroom'],
      ['OS-WH-SJ', 'posted', 'Subang Jaya warehouse'],
    ]);
    expect(data.reduce((sum, adj) => sum + adj.totalValue, 0)).toBe(34680);
  });
});

describe('bulk.inventoryAdjustments', () => {
  it('records each adjustment on its own: one refused item leaves the others and writes nothing of its own', async () => {
    forbidNegativeStock(mock);
    const item = await newStockItem(acs);
    const entries = await journalEntryCount(acs);
    const result = await acs.bulk.inventoryAdjustments({
      operations: [
        { operation: 'create', data: { reason: 'found', locationId: warehouse.id, items: [{ itemId: item.id, adjustmentQuantity: 4 }] } },
        { operation: 'create', data: { reason: 'lost', locationId: warehouse.id, items: [{ itemId: item.id, adjustmentQuantity: -9 }] } },
        { operation: 'create', data: { reason: 'lost', locationId: warehouse.id, items: [{ itemId: item.id, adjustmentQuantity: -1 }] } },
      ],
    });
    expect(result).toMatchObject({ processed: 3, successful: 2, failed: 1 });
    expect(result.results.map((r) => [r.index, r.success, r.error?.code ?? r.data?.status])).toEqual([
      [0, true, 'posted'],
      [1, false, 'INSUFFICIENT_STOCK'],
      [2, true, 'posted'],
    ]);
    expect(await journalEntryCount(acs)).toBe(entries + 2);
    expect((await acs.inventory.stock.list({ itemId: item.id })).data[0].currentStock).toBe(3);
  });

  it('takes at most 200 operations per call', async () => {
    const item = await newStockItem(acs);
    const data = { reason: 'found' as const, items: [{ itemId: item.id, adjustmentQuantity: 1 }] };
    const error = await failureOf(
      acs.bulk.inventoryAdjustments({ operations: Array.from({ length: 201 }, () => ({ operation: 'create' as const, data })) }),
    );
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_ERROR' });
  });
});

describe('the inventory.adjustment event', () => {
  it('is published when an adjustment is posted, created posted or a draft posted later, never for a draft', async () => {
    const item = await newStockItem(acs);
    const seen = mock.events.history.length;
    const posted = await acs.inventory.adjustments.create({
      reason: 'found',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: 2, unitCost: 7 }],
    });
    const draft = await acs.inventory.adjustments.create({
      status: 'draft',
      reason: 'found',
      locationId: warehouse.id,
      items: [{ itemId: item.id, adjustmentQuantity: 1 }],
    });
    const afterDraft = mock.events.history.slice(seen).filter((e) => e.event === 'inventory.adjustment').length;
    const later = await acs.inventory.adjustments.post(draft.id);
    const events = mock.events.history.slice(seen).filter((e) => e.event === 'inventory.adjustment');
    expect(afterDraft).toBe(1);
    expect(events.map((e) => e.data)).toEqual([posted, later]);
  });
});
