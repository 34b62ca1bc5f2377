import type { z } from 'zod';
import type { DeletedRecord, Item, ItemCreateParams, ItemType, ItemUpdateParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { itemCategoriesTable, itemsTable, type ItemRow } from './tables.js';
import { businessRule, notFound } from '../../kernel/errors.js';
import { categoryAndDescendants } from './item-categories.js';
import { numberRange } from '../shared/list-ranges.js';
import { nextItemFields, findSupplier } from './item-fields.js';
import { findStockBalance, itemStock, stockBalancesTable } from './stock-balances.js';
import { stockMovementsTable } from './movements.js';
import { itemStockHistory, itemTransactions } from './item-history.js';

export type { ItemRow } from './tables.js';

/** Fields of `POST /items` as the contract has checked them. */
export type NewItem = z.output<typeof ItemCreateParams>;
/** Fields of `PUT /items/{id}`: the changed ones; nested blocks merge field by field. */
export type ItemChanges = z.output<typeof ItemUpdateParams>;

/** Plain filters of `GET /items` (spec document 2, "Items"). */
export interface ItemFilters {
  category?: string;
  type?: ItemType;
  tracked?: boolean;
  active?: boolean;
  lowStock?: boolean;
  outOfStock?: boolean;
  supplier?: string;
  location?: string;
  costPriceMin?: number;
  costPriceMax?: number;
  sellingPriceMin?: number;
  sellingPriceMax?: number;
}

/** Optional parts of the presented item: variants and images on lists, history and transactions on get-one. */
export interface ItemIncludes {
  variants?: boolean;
  images?: boolean;
  stockHistory?: boolean;
  transactions?: boolean;
}

export function retrieveItem(ctx: CompanyContext, itemId: string, field = 'itemId'): ItemRow {
  const item = itemsTable(ctx).get(itemId);
  if (!item) throw notFound('item', itemId, 'ITEM_NOT_FOUND', field);
  return item;
}

export const findItemByCode = (ctx: CompanyContext, itemCode: string): ItemRow | undefined =>
  itemsTable(ctx).byIndex('itemCode', itemCode)[0];

/**
 * The `lowStock` and `outOfStock` tests of an item (spec document 2, alert types `low_stock`:
 * currentStock <= minimumStock, `out_of_stock`: nothing on hand), from one sum over its stock records.
 */
function stockLevelsOf(ctx: CompanyContext, row: ItemRow): { lowStock: boolean; outOfStock: boolean } {
  if (!row.inventory.tracked) return { lowStock: false, outOfStock: false };
  const onHand = itemStock(ctx, row.id).currentStock;
  return { lowStock: onHand <= row.inventory.minimumStock, outOfStock: onHand <= 0 };
}

/** Fields of the list's sort and operator filters that live inside a block of the row, or in its stock records. */
const LIST_FIELDS: Record<string, (row: ItemRow, ctx: CompanyContext) => unknown> = {
  stock: (row, ctx) => itemStock(ctx, row.id).currentStock,
  costPrice: (row) => row.pricing.costPrice,
  sellingPrice: (row) => row.pricing.sellingPrice,
};

/** What a scan of items reads for `field` (`stock` summed over its stock records): the item listing keeps the same figures. */
export function itemListValue(row: ItemRow, field: string, ctx: CompanyContext): unknown {
  const read = LIST_FIELDS[field];
  return read ? read(row, ctx) : (row as ItemRow & Record<string, unknown>)[field];
}

/** The plain filters as one predicate; an empty price range is a 422. */
export function itemMatches(ctx: CompanyContext, filters: ItemFilters): (row: ItemRow) => boolean {
  const costPrice = numberRange('costPriceMin', filters.costPriceMin, 'costPriceMax', filters.costPriceMax);
  const sellingPrice = numberRange('sellingPriceMin', filters.sellingPriceMin, 'sellingPriceMax', filters.sellingPriceMax);
  const categories = filters.category === undefined ? null : categoryAndDescendants(ctx, filters.category);
  const levels = filters.lowStock !== undefined || filters.outOfStock !== undefined;
  return (row) => {
    const stock = levels ? stockLevelsOf(ctx, row) : null;
    return (
      (categories === null || (row.categoryId !== null && categories.has(row.categoryId))) &&
      (filters.type === undefined || row.type === filters.type) &&
      (filters.tracked === undefined || row.inventory.tracked === filters.tracked) &&
      (filters.active === undefined || row.isActive === filters.active) &&
      (filters.lowStock === undefined || stock!.lowStock === filters.lowStock) &&
      (filters.outOfStock === undefined || stock!.outOfStock === filters.outOfStock) &&
      (filters.supplier === undefined || row.supplier?.supplierId === filters.supplier) &&
      (filters.location === undefined || findStockBalance(ctx, row.id, filters.location) !== undefined) &&
      costPrice(row.pricing.costPrice) &&
      sellingPrice(row.pricing.sellingPrice)
    );
  };
}

/** The wire shape (spec document 2, "Item"): category and supplier looked up, optional parts as asked. */
export function presentItem(ctx: CompanyContext, row: ItemRow, include: ItemIncludes = { variants: true, images: true }): Item {
  const category = row.categoryId ? itemCategoriesTable(ctx).get(row.categoryId) : undefined;
  const supplierRow = row.supplier ? findSupplier(ctx, row.supplier.supplierId) : undefined;
  const stock = itemStock(ctx, row.id);
  return {
    id: row.id,
    itemCode: row.itemCode,
    barcode: row.barcode,
    name: row.name,
    description: row.description,
    category: category ? { id: category.id, name: category.name, path: category.path } : null,
    type: row.type,
    unit: row.unit,
    weight: row.weight,
    dimensions: row.dimensions ? ({ ...row.dimensions } as Item['dimensions']) : null,
    pricing: { ...row.pricing, priceGroups: row.pricing.priceGroups.map((group) => ({ ...group })) },
    inventory: {
      ...row.inventory,
      currentStock: stock.currentStock,
      availableStock: stock.availableStock,
      reservedStock: stock.reservedStock,
    },
    supplier: row.supplier
      ? {
          id: row.supplier.supplierId,
          name: typeof supplierRow?.name === 'string' ? supplierRow.name : null,
          supplierItemCode: row.supplier.supplierItemCode,
          leadTimeDays: typeof supplierRow?.leadTimeDays === 'number' ? supplierRow.leadTimeDays : null,
        }
      : null,
    accounting: { ...row.accounting },
    tax: { ...row.tax },
    locations: stock.locations,
    ...(include.variants ? { variants: row.variants.map((variant) => ({ ...variant, attributes: { ...variant.attributes } })) } : {}),
    customFields: { ...row.customFields },
    ...(include.images ? { images: row.images.map((image) => ({ ...image })) } : {}),
    isActive: row.isActive,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(include.stockHistory ? { stockHistory: itemStockHistory(ctx, row.id) } : {}),
    ...(include.transactions ? { transactions: itemTransactions(ctx, row.id) } : {}),
  };
}

export function createItem(ctx: CompanyContext, input: NewItem): ItemRow {
  return ctx.store.transaction(() => {
    const table = itemsTable(ctx);
    const now = ctx.clock.iso();
    const fields = nextItemFields(ctx, null, input);
    return table.insert({ id: table.newId(), ...fields, createdAt: now, updatedAt: now });
  });
}

export function updateItem(ctx: CompanyContext, itemId: string, changes: ItemChanges): ItemRow {
  return ctx.store.transaction(() => {
    const item = retrieveItem(ctx, itemId);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...current } = item;
    const next = nextItemFields(ctx, item, changes);
    if (JSON.stringify(next) === JSON.stringify(current)) return item;
    return itemsTable(ctx).update(item.id, { ...next, updatedAt: ctx.clock.iso() });
  });
}

/** Documents whose lines can name an item (sales and purchasing), read by table name where the table exists. */
const ITEM_DOCUMENT_TABLES = ['quotes', 'salesOrders', 'invoices', 'creditNotes', 'purchaseOrders', 'bills'] as const;

function itemDocumentCounts(ctx: CompanyContext, itemId: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of ITEM_DOCUMENT_TABLES) {
    if (!ctx.store.hasTable(name)) continue;
    const rows = ctx.store.table<{ id: string; items?: { itemId?: string | null }[] }>(ctx.companyId, name).values();
    let count = 0;
    for (const row of rows) if (row.items?.some((line) => line.itemId === itemId)) count += 1;
    if (count > 0) counts[name] = count;
  }
  return counts;
}

/**
 * `delete` of an item (spec document 3, batch table): as a customer's delete, an item with stock history
 * or named by a document cannot be deleted: it is made inactive instead.
 */
export function deleteItem(ctx: CompanyContext, itemId: string): DeletedRecord {
  return ctx.store.transaction(() => {
    const item = retrieveItem(ctx, itemId);
    const movements = stockMovementsTable(ctx).countByIndex('itemId', item.id);
    const documents = itemDocumentCounts(ctx, item.id);
    const balances = stockBalancesTable(ctx).byIndex('itemId', item.id);
    const held = balances.some((b) => b.onHand !== 0 || b.reserved !== 0 || b.onOrder !== 0);
    if (movements > 0 || held || Object.keys(documents).length > 0) {
      throw businessRule('an item with stock history or documents cannot be deleted; set isActive to false instead', {
        itemId: item.id,
        itemCode: item.itemCode,
        stockMovements: movements,
        ...documents,
      });
    }
    for (const balance of balances) stockBalancesTable(ctx).delete(balance.id);
    itemsTable(ctx).delete(item.id);
    return { id: item.id, deleted: true };
  });
}
