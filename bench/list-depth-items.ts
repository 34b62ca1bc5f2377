// Items at list depth: rows copied from one made through the domain, straight to the table, then the
// first page of every declared filter and sort and the first page against the last.
import { createItem } from '../mock-server/domain/inventory/index.js';
import { itemsTable, type ItemRow } from '../mock-server/domain/inventory/tables.js';
import { createSupplier } from '../mock-server/domain/purchasing/suppliers.js';
import { ITEM_TYPES } from '../src/contract/index.js';
import { createMockService, type MockService } from '../mock-server/index.js';
import { report, seededRandom, type Figure } from './harness.js';
import { client } from './list-page.js';
import { firstAndLast, firstPages, insertInBatches } from './list-depth-pages.js';

const NOW = '2026-11-20T09:00:00.000Z';
const DAY_MS = 86_400_000;

/** `count` items of every type, active or not, tracked or not, one in ten from a supplier; no stock records. */
export function fillItems(count: number): { mock: MockService; supplierId: string } {
  const mock = createMockService({ seed: 'demo', now: NOW });
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'bench' } };
  const suppliers = Array.from({ length: 20 }, (_, i) => createSupplier(ctx, { name: `Item Supplier ${i}` }).id);
  const template = createItem(ctx, { itemCode: 'TEMPLATE', name: 'Template', type: 'inventory', pricing: { costPrice: 1 } });
  const table = itemsTable(ctx);
  table.delete(template.id);
  const random = seededRandom(31);
  const start = Date.parse(NOW) - 3 * 365 * DAY_MS;
  insertInBatches(mock.store, count, (i) => {
    const created = new Date(start + Math.floor((i / count) * 3 * 365 * DAY_MS)).toISOString();
    const costPrice = Math.round(random() * 100_000) / 100;
    const row: ItemRow = {
      ...template,
      id: table.newId(),
      itemCode: `ITM-${String(i + 1).padStart(6, '0')}`,
      name: `Item ${Math.floor(random() * 1e9).toString(36)}`,
      type: ITEM_TYPES[Math.floor(random() * ITEM_TYPES.length)],
      pricing: { ...template.pricing, costPrice, sellingPrice: Math.round(costPrice * 130) / 100 },
      inventory: { ...template.inventory, tracked: random() < 0.7 },
      supplier: i % 10 === 0 ? { supplierId: suppliers[i % 20], supplierItemCode: null } : null,
      isActive: random() < 0.9,
      createdAt: created,
      updatedAt: created,
    };
    table.insert(row);
  });
  return { mock, supplierId: suppliers[0] };
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
];

export async function itemsDepth({ rows, runs }: { rows: number; runs: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const t0 = performance.now();
  const items = fillItems(rows);
  figures.push(report(`fill ${rows.toLocaleString('en-US')} items (rows straight to the table)`, `${((performance.now() - t0) / 1000).toFixed(2)} s`));
  const get = client(items.mock, '/items');
  figures.push(...(await firstPages('items', get, [...ITEM_QUERIES, ['supplier', `supplier=${items.supplierId}`]], 50, runs)));
  figures.push(...(await firstAndLast('items', get, '', 50, 200, runs)));
  return figures;
}
