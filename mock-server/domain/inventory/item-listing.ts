import type { CompanyContext } from '../../store/context.js';
import type { ObservedWrite, Store, Table } from '../../store/index.js';
import { observeStockMovements } from './movements.js';
import { itemStock, stockBalancesTable } from './stock-balances.js';
import { itemCategoriesTable, ITEMS, type ItemRow } from './tables.js';

/**
 * The rows `GET /items` lists (MOCK-14): each item as stored, with what its stock records and its
 * category say of it, so the list sorts and filters by stock, location and category from kept views
 * and declared indexes instead of reading every item's stock records on each call. Internal: written
 * in the transaction of the item's write or of its stock's, so it never differs from them, and neither
 * the audit trail nor webhooks see it (an item's stock moving is not an `item.updated`).
 */
export const ITEM_LISTINGS = 'itemListings';

export interface ItemListingRow extends ItemRow {
  /** On hand over every location: the item's `inventory.currentStock`. */
  stock: number;
  /** Tracked and on hand at or below `minimumStock` (`lowStock`), or at or below zero (`outOfStock`). */
  lowStock: boolean;
  outOfStock: boolean;
  /** Locations holding a stock record of the item, empty or not: the `location` filter. */
  locationIds: string[];
  /** The item's category and every one above it: `category` matches items of its subcategories. */
  categoryIds: string[];
}

const sameIds = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);

type StockFields = Pick<ItemListingRow, 'stock' | 'lowStock' | 'outOfStock' | 'locationIds'>;

export const itemListingsTable = (ctx: CompanyContext): Table<ItemListingRow> =>
  ctx.store.table<ItemListingRow>(ctx.companyId, ITEM_LISTINGS);

/** The listing's stock fields of `item`, summed over its stock records as `itemStock` sums them for the item's response. */
function stockFieldsOf(ctx: CompanyContext, item: ItemRow): StockFields {
  const stock = itemStock(ctx, item.id);
  const onHand = stock.currentStock;
  const tracked = item.inventory.tracked;
  return {
    stock: onHand,
    lowStock: tracked && onHand <= item.inventory.minimumStock,
    outOfStock: tracked && onHand <= 0,
    locationIds: stock.locations.map((l) => l.locationId),
  };
}

/** The category and its ancestors, nearest first (the tree only grows: a category never moves). */
export function categoryIdsOf(ctx: CompanyContext, categoryId: string | null): string[] {
  const ids: string[] = [];
  const categories = itemCategoriesTable(ctx);
  for (let id = categoryId; id !== null && !ids.includes(id); id = categories.get(id)?.parentId ?? null) ids.push(id);
  return ids;
}

/** Follows one write of the items table: the listing row is the item's fields with its stock as it was, and its records' copies. */
function followItemWrite(store: Store, write: ObservedWrite): void {
  const ctx: CompanyContext = { store, clock: store.clock, companyId: write.table.companyId };
  const listings = itemListingsTable(ctx);
  const item = write.after as ItemRow | null;
  if (item === null) return void listings.delete(write.id);
  const kept = listings.get(item.id);
  const categoryIds = kept && kept.categoryId === item.categoryId ? kept.categoryIds : categoryIdsOf(ctx, item.categoryId);
  const row: ItemListingRow = { ...item, ...stockFieldsOf(ctx, item), categoryIds };
  if (kept) listings.update(item.id, row);
  else listings.insert(row);
  // The item's stock records carry the same copies for the stock list.
  const { minimumStock } = item.inventory;
  for (const record of stockBalancesTable(ctx).byIndex('itemId', item.id)) {
    if (record.minimumStock !== minimumStock || !sameIds(record.categoryIds, categoryIds))
      stockBalancesTable(ctx).update(record.id, { minimumStock, categoryIds });
  }
}

/** After a write of the item's stock records: its listing's stock fields again, written only when they moved. */
export function refreshItemListing(ctx: CompanyContext, itemId: string): void {
  const listings = itemListingsTable(ctx);
  const kept = listings.get(itemId);
  if (!kept) return;
  const next = stockFieldsOf(ctx, kept);
  const moved =
    next.stock !== kept.stock ||
    next.lowStock !== kept.lowStock ||
    next.outOfStock !== kept.outOfStock ||
    !sameIds(next.locationIds, kept.locationIds);
  if (moved) listings.update(itemId, next);
}

/** Declares the listing and keeps it: every write of an item (the store's write observer) and every stock movement. */
export function defineItemListingTable(store: Store): void {
  // The prices the list sorts and filters by, read out of the pricing block so the table's views can hold them.
  const derived = { costPrice: (row: ItemRow) => row.pricing.costPrice, sellingPrice: (row: ItemRow) => row.pricing.sellingPrice };
  store.defineTable(ITEM_LISTINGS, { prefix: 'itl', internal: true, derived });
  store.onWrite((write) => {
    if (write.table.name === ITEMS) followItemWrite(store, write);
  });
  observeStockMovements(store, (ctx, movement) => refreshItemListing(ctx, movement.itemId));
}
