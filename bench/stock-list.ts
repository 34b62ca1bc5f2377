// The stock list (INV-22) filtered by location among 10,000 items x 3 locations, through the whole
// in-process service (routing, auth, query validation, the list engine, presentation): first page median.
import { createItem, insertLocation, locationsTable, recordStockMovements } from '../mock-server/domain/inventory/index.js';
import { createMockService } from '../mock-server/index.js';
import { authHeaders, atMost, ms, report, time, type Figure } from './harness.js';

export const STOCK_PAGE_TARGET_MS = 5;

export async function stockList({ items, runs }: { items: number; runs: number }): Promise<Figure[]> {
  // The demo company: its chart gives the items their accounts; its seeded stock is a few dozen records more.
  const mock = createMockService({ seed: 'demo' });
  const { companyId, apiKey, baseUrl } = mock.credentials;
  const ctx = { store: mock.store, clock: mock.clock, companyId, principal: { actor: 'bench' } };
  const locations = [
    ...locationsTable(ctx)
      .all()
      .filter((location) => location.type !== 'transit'),
    insertLocation(ctx, { code: 'SHOP-2', name: 'Shop 2', type: 'store', address: null, isDefault: false }),
  ];
  const started = performance.now();
  const source = { type: 'bench', id: 'bench', number: null };
  for (let from = 0; from < items; from += 1000) {
    mock.store.transaction(() => {
      for (let i = from; i < Math.min(items, from + 1000); i++) {
        const item = createItem(ctx, {
          itemCode: `BN-${String(i).padStart(6, '0')}`,
          name: `Bench item ${i}`,
          type: 'inventory',
          pricing: { costPrice: 1 + (i % 50) },
        });
        recordStockMovements(
          ctx,
          locations.map((location, l) => ({
            date: '2026-11-01',
            itemId: item.id,
            locationId: location.id,
            quantity: 1 + ((i + l) % 20),
            type: 'initial_stock' as const,
            source,
          })),
        );
      }
    });
  }
  const fillMs = performance.now() - started;

  const headers = authHeaders({ apiKey, companyId });
  const url = `${baseUrl}/inventory/stock?locationId=${locations[1].id}&limit=50`;
  if (locations.length !== 3) throw new Error(`expected 3 stock locations, found ${locations.length}`);
  const get = async () => {
    const response = await mock.fetch(url, { headers });
    const body = (await response.json()) as { data: { locationId: string }[]; pagination: { total: number } };
    if (
      response.status !== 200 ||
      body.data.length !== 50 ||
      body.pagination.total < items ||
      body.data.some((r) => r.locationId !== locations[1].id)
    ) {
      throw new Error(`the stock page is wrong: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
  };
  let t0 = performance.now();
  await get();
  const coldMs = performance.now() - t0;
  t0 = performance.now();
  const warm = await time(get, { runs, warmup: 5 });
  const n = items.toLocaleString('en-US');
  return [
    report(`stock of ${n} items at 3 locations, through the domain`, `${(fillMs / 1000).toFixed(2)} s`),
    report(`stock list filtered by location, first (cold) call`, ms(coldMs)),
    report(
      `stock list filtered by location among ${n} items x 3 locations, first page (median, ${warm.runs} calls)`,
      `${ms(warm.median)} (p95 ${ms(warm.p95)})`,
      atMost(warm.median, STOCK_PAGE_TARGET_MS, `<= ${STOCK_PAGE_TARGET_MS} ms`),
    ),
  ];
}
