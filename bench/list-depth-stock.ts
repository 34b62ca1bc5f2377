// Stock records, stock adjustments and stock transfers at list depth: rows copied from one made through
// the domain, straight to the table, then the first page of every declared filter and sort and the
// first page against the last. (The movement log has no list endpoint: the stock records are its totals.)
import {
  adjustmentsTable,
  createAdjustment,
  createItem,
  createItemCategory,
  createStockTransfer,
  itemsTable,
  locationsTable,
  recordStockMovements,
  stockBalancesTable,
  stockTransfersTable,
  type AdjustmentRow,
  type ItemRow,
  type StockBalanceRow,
  type StockTransferRow,
} from '../mock-server/domain/inventory/index.js';
import { ADJUSTMENT_REASONS, STOCK_TRANSFER_STATUSES } from '../src/contract/index.js';
import { createMockService, type MockService } from '../mock-server/index.js';
import { report, seededRandom, type Figure } from './harness.js';
import { client } from './list-page.js';
import { firstAndLast, firstPages, insertInBatches } from './list-depth-pages.js';

const NOW = '2026-11-20T09:00:00.000Z';
const DAY_MS = 86_400_000;
const START = Date.parse(NOW) - 3 * 365 * DAY_MS;
const dayOf = (days: number) => new Date(START + days * DAY_MS).toISOString().slice(0, 10);
const source = { type: 'bench', id: 'bench', number: null };

/** A demo company, a context acting in it, its three stock locations and `items` inventory items made through the domain. */
function inventoryService(items: number) {
  const mock = createMockService({ seed: 'demo', now: NOW });
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'bench' } };
  const locations = locationsTable(ctx)
    .all()
    .filter((l) => l.type !== 'transit')
    .map((l) => l.id);
  if (locations.length < 2) throw new Error(`the demo company has ${locations.length} stock locations; the fills need two`);
  const made = Array.from({ length: items }, (_, i) =>
    createItem(ctx, {
      itemCode: `BSTK-${String(i).padStart(4, '0')}`,
      name: `Stocked ${i}`,
      type: 'inventory',
      pricing: { costPrice: 1 + (i % 50) },
    }),
  );
  recordStockMovements(
    ctx,
    made.map((item, i) => ({
      date: '2026-01-02',
      itemId: item.id,
      locationId: locations[i % 2],
      quantity: 1000,
      type: 'initial_stock' as const,
      source,
    })),
  );
  return { mock, ctx, locations, items: made.map((item) => item.id) };
}

/**
 * `count` stock records: items copied straight to the table (a third of them in one category), each at
 * every location, the records copied from one the domain made; some below zero, some empty, some reserved.
 */
function fillStockRecords(count: number): { mock: MockService; itemId: string; locationId: string; categoryId: string } {
  const { mock, ctx, locations } = inventoryService(1);
  const categoryId = createItemCategory(ctx, { name: 'Bench stock' }).id;
  const items = itemsTable(ctx);
  const itemTemplate = items.all().find((item) => item.itemCode === 'BSTK-0000')!;
  const template = stockBalancesTable(ctx).byIndex('itemId', itemTemplate.id)[0];
  const balances = stockBalancesTable(ctx);
  const random = seededRandom(61);
  const perItem = locations.length;
  const itemIds: string[] = [];
  insertInBatches(mock.store, Math.ceil(count / perItem), (i) => {
    const item: ItemRow = {
      ...itemTemplate,
      id: items.newId(),
      itemCode: `STK-${String(i + 1).padStart(6, '0')}`,
      name: `Stock item ${i}`,
      categoryId: i % 3 === 0 ? categoryId : null,
      inventory: { ...itemTemplate.inventory, minimumStock: 20 },
    };
    items.insert(item);
    itemIds.push(item.id);
    for (const locationId of locations) {
      const onHand = Math.floor(random() * 220) - 20;
      const row: StockBalanceRow = {
        ...template,
        id: balances.newId(),
        itemId: item.id,
        locationId,
        onHand,
        reserved: random() < 0.1 ? 5 : 0,
        valueCents: onHand * 100 * (1 + (i % 50)),
        // The item's copies, as the domain keeps them on its records.
        minimumStock: item.inventory.minimumStock,
        categoryIds: item.categoryId ? [item.categoryId] : [],
      };
      balances.insert(row);
    }
  });
  return { mock, itemId: itemIds[777], locationId: locations[1], categoryId };
}

/** `count` adjustments over three years copied from one posted through the domain; one in ten a draft, one in fifty of one item. */
function fillAdjustments(count: number): { mock: MockService; itemId: string; locationId: string } {
  const { mock, ctx, locations, items } = inventoryService(100);
  const template = createAdjustment(ctx, {
    reason: 'damaged',
    locationId: locations[0],
    items: [{ itemId: items[0], adjustmentQuantity: -1 }],
  });
  const table = adjustmentsTable(ctx);
  table.delete(template.id);
  const random = seededRandom(62);
  insertInBatches(mock.store, count, (i) => {
    const days = Math.floor((i / count) * 3 * 365);
    const created = new Date(START + days * DAY_MS).toISOString();
    const up = random() < 0.4;
    const row: AdjustmentRow = {
      ...template,
      id: table.newId(),
      adjustmentNumber: `ADJ-B${String(i + 1).padStart(6, '0')}`,
      date: dayOf(days),
      type: up ? 'positive' : 'negative',
      reason: ADJUSTMENT_REASONS[Math.floor(random() * ADJUSTMENT_REASONS.length)],
      status: i % 10 === 0 ? 'draft' : 'posted',
      locationId: locations[i % 2],
      lines: template.lines.map((line) => ({
        ...line,
        itemId: i % 50 === 0 ? items[1] : items[2 + (i % 98)],
        adjustmentQuantity: up ? 2 : -1,
      })),
      createdAt: created,
      updatedAt: created,
    };
    table.insert(row);
  });
  return { mock, itemId: items[1], locationId: locations[1] };
}

/** `count` transfers over three years copied from one requested through the domain, in every state; one in fifty of one item. */
function fillTransfers(count: number): { mock: MockService; itemId: string; locations: string[] } {
  const { mock, ctx, locations, items } = inventoryService(100);
  const template = createStockTransfer(ctx, {
    fromLocationId: locations[0],
    toLocationId: locations[1],
    items: [{ itemId: items[0], quantity: 1 }],
  });
  const table = stockTransfersTable(ctx);
  table.delete(template.id);
  const random = seededRandom(63);
  insertInBatches(mock.store, count, (i) => {
    const days = Math.floor((i / count) * 3 * 365);
    const created = new Date(START + days * DAY_MS).toISOString();
    const from = i % locations.length;
    const row: StockTransferRow = {
      ...template,
      id: table.newId(),
      transferNumber: `TRF-B${String(i + 1).padStart(6, '0')}`,
      date: dayOf(days),
      status: STOCK_TRANSFER_STATUSES[Math.floor(random() * STOCK_TRANSFER_STATUSES.length)],
      fromLocationId: locations[from],
      toLocationId: locations[(from + 1) % locations.length],
      items: template.items.map((line) => ({ ...line, itemId: i % 50 === 0 ? items[1] : items[2 + (i % 98)] })),
      createdAt: created,
      updatedAt: created,
    };
    table.insert(row);
  });
  return { mock, itemId: items[1], locations };
}

const ADJUSTMENT_QUERIES: [string, string][] = [
  ['no filter (date:desc)', ''],
  ['dateFrom', 'dateFrom=2026-11-01'],
  ['dateTo', 'dateTo=2024-01-15'],
  ['type=positive', 'type=positive'],
  ['reason=lost', 'reason=lost'],
  ['status=draft', 'status=draft'],
  ['status + dateFrom', 'status=posted&dateFrom=2026-06-01'],
  ['sort=adjustmentNumber:asc', 'sort=adjustmentNumber:asc'],
  ['sort=totalValue:desc', 'sort=totalValue:desc'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
  ['date[gte]', 'date[gte]=2026-11-01'],
];

const TRANSFER_QUERIES: [string, string][] = [
  ['no filter (date:desc)', ''],
  ['status=shipped', 'status=shipped'],
  ['dateFrom', 'dateFrom=2026-11-01'],
  ['dateTo', 'dateTo=2024-01-15'],
  ['status + dateFrom', 'status=completed&dateFrom=2026-06-01'],
  ['sort=transferNumber:asc', 'sort=transferNumber:asc'],
  ['sort=createdAt:desc', 'sort=createdAt:desc'],
  ['status[in]', 'status[in]=cancelled,pending_approval'],
];

export async function stockDepth({ rows, runs }: { rows: number; runs: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const n = rows.toLocaleString('en-US');
  const filled = (what: string, t0: number) =>
    report(`fill ${n} ${what} (rows straight to the table)`, `${((performance.now() - t0) / 1000).toFixed(2)} s`);

  let t0 = performance.now();
  const stock = fillStockRecords(rows);
  figures.push(filled('stock records', t0));
  const getStock = client(stock.mock, '/inventory/stock');
  const stockQueries: [string, string][] = [
    ['no filter (itemId, locationId)', ''],
    ['itemId', `itemId=${stock.itemId}`],
    ['locationId', `locationId=${stock.locationId}`],
    ['categoryId (items)', `categoryId=${stock.categoryId}`],
    ['lowStock=true (items)', 'lowStock=true'],
    ['outOfStock=true', 'outOfStock=true'],
    ['negative=true', 'negative=true'],
    ['negative + includeReserved=false', 'negative=true&includeReserved=false'],
    ['valueMin', 'valueMin=9000'],
    ['valueMax', 'valueMax=10'],
    ['locationId + lowStock', `locationId=${stock.locationId}&lowStock=true`],
  ];
  figures.push(...(await firstPages('stock records', getStock, stockQueries, 50, runs)));
  figures.push(...(await firstAndLast('stock records', getStock, '', 50, 200, runs)));

  t0 = performance.now();
  const adjustments = fillAdjustments(rows);
  figures.push(filled('stock adjustments', t0));
  const getAdjustments = client(adjustments.mock, '/inventory/adjustments');
  const adjustmentQueries: [string, string][] = [
    ...ADJUSTMENT_QUERIES,
    ['locationId', `locationId=${adjustments.locationId}`],
    ['itemId (any line)', `itemId=${adjustments.itemId}`],
  ];
  figures.push(...(await firstPages('stock adjustments', getAdjustments, adjustmentQueries, 50, runs)));
  figures.push(...(await firstAndLast('stock adjustments', getAdjustments, '', 50, 200, runs)));

  t0 = performance.now();
  const transfers = fillTransfers(rows);
  figures.push(filled('stock transfers', t0));
  const getTransfers = client(transfers.mock, '/inventory/transfers');
  const [a, b] = transfers.locations;
  const transferQueries: [string, string][] = [
    ...TRANSFER_QUERIES,
    ['fromLocationId', `fromLocationId=${a}`],
    ['toLocationId', `toLocationId=${b}`],
    ['locationId (from or to)', `locationId=${b}`],
    ['itemId (any line)', `itemId=${transfers.itemId}`],
  ];
  figures.push(...(await firstPages('stock transfers', getTransfers, transferQueries, 50, runs)));
  figures.push(...(await firstAndLast('stock transfers', getTransfers, '', 50, 100, runs)));
  return figures;
}
