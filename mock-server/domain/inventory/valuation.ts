import type { CompanyContext } from '../../store/context.js';
import { issue, layersQuantity, layersValue, quantity, receiptCents, receive, type CostLayer, type ValuationMethod } from './costing.js';
import { stockMovementsTable, type StockMovementRow } from './movements.js';
import { ledgerValuationMethod } from './stock-balances.js';
import { itemsTable } from './tables.js';

/**
 * Stock value as of any date by any of the four methods, from the movement log alone (INV-20: the
 * valuation report can compute any of the four methods of the spec for any date). The inventory
 * reports, and later the reports module, call `valueStock`; nothing else values stock. Integer cents
 * and plain loops: 100,000 movements value in well under 100 ms (bench/inventory-valuation.ts).
 */

/** One item at one location as of the date: quantity held and its value in cents. */
export interface StockValuation {
  itemId: string;
  locationId: string;
  quantity: number;
  valueCents: number;
}

export interface ValuationScope {
  /** Movements dated on or before it count. */
  asOfDate: string;
  method: ValuationMethod;
  locationId?: string;
  /** Only these items; all when absent. */
  itemIds?: ReadonlySet<string>;
}

/**
 * The company's ledger method sums what the log recorded (exactly what the ledger posted, so it ties to
 * the inventory account on every date); another method replays the log; standard is quantity x the
 * item's cost price (decision INV-20).
 */
export function valueStock(ctx: CompanyContext, scope: ValuationScope): StockValuation[] {
  const moves = movementsAsOf(ctx, scope);
  if (scope.method === ledgerValuationMethod(ctx)) return recordedValues(moves);
  if (scope.method === 'standard') return standardValues(ctx, recordedValues(moves));
  const items = itemsTable(ctx);
  return replayValues(moves, scope.method, (itemId) => items.get(itemId)?.pricing.costPrice ?? 0);
}

/** The log's movements in scope, in recording order (the table keeps insertion order). */
function movementsAsOf(ctx: CompanyContext, scope: ValuationScope): StockMovementRow[] {
  const table = stockMovementsTable(ctx);
  const rows = scope.locationId === undefined ? table.all() : table.byIndex('locationId', scope.locationId);
  const out: StockMovementRow[] = [];
  for (const row of rows) {
    if (row.date <= scope.asOfDate && (scope.itemIds === undefined || scope.itemIds.has(row.itemId))) out.push(row);
  }
  return out;
}

/** Movements by item, then location. */
function grouped(moves: readonly StockMovementRow[]): Map<string, Map<string, StockMovementRow[]>> {
  const byItem = new Map<string, Map<string, StockMovementRow[]>>();
  for (const move of moves) {
    let byLocation = byItem.get(move.itemId);
    if (!byLocation) byItem.set(move.itemId, (byLocation = new Map()));
    const list = byLocation.get(move.locationId);
    if (list) list.push(move);
    else byLocation.set(move.locationId, [move]);
  }
  return byItem;
}

/** Quantity and value as the log recorded them: the ledger's own figures. */
export function recordedValues(moves: readonly StockMovementRow[]): StockValuation[] {
  const byItem = new Map<string, Map<string, StockValuation>>();
  for (const move of moves) {
    let byLocation = byItem.get(move.itemId);
    if (!byLocation) byItem.set(move.itemId, (byLocation = new Map()));
    const held = byLocation.get(move.locationId);
    if (held) {
      held.quantity += move.quantity;
      held.valueCents += move.valueCents;
    } else
      byLocation.set(move.locationId, {
        itemId: move.itemId,
        locationId: move.locationId,
        quantity: move.quantity,
        valueCents: move.valueCents,
      });
  }
  const out: StockValuation[] = [];
  for (const byLocation of byItem.values())
    for (const held of byLocation.values()) out.push({ ...held, quantity: quantity(held.quantity) });
  return out;
}

/** Standard cost: the quantity held at the item's cost price, one rounding per item and location. */
function standardValues(ctx: CompanyContext, held: StockValuation[]): StockValuation[] {
  const items = itemsTable(ctx);
  return held.map((row) => ({ ...row, valueCents: receiptCents(row.quantity, items.get(row.itemId)?.pricing.costPrice ?? 0) }));
}

/**
 * Replays each item's movements at each location in (date, sequence) order: inflows at their own cost,
 * outflows re-costed by `method` with the ledger's own costing arithmetic, below zero too (an outflow
 * dated before the receipt it was recorded against leaves the replay short until that receipt, which
 * settles the shortfall as the ledger would); `costPriceOf` costs a shortfall with nothing held.
 */
export function replayValues(
  moves: readonly StockMovementRow[],
  method: ValuationMethod,
  costPriceOf: (itemId: string) => number,
): StockValuation[] {
  const out: StockValuation[] = [];
  for (const [itemId, byLocation] of grouped(moves)) {
    const belowZero = { unitCost: costPriceOf(itemId) };
    for (const [locationId, list] of byLocation) {
      let layers: CostLayer[] = [];
      for (const move of inDateOrder(list)) {
        layers =
          move.quantity > 0
            ? receive(layers, method, move.quantity, move.valueCents - move.revaluationCents).layers
            : issue(layers, method, -move.quantity, belowZero)!.layers;
      }
      out.push({ itemId, locationId, quantity: layersQuantity(layers), valueCents: layersValue(layers) });
    }
  }
  return out;
}

/** The list in (date, sequence) order: it is in sequence order already, so sort only when a date goes back. */
function inDateOrder(list: StockMovementRow[]): StockMovementRow[] {
  for (let i = 1; i < list.length; i++) {
    if (list[i].date < list[i - 1].date)
      return [...list].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.sequence - b.sequence));
  }
  return list;
}
