// Items at list depth: rows copied from one made through the domain, straight to the table, then the
// first page of every declared filter and sort and the first page against the last.
import {
  createItem,
  createItemCategory,
  locationsTable,
  recordStockMovements,
  type NewStockMovement,
} from '../mock-server/domain/inventory/index.js';
import { itemsTable, type ItemRow } from '../mock-server/domain/inventory/tables.js';
import { createSupplier } from '../mock-server/domain/purchasing/suppliers.js';
import { ITEM_TYPES } from '../src/contract/index.js';
import { createMockService, type MockService } from '../mock-server/index.js';
import { report, seededRandom, type Figure } from './harness.js';
import { client } from './list-page.js';
import { firstAndLast, firstPages, insertInBatches } from './list-depth-pages.js';

const NOW = '2026-11-20T09:00:00.000Z';
const DAY_MS = 86_400_000;

/**
 * `count` items of every type, active or not, tracked or not, one in ten from a supplier, two in three
 * in a category of a two-level tree; one tracked item in ten holds stock (through the domain's stock
 * movements, at one location or two), so the stock sort and filters read real stock records.
 */
export function fillItems(count: number): { mock: MockService; supplierId: string; categoryId: string; locationId: string } {
  const mock = createMockService({ seed: 'demo', now: NOW });
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'bench' } };
  const suppliers = Array.from({ length: 20 }, (_, i) => createSupplier(ctx, { name: `Item Supplier ${i}` }).id);
  const parents = Array.from({ length: 4 }, (_, i) => createItemCategory(ctx, { name: `Bench ${i}` }).id);
  const categories = parents.flatMap((parentId, p) =>
    Array.from({ length: 5 }, (_, i) => createItemCategory(ctx, { name: `Bench ${p}.${i}`, parentId }).id),
  );
  const locations = locationsTable(ctx)
    .all()
    .filter((l) => l.type !== 'transit')
    .map((l) => l.id);
  const template = createItem(ctx, { itemCode: 'TEMPLATE', name: 'Template', type: 'inventory', pricing: { costPrice: 1 } });
  const table = itemsTable(ctx);
  table.delete(template.id);
  const random = seededRandom(31);
  const start = Date.parse(NOW) - 3 * 365 * DAY_MS;
  const stocked: ItemRow[] = [];
  insertInBatches(mock.store, count, (i) => {
    const created = new Date(start + Math.floor((i / count) * 3 * 365 * DAY_MS)).toISOString();
    const costPrice = Math.round(random() * 100_000) / 100;
    const row: ItemRow = {
      ...template,
      id: table.newId(),
      itemCode: `ITM-${String(i + 1).padStart(6, '0')}`,
      name: `Item ${Math.floor(random() * 1e9).toString(36)}`,
      type: ITEM_TYPES[Math.floor(random() * ITEM_TYPES.length)],
      categoryId: i % 3 === 0 ? null : categories[i % categories.length],
      pricing: { ...template.pricing, costPrice, sellingPrice: Math.round(costPrice * 130) / 100 },
      inventory: { ...template.inventory, tracked: random() < 0.7, minimumStock: 10 },
      supplier: i % 10 === 0 ? { supplierId: suppliers[i % 20], supplierItemCode: null } : null,
      isActive: random() < 0.9,
      createdAt: created,
      updatedAt: created,
    };
    table.insert(row);
    if (row.type === 'inventory' && row.inventory.tracked && i % 10 === 0) stocked.push(row);
  });
  const source = { type: 'bench', id: 'bench', number: null };
  insertInBatches(mock.store, stocked.length, (i) => {
    const move: NewStockMovement = {
      date: '2026-11-01',
      itemId: stocked[i].id,
      locationId: locations[0],
      quantity: 1 + (i % 40),
      type: 'initial_stock',
      source,
    };
    recordStockMovements(ctx, i % 3 === 0 ? [move, { ...move, locationId: locations[1], quantity: 5 }] : [move]);
  });
  return { mock, supplierId: suppliers[0], categoryId: parents[1], locationId: locations[1] };
}

const ITEM_QUERIES: [string, string][] = [
  ['no filter (itemCode:asc)', ''],
  ['type=service', 'type=service'],
  ['tracked=false', 'tracked=false'],
  ['active=false', 'active=false'],
  ['costPriceMin', 'costPriceMin=990'],
  ['costPriceMax', 'costPriceMax=10'],
  ['sellingPriceMin', 'sellingPriceMin=1280'],
  ['sellingPriceMax', 'sellingPriceMax=13'],
  ['type + active', 'type=service&active=false'],
  ['sort=name:asc', 'sort=name:asc'],
  ['sort=costPrice:desc', 'sort=costPrice:desc'],
  ['sort=sellingPrice:desc', 'sort=sellingPrice:desc'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
  ['sort=stock:desc (stock records)', 'sort=stock:desc'],
  ['costPrice[gte]', 'costPrice[gte]=990'],
  ['stock[gte] (stock records)', 'stock[gte]=30'],
  ['lowStock=true (stock records)', 'lowStock=true'],
  ['outOfStock=false (stock records)', 'outOfStock=false'],
];

export async function itemsDepth({ rows, runs }: { rows: number; runs: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const t0 = performance.now();
  const items = fillItems(rows);
  figures.push(
    report(`fill ${rows.toLocaleString('en-US')} items (rows straight to the table)`, `${((performance.now() - t0) / 1000).toFixed(2)} s`),
  );
  const get = client(items.mock, '/items');
  const queries: [string, string][] = [
    ...ITEM_QUERIES,
    ['supplier', `supplier=${items.supplierId}`],
    ['category (and its subcategories)', `category=${items.categoryId}`],
    ['location (stock records)', `location=${items.locationId}`],
  ];
  figures.push(...(await firstPages('items', get, queries, 50, runs)));
  figures.push(...(await firstAndLast('items', get, '', 50, 200, runs)));
  return figures;
}
