import {
  controlAccount,
} from '../domain/accounting/index.js';
import { findItemByCode, locationsTable, postStockValue, recordStockMovements } from '../domain/inventory/index.js';
import { addDays, companyToday } from '../domain/shared/calendar.js';
import type { ActingContext } from '../domain/shared/actor.js';

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
    lines: [['CHR-100', 40], ['CHR-200', 10], ['DSK-120', 12], ['DSK-160', 12], ['CAB-3D', 6], ['SHF-5T', 8], ['PAP-A4', 80], ['PEN-BLU', 50], ['FLD-LEV', 250]],
  },
  { daysAgo: 105, location: 'SR-PJ', reference: 'OS-SR-PJ', lines: [['CHR-100', 6], ['CHR-200', 2], ['DSK-120', 2]] },
];

export const BAKERY_OPENING_STOCK: OpeningStock[] = [
  {
    daysAgo: 88,
    location: 'KITCHEN',
    reference: 'OS-KITCHEN',
    lines: [['ING-FLR', 25], ['BRD-WHT', 40], ['BRD-WHL', 24], ['BRD-KAY', 30], ['CAK-BLK', 6], ['CAK-PDN', 10], ['PST-CRS', 60], ['PST-EGT', 12], ['PST-CRY', 8]],
  },
];

export const DEMO_OPENING_STOCK: readonly OpeningStock[][] = [TRADING_OPENING_STOCK, BAKERY_OPENING_STOCK];

/** Brings opening stock into the books: Dr inventory, Cr opening balance equity, at cost. */
export function seedOpeningStock(ctx: ActingContext, counts: readonly OpeningStock[]): void {
  const opening = controlAccount(ctx, 'opening_balance').id;
  for (const count of counts) {
    const date = addDays(companyToday(ctx), -count.daysAgo);
    const location = locationsTable(ctx).byIndex('code', count.location)[0];
    const source = { type: 'opening_stock', id: count.reference, number: count.reference };
    const movements = recordStockMovements(
      ctx,
      count.lines.map(([code, quantity]) => {
        const item = findItemByCode(ctx, code)!;
        return { date, itemId: item.id, locationId: location.id, quantity, unitCost: item.pricing.costPrice, type: 'initial_stock', source };
      }),
    );
    postStockValue(ctx, { date, reference: count.reference, description: `Opening stock at ${location.name}`, source, movements, counterAccountId: () => opening });
  }
}
