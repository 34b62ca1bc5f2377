import type { ItemStockMovement, ItemTransaction } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { fromCents, quantity } from './costing.js';
import { movementsOfItem, type StockMovementRow } from './movements.js';

/** How far back `includeStockHistory` and `includeTransactions` read: the movements report has the whole log. */
export const ITEM_HISTORY_LIMIT = 100;

const latestMovements = (ctx: CompanyContext, itemId: string): StockMovementRow[] =>
  movementsOfItem(ctx, itemId).slice(-ITEM_HISTORY_LIMIT).reverse();

/** `GET /items/{id}?includeStockHistory=true`: the item's latest movements, newest first. */
export function itemStockHistory(ctx: CompanyContext, itemId: string): ItemStockMovement[] {
  return latestMovements(ctx, itemId).map((m) => ({
    id: m.id,
    date: m.date,
    type: m.type,
    quantity: m.quantity,
    unitCost: m.unitCost,
    value: fromCents(m.valueCents),
    locationId: m.locationId,
    reference: m.source.number,
    source: { type: m.source.type, id: m.source.id },
  }));
}

/** `GET /items/{id}?includeTransactions=true`: the documents behind the latest movements, with their net effect on the item. */
export function itemTransactions(ctx: CompanyContext, itemId: string): ItemTransaction[] {
  const byDocument = new Map<string, ItemTransaction & { cents: number }>();
  for (const m of latestMovements(ctx, itemId)) {
    const key = `${m.source.type}:${m.source.id}`;
    const found = byDocument.get(key);
    if (found) {
      found.quantity = quantity(found.quantity + m.quantity);
      found.cents += m.valueCents;
    } else {
      byDocument.set(key, {
        type: m.source.type,
        id: m.source.id,
        number: m.source.number,
        date: m.date,
        quantity: m.quantity,
        value: 0,
        cents: m.valueCents,
      });
    }
  }
  return [...byDocument.values()].map(({ cents, ...document }) => ({ ...document, value: fromCents(cents) }));
}
