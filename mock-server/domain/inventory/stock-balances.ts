import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { findCompany } from '../platform/index.js';
import { fromCents, quantity, type CostLayer, type LedgerValuationMethod } from './costing.js';
import { categoryIdsOf, refreshItemListing } from './item-listing.js';
import { itemsTable } from './tables.js';

/**
 * One item at one location, as the movement log has left it (INV-14: one movement log, everything
 * derived from it): written only by `recordStockMovements` and the reservation calls, in the same
 * transaction as the movement, so it is the log's running total and never a second truth. Indexed
 * so a stock list by location or item does not scan the log.
 */
export const STOCK_BALANCES = 'stockBalances';

export interface LastMovement {
  date: string;
  type: string;
  /** Negative for an outflow (spec document 2, "Stock record"). */
  quantity: number;
  reference: string | null;
}

export interface StockBalanceRow {
  id: string;
  itemId: string;
  locationId: string;
  onHand: number;
  /** Held for confirmed sales orders not yet invoiced. */
  reserved: number;
  /** Ordered from suppliers and not yet received (purchasing). */
  onOrder: number;
  /** Cost of what is on hand, in cents, by the company's ledger method. */
  valueCents: number;
  /** The cost layers behind `valueCents`: receipts oldest first (FIFO) or one pool (average); below zero, one negative layer. */
  layers: CostLayer[];
  binLocation: string | null;
  lastMovement: LastMovement | null;
  updatedAt: string;
  /**
   * The item's `minimumStock`, and its category with every one above it: copies the item's writes keep
   * in step (item-listing.ts), so the stock list's `lowStock` and `categoryId` read the record alone.
   */
  minimumStock: number;
  categoryIds: string[];
}

/** The stock list's tests of a record, read by its declared indexes: on hand, or (`…Available`) less what is reserved. */
const STOCK_TESTS = {
  stockValue: (row: StockBalanceRow) => fromCents(row.valueCents),
  lowStock: (row: StockBalanceRow) => row.onHand <= row.minimumStock,
  outOfStock: (row: StockBalanceRow) => row.onHand <= 0,
  negative: (row: StockBalanceRow) => row.onHand < 0,
  lowStockAvailable: (row: StockBalanceRow) => availableOf(row) <= row.minimumStock,
  outOfStockAvailable: (row: StockBalanceRow) => availableOf(row) <= 0,
  negativeAvailable: (row: StockBalanceRow) => availableOf(row) < 0,
};

export function defineStockBalanceTable(store: Store): void {
  // Internal: a running total of the movement log, which the audit trail records already.
  store.defineTable(STOCK_BALANCES, { prefix: 'stk', indexes: ['itemId', 'locationId'], internal: true, derived: STOCK_TESTS });
}

export const stockBalancesTable = (ctx: CompanyContext): Table<StockBalanceRow> =>
  ctx.store.table<StockBalanceRow>(ctx.companyId, STOCK_BALANCES);

/** The company's ledger method; companies made before the setting existed value by FIFO. */
export const ledgerValuationMethod = (ctx: CompanyContext): LedgerValuationMethod =>
  findCompany(ctx.store, ctx.companyId)?.inventoryValuationMethod ?? 'fifo';

export function findStockBalance(ctx: CompanyContext, itemId: string, locationId: string): StockBalanceRow | undefined {
  return stockBalancesTable(ctx)
    .byIndex('itemId', itemId)
    .find((row) => row.locationId === locationId);
}

/** The balance row of an item at a location, made empty on first use. */
export function stockBalance(ctx: CompanyContext, itemId: string, locationId: string): StockBalanceRow {
  const found = findStockBalance(ctx, itemId, locationId);
  if (found) return found;
  const table = stockBalancesTable(ctx);
  const item = itemsTable(ctx).get(itemId);
  const row = table.insert({
    id: table.newId(),
    itemId,
    locationId,
    onHand: 0,
    reserved: 0,
    onOrder: 0,
    valueCents: 0,
    layers: [],
    binLocation: null,
    lastMovement: null,
    updatedAt: ctx.clock.iso(),
    minimumStock: item?.inventory.minimumStock ?? 0,
    categoryIds: categoryIdsOf(ctx, item?.categoryId ?? null),
  });
  // A new record puts the item at the location: the item list's `location` filter reads it.
  refreshItemListing(ctx, itemId);
  return row;
}

/** Available to promise: on hand less what confirmed orders hold. */
export const availableOf = (row: Pick<StockBalanceRow, 'onHand' | 'reserved'>): number => quantity(row.onHand - row.reserved);

/** Moves an item's reserved or on-order quantity at a location (sales orders, purchase orders). */
export function changeCommitted(
  ctx: CompanyContext,
  itemId: string,
  locationId: string,
  field: 'reserved' | 'onOrder',
  delta: number,
): StockBalanceRow {
  const row = stockBalance(ctx, itemId, locationId);
  return stockBalancesTable(ctx).update(row.id, { [field]: quantity(Math.max(0, row[field] + delta)), updatedAt: ctx.clock.iso() });
}

/** An item's stock over all its locations: the item record's `inventory` and `locations` (never stored twice). */
export interface ItemStock {
  currentStock: number;
  availableStock: number;
  reservedStock: number;
  onOrderStock: number;
  valueCents: number;
  locations: { locationId: string; stock: number; available: number; reserved: number; binLocation: string | null }[];
}

export function itemStock(ctx: CompanyContext, itemId: string): ItemStock {
  const rows = stockBalancesTable(ctx).byIndex('itemId', itemId);
  const total = (read: (row: StockBalanceRow) => number): number => quantity(rows.reduce((sum, row) => sum + read(row), 0));
  return {
    currentStock: total((row) => row.onHand),
    availableStock: total(availableOf),
    reservedStock: total((row) => row.reserved),
    onOrderStock: total((row) => row.onOrder),
    valueCents: rows.reduce((sum, row) => sum + row.valueCents, 0),
    locations: rows.map((row) => ({
      locationId: row.locationId,
      stock: row.onHand,
      available: availableOf(row),
      reserved: row.reserved,
      binLocation: row.binLocation,
    })),
  };
}
