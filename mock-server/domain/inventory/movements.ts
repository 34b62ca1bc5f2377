import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { businessRule, ServiceError } from '../../kernel/errors.js';
import { issue, issueAtValue, quantity, receiptCents, receive, unitCostOf } from './costing.js';
import { ledgerValuationMethod, stockBalance, stockBalancesTable, type StockBalanceRow } from './stock-balances.js';
import { allowsNegativeStock, leastHeldFrom } from './negative-stock.js';
import { retrieveItem } from './items.js';
import type { ItemRow } from './tables.js';
import { retrieveLocation } from './locations.js';

/**
 * The movement log (INV-14): every change of stock is one row here, and stock records,
 * valuation and the movements report all read it. Rows are never changed or deleted; a correction is
 * a movement the other way.
 */
export const STOCK_MOVEMENTS = 'stockMovements';

export type StockMovementType =
  | 'initial_stock'
  | 'adjustment'
  | 'stock_count'
  | 'transfer_out'
  | 'transfer_in'
  | 'sale'
  | 'sale_return'
  | 'purchase_receipt'
  | 'purchase_return';

/** The document a movement belongs to: `{ type: 'invoice', id, number: 'INV-000012' }`. */
export interface MovementSource {
  type: string;
  id: string;
  number: string | null;
}

/** A batch with an expiry date, received into stock (INV-30, `expiry_warning`). */
export interface StockLot {
  lotNumber: string;
  expiryDate: string | null;
}

export interface StockMovementRow {
  id: string;
  /** Order of recording: costing replays the log in this order. */
  sequence: number;
  date: string;
  itemId: string;
  locationId: string;
  /** Signed: negative for an outflow. */
  quantity: number;
  /** Cost per unit, four decimals, for reading; `valueCents` is what the ledger moved. */
  unitCost: number;
  /** Signed value in cents at cost: what this movement added to or took from the inventory account. */
  valueCents: number;
  /**
   * The part of `valueCents` that revalued stock issued below zero when this inflow covered it (its
   * cost less the value issued, negated): posted to cost of sales, not to the document's counter account.
   */
  revaluationCents: number;
  type: StockMovementType;
  source: MovementSource;
  lot: StockLot | null;
  notes: string | null;
  createdBy: string;
  createdAt: string;
}

export function defineStockMovementTable(store: Store): void {
  store.defineTable(STOCK_MOVEMENTS, { prefix: 'mov', indexes: ['itemId', 'locationId'] });
}

export const stockMovementsTable = (ctx: CompanyContext): Table<StockMovementRow> =>
  ctx.store.table<StockMovementRow>(ctx.companyId, STOCK_MOVEMENTS);

/**
 * A movement to record. An inflow is costed by `valueCents` when given (a transfer receipt or a return
 * carries the cost it left with), else `unitCost`, else the location's average, else the item's cost
 * price; an outflow is costed by the company's ledger method (beyond what is held, at the current
 * cost: costing's `issue`), unless it names `valueCents`: goods
 * leaving transit carry the cost their own transfer shipped them at (INV-27).
 */
export interface NewStockMovement {
  date: string;
  itemId: string;
  locationId: string;
  quantity: number;
  type: StockMovementType;
  source: MovementSource;
  unitCost?: number;
  valueCents?: number;
  lot?: StockLot | null;
  notes?: string | null;
  /** Names the request field in an error: `items[2].adjustmentQuantity`. */
  field?: string;
}

/** Only an active-or-not `inventory` item that tracks stock has a movement log (INV-4). */
export function stockedItem(ctx: CompanyContext, itemId: string, field = 'itemId'): ItemRow {
  const item = retrieveItem(ctx, itemId, field);
  if (item.type !== 'inventory' || !item.inventory.tracked) {
    throw businessRule('only an inventory item that tracks stock has stock', {
      itemId,
      itemCode: item.itemCode,
      type: item.type,
      tracked: item.inventory.tracked,
    });
  }
  return item;
}

/**
 * 422 INSUFFICIENT_STOCK: a transfer ships only what its source holds, and a company that forbids
 * negative stock takes out only what is held (INV-15, INV-18); `date` names the day a
 * back-dated outflow would leave short, `onHand` what was held then.
 */
export function insufficientStock(
  item: ItemRow,
  balance: StockBalanceRow,
  requested: number,
  field?: string,
  shortOn?: { date: string; held: number },
): ServiceError {
  const onHand = shortOn?.held ?? balance.onHand;
  const when = shortOn ? `on ${shortOn.date} or a later date` : 'on hand';
  return new ServiceError('INSUFFICIENT_STOCK', `Not enough ${item.itemCode} at the location ${when}: ${onHand} held, ${requested} asked`, [
    {
      ...(field ? { field } : {}),
      itemId: item.id,
      itemCode: item.itemCode,
      locationId: balance.locationId,
      onHand,
      requested,
      ...(shortOn ? { date: shortOn.date } : {}),
    },
  ]);
}

/** A transfer ships what its source holds; any other outflow may go below zero unless the company forbids it. */
const mayGoBelowZero = (ctx: CompanyContext, type: StockMovementType): boolean => type !== 'transfer_out' && allowsNegativeStock(ctx);

/** Where stock may not go below zero, an outflow must leave none short now nor, back-dated, on any date from its own. */
function refuseShortfall(ctx: CompanyContext, item: ItemRow, balance: StockBalanceRow, move: NewStockMovement, count: number): void {
  if (count > balance.onHand + 1e-9) throw insufficientStock(item, balance, count, move.field);
  const held = leastHeldFrom(stockMovementsTable(ctx).byIndex('itemId', item.id), move.locationId, move.date);
  if (count > held + 1e-9) throw insufficientStock(item, balance, count, move.field, { date: move.date, held });
}

/** Records movements in order, each costed against the stock the earlier ones left; all or nothing. */
export function recordStockMovements(ctx: ActingContext, moves: readonly NewStockMovement[]): StockMovementRow[] {
  return ctx.store.transaction(() => moves.map((move) => recordOne(ctx, move)));
}

function recordOne(ctx: ActingContext, move: NewStockMovement): StockMovementRow {
  const item = stockedItem(ctx, move.itemId, move.field ? `${move.field.replace(/\.[^.]*$/, '')}.itemId` : 'itemId');
  retrieveLocation(ctx, move.locationId);
  const count = quantity(move.quantity);
  if (count === 0) throw businessRule('a stock movement moves a quantity', { itemId: item.id, locationId: move.locationId });
  const method = ledgerValuationMethod(ctx);
  const balance = stockBalance(ctx, item.id, move.locationId);
  let valueCents: number;
  let revaluationCents = 0;
  let layers: StockBalanceRow['layers'];
  if (count > 0) {
    const costCents = move.valueCents ?? receiptCents(count, move.unitCost ?? inflowUnitCost(balance, item));
    const receipt = receive(balance.layers, method, count, costCents);
    revaluationCents = receipt.revaluationCents;
    valueCents = costCents + revaluationCents;
    layers = receipt.layers;
  } else {
    const belowZero = mayGoBelowZero(ctx, move.type);
    if (!belowZero) refuseShortfall(ctx, item, balance, move, -count);
    const taken =
      move.valueCents === undefined
        ? issue(balance.layers, method, -count, belowZero ? { unitCost: item.pricing.costPrice } : undefined)
        : issueAtValue(balance.layers, method, -count, Math.abs(move.valueCents));
    if (!taken) throw insufficientStock(item, balance, -count, move.field);
    valueCents = -taken.valueCents;
    layers = taken.layers;
  }
  const table = stockMovementsTable(ctx);
  const now = ctx.clock.iso();
  const row = table.insert({
    id: table.newId(),
    sequence: table.size + 1,
    date: move.date,
    itemId: item.id,
    locationId: move.locationId,
    quantity: count,
    unitCost: unitCostOf(valueCents - revaluationCents, count),
    valueCents,
    revaluationCents,
    type: move.type,
    source: move.source,
    // An outflow names a lot only when it takes from that one (a purchase return, INV-33).
    lot: move.lot ?? null,
    notes: move.notes ?? null,
    createdBy: actorOf(ctx),
    createdAt: now,
  });
  const after = stockBalancesTable(ctx).update(balance.id, {
    onHand: quantity(balance.onHand + count),
    valueCents: balance.valueCents + valueCents,
    layers,
    lastMovement: { date: move.date, type: move.type, quantity: count, reference: move.source.number },
    updatedAt: now,
  });
  for (const observe of movementObservers.get(ctx.store) ?? []) observe(ctx, row, balance, after);
  return row;
}

/** Sees each movement inside its transaction with the stock record before and after it (alerts, INV-29). */
export type StockMovementObserver = (
  ctx: ActingContext,
  movement: StockMovementRow,
  before: StockBalanceRow,
  after: StockBalanceRow,
) => void;

const movementObservers = new WeakMap<Store, StockMovementObserver[]>();

/** Registered by a module where it declares its tables, so the log names no module above it. */
export function observeStockMovements(store: Store, observer: StockMovementObserver): void {
  movementObservers.set(store, [...(movementObservers.get(store) ?? []), observer]);
}

/**
 * A receipt with no cost named: the location's average cost (below zero, the cost the shortfall was
 * issued at, so covering it revalues nothing), else the item's cost price.
 */
export function inflowUnitCost(balance: Pick<StockBalanceRow, 'onHand' | 'valueCents'>, item: ItemRow): number {
  return balance.onHand !== 0 ? unitCostOf(balance.valueCents, balance.onHand) : item.pricing.costPrice;
}

export const movementsOfItem = (ctx: CompanyContext, itemId: string): StockMovementRow[] =>
  stockMovementsTable(ctx)
    .byIndex('itemId', itemId)
    .sort((a, b) => a.sequence - b.sequence);
