import { findItemByCode, locationsTable, setBinLocation } from '../domain/inventory/index.js';
import { addDays, companyToday } from '../domain/shared/calendar.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { loadOpeningStock } from './fixture-items.js';
import { atPath } from './fixture-problem.js';
import type { FixtureFile } from './fixture-schema.js';

type FixtureStock = NonNullable<FixtureFile['companies'][number]['openingStock']>[number];

/** Stock a demo company counted when it started its books: item code and quantity, at the item's cost price. */
export interface OpeningStock {
  daysAgo: number;
  /** Location code of seed/locations.ts. */
  location: string;
  reference: string;
  lines: [itemCode: string, quantity: number][];
}

export const TRADING_OPENING_STOCK: OpeningStock[] = [
  {
    daysAgo: 105,
    location: 'WH-SJ',
    reference: 'OS-WH-SJ',
    lines: [
      ['CHR-100', 40],
      ['CHR-200', 10],
      ['DSK-120', 12],
      ['DSK-160', 12],
      ['CAB-3D', 6],
      ['SHF-5T', 8],
      ['PAP-A4', 80],
      ['PEN-BLU', 50],
      ['FLD-LEV', 250],
    ],
  },
  {
    daysAgo: 105,
    location: 'SR-PJ',
    reference: 'OS-SR-PJ',
    lines: [
      ['CHR-100', 6],
      ['CHR-200', 2],
      ['DSK-120', 2],
    ],
  },
];

export const BAKERY_OPENING_STOCK: OpeningStock[] = [
  {
    daysAgo: 88,
    location: 'KITCHEN',
    reference: 'OS-KITCHEN',
    lines: [
      ['ING-FLR', 25],
      ['BRD-WHT', 40],
      ['BRD-WHL', 24],
      ['BRD-KAY', 30],
      ['CAK-BLK', 6],
      ['CAK-PDN', 10],
      ['PST-CRS', 60],
      ['PST-EGT', 12],
      ['PST-CRY', 8],
    ],
  },
];

export const DEMO_OPENING_STOCK: readonly OpeningStock[][] = [TRADING_OPENING_STOCK, BAKERY_OPENING_STOCK];

/** The counts as a fixture's `openingStock` (MOCK-51): dated `daysAgo` before `today`, each noting its location's name. */
export const openingStockFixture = (counts: readonly OpeningStock[], today: string, nameOf: (code: string) => string): FixtureStock[] =>
  counts.map((count) => ({
    date: addDays(today, -count.daysAgo),
    location: count.location,
    reference: count.reference,
    notes: `Opening stock at ${nameOf(count.location)}`,
    lines: count.lines.map(([item, quantity]) => ({ item, quantity })),
  }));

/**
 * Brings opening stock into the books through the fixture loader's own opening-stock step (MOCK-51): posted
 * `initial_stock` adjustments, one per location (INV-32, INV-25), Dr inventory, Cr opening balance equity, at the
 * item's cost price.
 */
export function seedOpeningStock(ctx: ActingContext, counts: readonly OpeningStock[]): void {
  const nameOf = (code: string) => locationsTable(ctx).byIndex('code', code)[0].name;
  loadOpeningStock(ctx, openingStockFixture(counts, companyToday(ctx), nameOf), 'demo', atPath);
}

/** Where some demo stock sits inside its location (`PUT /inventory/stock` records the same). */
export const DEMO_BIN_LOCATIONS: readonly [location: string, itemCode: string, bin: string][][] = [
  [
    ['WH-SJ', 'CHR-100', 'A-01-1'],
    ['WH-SJ', 'CHR-200', 'A-01-2'],
    ['WH-SJ', 'DSK-120', 'B-02-1'],
    ['WH-SJ', 'PAP-A4', 'C-05-3'],
  ],
  [
    ['KITCHEN', 'ING-FLR', 'DRY-1'],
    ['KITCHEN', 'BRD-WHT', 'RACK-2'],
  ],
];

export function seedBinLocations(ctx: ActingContext, bins: readonly [string, string, string][]): void {
  for (const [code, itemCode, binLocation] of bins) {
    const location = locationsTable(ctx).byIndex('code', code)[0];
    const item = findItemByCode(ctx, itemCode)!;
    setBinLocation(ctx, item.id, location.id, binLocation);
  }
}
