// Inventory valuation (INV-20): 100,000 movements of 1,000 items over a year, recorded through the
// movement log's one write path, then stock valued as of a date by each method (bench target: FIFO and
// weighted average each at most 100 ms). The company runs FIFO, so its FIFO figure is the sum of what the
// log recorded; the FIFO replay (what a weighted-average company pays for FIFO) is timed on its own too.
import {
  createItem,
  locationsTable,
  recordStockMovements,
  replayValues,
  stockMovementsTable,
  valueStock,
} from '../mock-server/domain/inventory/index.js';
import { addDays } from '../mock-server/domain/shared/calendar.js';
import { createMockService } from '../mock-server/index.js';
import { atMost, ms, report, seededRandom, time, type Figure } from './harness.js';

const VALUATION_TARGET_MS = 100;

export async function inventoryValuation({
  movements,
  items,
  runs,
}: {
  movements: number;
  items: number;
  runs: number;
}): Promise<Figure[]> {
  const mock = createMockService({ seed: 'demo' });
  const ctx = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'bench' } };
  const locations = locationsTable(ctx)
    .all()
    .filter((l) => l.type !== 'transit')
    .map((l) => l.id);
  const itemIds = Array.from(
    { length: items },
    (_, i) =>
      createItem(ctx, { itemCode: `BV-${i}`, name: `Bench item ${i}`, type: 'inventory', pricing: { costPrice: 5, sellingPrice: 9 } }).id,
  );

  const random = seededRandom(1102);
  const onHand = new Map<string, number>();
  const start = addDays(mock.today(), -365);
  const started = performance.now();
  for (let i = 0; i < movements; i++) {
    const itemId = itemIds[Math.floor(random() * items)];
    const locationId = locations[Math.floor(random() * locations.length)];
    const key = `${itemId}|${locationId}`;
    const held = onHand.get(key) ?? 0;
    const count = 1 + Math.floor(random() * 20);
    const sell = held >= count && random() < 0.5;
    const quantity = sell ? -count : count;
    const unitCost = sell ? undefined : 4 + Math.floor(random() * 300) / 100;
    const date = addDays(start, Math.floor((i * 365) / movements));
    recordStockMovements(ctx, [
      {
        date,
        itemId,
        locationId,
        quantity,
        unitCost,
        type: sell ? 'sale' : 'adjustment',
        source: { type: 'bench', id: `b${i}`, number: null },
      },
    ]);
    onHand.set(key, held + quantity);
  }
  const recordMs = performance.now() - started;

  const asOfDate = addDays(start, 300);
  const log = stockMovementsTable(ctx).all();
  const fifo = await time(() => valueStock(ctx, { asOfDate, method: 'fifo' }), { runs, warmup: 3 });
  const fifoReplay = await time(
    () =>
      replayValues(
        log.filter((m) => m.date <= asOfDate),
        'fifo',
        () => 0,
      ),
    { runs, warmup: 3 },
  );
  const average = await time(() => valueStock(ctx, { asOfDate, method: 'average' }), { runs, warmup: 3 });
  const lifo = await time(() => valueStock(ctx, { asOfDate, method: 'lifo' }), { runs, warmup: 3 });

  const n = log.length.toLocaleString('en-US');
  const bound = `<= ${VALUATION_TARGET_MS} ms`;
  return [
    report(
      `record ${movements.toLocaleString('en-US')} movements of ${items} items`,
      `${(recordMs / 1000).toFixed(2)} s (${((recordMs / movements) * 1000).toFixed(1)} µs each)`,
    ),
    report(
      `value ${n} movements as of a date: FIFO, the ledger's (median)`,
      ms(fifo.median),
      atMost(fifo.median, VALUATION_TARGET_MS, bound),
    ),
    report(
      `value ${n} movements as of a date: FIFO replayed (median)`,
      ms(fifoReplay.median),
      atMost(fifoReplay.median, VALUATION_TARGET_MS, bound),
    ),
    report(
      `value ${n} movements as of a date: weighted average replayed (median)`,
      ms(average.median),
      atMost(average.median, VALUATION_TARGET_MS, bound),
    ),
    report(
      `value ${n} movements as of a date: LIFO replayed (median)`,
      `${ms(lifo.median)} (${(lifo.median / fifo.median).toFixed(1)}x the ledger's sum)`,
    ),
  ];
}
