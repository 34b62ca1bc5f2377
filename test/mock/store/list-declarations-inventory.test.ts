// Stock records, adjustments and transfers held to their `index` declarations: the indexed answer equals
// a scan through the domain's `where` (stock records through the route's reading of `includeReserved`).
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/contract/index.js';
import {
  adjustmentMatches,
  adjustmentsTable,
  changeCommitted,
  createAdjustment,
  createItem,
  createItemCategory,
  createStockTransfer,
  changeStockTransferStatus,
  insertLocation,
  locationsTable,
  recordStockMovements,
  stockBalancesTable,
  stockListQuery,
  stockMatches,
  stockTransferMatches,
  stockTransfersTable,
  updateItem,
} from '../../../mock-server/domain/inventory/index.js';
import { listPage } from '../../../mock-server/store/list.js';
import { world } from '../support/domain.js';
import { expectIndexedAsScanned } from './list-declarations-support.js';

const source = { type: 'test', id: 'test', number: null };

/** Twelve inventory items in a two-level category tree, stocked at two or three locations: some low, some empty, some below zero, some over-reserved. */
function stockWorld() {
  const w = world();
  const parent = createItemCategory(w.ctx, { name: 'Stocked' }).id;
  const child = createItemCategory(w.ctx, { name: 'Stocked child', parentId: parent }).id;
  const locations = [
    ...locationsTable(w.ctx)
      .all()
      .filter((l) => l.type !== 'transit')
      .map((l) => l.id),
    insertLocation(w.ctx, { code: 'DECL-3', name: 'Third', type: 'store', address: null, isDefault: false }).id,
  ];
  const items = Array.from({ length: 12 }, (_, i) =>
    createItem(w.ctx, {
      itemCode: `STK-${i}`,
      name: `Stocked ${i}`,
      type: 'inventory',
      pricing: { costPrice: 2 + i },
      inventory: { minimumStock: 5 },
      ...(i % 3 === 0 ? {} : { categoryId: i % 3 === 1 ? parent : child }),
    }),
  );
  items.forEach((item, i) => {
    const at = locations.slice(0, 2 + (i % 2));
    recordStockMovements(
      w.ctx,
      at.map((locationId, l) => ({
        date: '2026-11-01',
        itemId: item.id,
        locationId,
        quantity: ((i + l) % 4) * 3 - 2,
        type: 'adjustment' as const,
        source,
      })),
    );
    if (i % 4 === 1) changeCommitted(w.ctx, item.id, at[0], 'reserved', 6);
  });
  // A changed minimum and category reach the item's records.
  updateItem(w.ctx, items[0].id, { inventory: { minimumStock: 0 }, categoryId: child });
  return { w, parent, child, locations, items: items.map((item) => item.id) };
}

describe('inventory.stock.list and inventory.stock.levels', () => {
  it('answer each declared filter, alone and in pairs, as the domain where does, on hand or available', () => {
    const { w, parent, child, locations, items } = stockWorld();
    for (const spec of [contract.inventory.stockList.list, contract.inventory.stockLevels.list]) {
      const values: Record<string, unknown[]> = {
        itemId: [items[1], 'itm_none', items[0]],
        locationId: [locations[0], ...locations.slice(1)],
        categoryId: [parent, 'cat_none', child],
        lowStock: [true, false],
        outOfStock: [true, false],
        negative: [true, false],
        valueMin: [10, 0],
        valueMax: [0, 40],
      };
      for (const includeReserved of [undefined, true, false]) {
        checkStockList(w.ctx, spec, values, (query) => (includeReserved === undefined ? query : { ...query, includeReserved }));
      }
    }
  });

  /** Each query alone and in pairs, read through `stockListQuery` by the indexes and through `stockMatches` by a scan. */
  function checkStockList(
    ctx: ReturnType<typeof world>['ctx'],
    spec: typeof contract.inventory.stockList.list,
    values: Record<string, unknown[]>,
    withReserved: (query: Record<string, unknown>) => Record<string, unknown>,
  ) {
    const names = Object.keys(values);
    const queries: Record<string, unknown>[] = [{}];
    for (const name of names) for (const value of values[name]) queries.push({ [name]: value });
    for (let a = 0; a < names.length; a++)
      for (let b = a + 1; b < names.length; b++) queries.push({ [names[a]]: values[names[a]][0], [names[b]]: values[names[b]].at(-1) });
    let nonEmpty = 0;
    for (const plain of queries) {
      const query = withReserved(plain);
      const listCtx = { ...ctx, query: { ...query, limit: 200 }, filters: [] };
      const indexed = listPage(stockBalancesTable(ctx), { ...listCtx, query: { ...stockListQuery(query), limit: 200 } }, spec, {
        where: () => {
          throw new Error('where is not called when the declaration names every filter');
        },
      });
      const scanned = listPage(stockBalancesTable(ctx).all(), listCtx, spec, { where: stockMatches(ctx, query) });
      expect(
        indexed.data.map((r) => r.id),
        JSON.stringify(query),
      ).toEqual(scanned.data.map((r) => r.id));
      expect(indexed.pagination.total, JSON.stringify(query)).toBe(scanned.pagination.total);
      if (indexed.data.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(queries.length / 2);
  }
});

describe('inventory.adjustments.list and inventory.transfers.list', () => {
  it('answer each declared filter, alone and in pairs, as the domain where does', () => {
    const w = world();
    const [main, second] = locationsTable(w.ctx)
      .all()
      .filter((l) => l.type !== 'transit')
      .map((l) => l.id);
    const items = Array.from(
      { length: 4 },
      (_, i) => createItem(w.ctx, { itemCode: `MOV-${i}`, name: `Moved ${i}`, type: 'inventory', pricing: { costPrice: 3 } }).id,
    );
    recordStockMovements(
      w.ctx,
      items.flatMap((itemId) =>
        [main, second].map((locationId) => ({
          date: '2026-10-01',
          itemId,
          locationId,
          quantity: 500,
          type: 'initial_stock' as const,
          source,
        })),
      ),
    );
    const reasons = ['damaged', 'found', 'lost'] as const;
    for (let i = 0; i < 24; i++) {
      const quantity = i % 3 === 1 ? 2 : -1;
      createAdjustment(w.ctx, {
        date: `2026-11-${String(1 + (i % 18)).padStart(2, '0')}`,
        reason: reasons[i % 3],
        locationId: i % 4 === 0 ? second : main,
        items: [
          { itemId: items[i % 4], adjustmentQuantity: quantity },
          ...(i % 5 === 0 ? [{ itemId: items[(i + 1) % 4], adjustmentQuantity: quantity }] : []),
        ],
        ...(i % 6 === 0 ? { status: 'draft' as const } : {}),
      });
      const transfer = createStockTransfer(w.ctx, {
        date: `2026-11-${String(1 + (i % 18)).padStart(2, '0')}`,
        fromLocationId: i % 3 === 0 ? second : main,
        toLocationId: i % 3 === 0 ? main : second,
        items: [{ itemId: items[i % 4], quantity: 1 }],
      });
      if (i % 4 === 1) changeStockTransferStatus(w.ctx, transfer.id, { status: 'cancelled' });
    }
    expectIndexedAsScanned(
      w.ctx,
      adjustmentsTable(w.ctx),
      contract.inventory.adjustmentsList.list,
      {
        dateFrom: ['2026-11-10'],
        dateTo: ['2026-10-01', '2026-11-14'],
        type: ['positive', 'mixed', 'negative'],
        reason: ['damaged', 'stock_count', 'lost'],
        status: ['draft', 'posted'],
        locationId: [main, 'loc_none', second],
        itemId: [items[1], 'itm_none', items[0]],
      },
      (query) => adjustmentMatches(query),
      { field: 'date', op: 'gte', value: '2026-11-05' },
    );
    expectIndexedAsScanned(
      w.ctx,
      stockTransfersTable(w.ctx),
      contract.inventory.inventoryTransfersList.list,
      {
        status: ['requested', 'completed', 'cancelled'],
        fromLocationId: [main, 'loc_none', second],
        toLocationId: [second, 'loc_none', main],
        locationId: [main, 'loc_none', second],
        itemId: [items[1], 'itm_none', items[0]],
        dateFrom: ['2026-11-10'],
        dateTo: ['2026-10-01', '2026-11-14'],
      },
      (query) => stockTransferMatches(query),
      { field: 'date', op: 'gte', value: '2026-11-05' },
    );
  });
});
