// Items held to their `index` declaration: the indexed answer equals a scan through the domain's `where`.
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/contract/index.js';
import {
  changeCommitted,
  createItem,
  createItemCategory,
  deleteItem,
  insertLocation,
  itemListingsTable,
  itemListValue,
  itemMatches,
  itemsTable,
  locationsTable,
  recordStockMovements,
  updateItem,
} from '../../../mock-server/domain/inventory/index.js';
import { createSupplier } from '../../../mock-server/domain/purchasing/index.js';
import { auditTrailsTable } from '../../../mock-server/domain/audit/index.js';
import { createMockService } from '../../../mock-server/index.js';
import { listPage } from '../../../mock-server/store/list.js';
import { world } from '../support/domain.js';
import { expectIndexedAsScanned } from './list-declarations-support.js';

const source = { type: 'test', id: 'test', number: null };

/** Thirty items of every type, some in a category tree, some holding stock at one or two locations, one reserved at a third. */
function itemWorld() {
  const w = world();
  const suppliers = [0, 1].map((i) => createSupplier(w.ctx, { name: `Item Supplier ${i}` }).id);
  const parent = createItemCategory(w.ctx, { name: 'Declared' }).id;
  const child = createItemCategory(w.ctx, { name: 'Child', parentId: parent }).id;
  const [main, second] = locationsTable(w.ctx)
    .all()
    .filter((l) => l.type !== 'transit');
  const third = insertLocation(w.ctx, { code: 'DECL-3', name: 'Third', type: 'store', address: null, isDefault: false }).id;
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    const type = (['inventory', 'service', 'non_inventory'] as const)[i % 3];
    const item = createItem(w.ctx, {
      itemCode: `DECL-${String(i).padStart(2, '0')}`,
      name: `Declared ${i}`,
      type,
      pricing: { costPrice: 5 * (i % 7), sellingPrice: 8 * (i % 5) },
      ...(type === 'inventory' ? { inventory: { tracked: i % 2 === 0, minimumStock: 4 } } : {}),
      ...(i % 4 === 0 ? { supplierId: suppliers[(i / 4) % 2] } : {}),
      ...(i % 5 === 1 ? { categoryId: i % 2 ? parent : child } : {}),
      isActive: i % 5 !== 0,
    });
    ids.push(item.id);
    if (type !== 'inventory' || !item.inventory.tracked) continue;
    const moves = [{ date: '2026-01-05', itemId: item.id, locationId: main.id, quantity: i % 9, type: 'initial_stock' as const, source }];
    if (i % 4 === 0) moves.push({ ...moves[0], locationId: second.id, quantity: 3 });
    const recorded = moves.filter((m) => m.quantity !== 0);
    if (recorded.length) recordStockMovements(w.ctx, recorded);
    if (i % 12 === 0) changeCommitted(w.ctx, item.id, third, 'reserved', 1);
  }
  return { w, suppliers, parent, child, locations: [main.id, second.id, third], ids };
}

describe('items.list', () => {
  const spec = contract.inventory.itemsList.list;

  it('answers each declared filter, alone and in pairs, as the domain where does', () => {
    const { w, suppliers, parent, child, locations } = itemWorld();
    const values: Record<string, unknown[]> = {
      category: [parent, child, 'cat_none'],
      lowStock: [true, false],
      outOfStock: [true, false],
      location: [...locations, 'loc_none'],
      type: ['inventory', 'service', 'non_inventory'],
      tracked: [true, false],
      active: [true, false],
      supplier: [suppliers[0], suppliers[1], 'sup_none'],
      costPriceMin: [10, 0],
      costPriceMax: [10, 30],
      sellingPriceMin: [16, 0],
      sellingPriceMax: [16, 32],
    };
    expectIndexedAsScanned(
      w.ctx,
      itemListingsTable(w.ctx),
      spec,
      values,
      (query) => itemMatches(w.ctx, query),
      { field: 'stock', op: 'gte', value: '3' },
      (row, field) => itemListValue(row, field, w.ctx),
    );
  });

  it('keeps each listing equal to its item and its stock records through updates, movements and a delete', () => {
    const { w, ids, locations } = itemWorld();
    const listings = itemListingsTable(w.ctx);
    updateItem(w.ctx, ids[0], { inventory: { minimumStock: 0 } });
    recordStockMovements(w.ctx, [
      { date: '2026-01-06', itemId: ids[6], locationId: locations[0], quantity: -5, type: 'adjustment', source },
    ]);
    deleteItem(w.ctx, ids[1]);
    expect(listings.size).toBe(itemsTable(w.ctx).size);
    for (const item of itemsTable(w.ctx).all()) {
      const { stock, lowStock, outOfStock, locationIds, categoryIds, ...rest } = listings.get(item.id)!;
      expect(rest).toEqual(item);
      expect(stock).toBe(itemListValue(item, 'stock', w.ctx));
      expect([lowStock, outOfStock]).toEqual([
        itemMatches(w.ctx, { lowStock: true })(item),
        itemMatches(w.ctx, { outOfStock: true })(item),
      ]);
      for (const locationId of [...locations, ...locationIds])
        expect(locationIds.includes(locationId)).toBe(itemMatches(w.ctx, { location: locationId })(item));
      if (item.categoryId) expect(categoryIds[0]).toBe(item.categoryId);
    }
  });

  it('sorts by stock as summed over the stock records, and a refused write leaves the listing as it was', () => {
    const { w, ids, locations } = itemWorld();
    const page = (query: Record<string, unknown>) =>
      listPage(itemListingsTable(w.ctx), { query: { limit: 200, ...query }, filters: [] }, spec).data.map((r) => r.id);
    const scanned = listPage(itemsTable(w.ctx).all(), { query: { limit: 200, sort: 'stock:desc' }, filters: [] }, spec, {
      value: (row, field) => itemListValue(row, field, w.ctx),
    });
    expect(page({ sort: 'stock:desc' })).toEqual(scanned.data.map((r) => r.id));
    const before = itemListingsTable(w.ctx).get(ids[0]);
    expect(() =>
      w.store.transaction(() => {
        recordStockMovements(w.ctx, [
          { date: '2026-01-07', itemId: ids[0], locationId: locations[0], quantity: 50, type: 'adjustment', source },
        ]);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(itemListingsTable(w.ctx).get(ids[0])).toBe(before);
  });

  it('writes no audit row of the item when only its stock moves', () => {
    const { w, ids, locations } = itemWorld();
    const trail = auditTrailsTable(w.ctx);
    const itemRows = () => trail.all().filter((row) => row.foreign_key === ids[0]).length;
    const rows = itemRows();
    recordStockMovements(w.ctx, [
      { date: '2026-01-08', itemId: ids[0], locationId: locations[0], quantity: 7, type: 'adjustment', source },
    ]);
    expect(itemRows()).toBe(rows);
    expect(trail.all().some((row) => row.foreign_table === 'itemListings')).toBe(false);
  });

  it('keeps presentation out of the filters, and shows the same stock the item shows', async () => {
    const mock = createMockService({ seed: 'demo' });
    const { apiKey, companyId, baseUrl } = mock.credentials;
    const get = async (path: string) => {
      const response = await mock.fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${apiKey}`, 'X-Company-Id': companyId } });
      expect(response.status, path).toBe(200);
      return (await response.json()) as { data: { id: string; itemCode: string; inventory: { currentStock: number } }[] };
    };
    const byStock = (await get('/items?sort=stock:desc&limit=200&includeImages=true&includeVariants=true')).data;
    const stocks = byStock.map((item) => item.inventory.currentStock);
    expect(stocks).toEqual([...stocks].sort((a, b) => b - a));
    expect(stocks[0]).toBeGreaterThan(0);
    expect((await get(`/items/${byStock[0].id}`)).data).toEqual(byStock[0]);
    const plain = (await get('/items?limit=200')).data;
    expect((await get('/items?limit=200&includeImages=true&includeVariants=true')).data).toHaveLength(plain.length);
    expect(plain.map((item) => item.itemCode)).toEqual(plain.map((item) => item.itemCode).sort());
  });
});
