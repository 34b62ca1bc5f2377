import { ItemCreateParams, StockAdjustmentCreateParams } from '../../src/contract/index.js';
import { ACCOUNTS, type AccountRow } from '../domain/accounting/index.js';
import {
  createAdjustment,
  createItem,
  createItemCategory,
  ITEM_CATEGORIES,
  itemCategoriesTable,
  type ItemCategoryRow,
  insertLocation,
  ITEMS,
  LOCATIONS,
  STOCK_ADJUSTMENTS,
  type AdjustmentRow,
  type ItemRow,
  type LocationRow,
  locationsTable,
} from '../domain/inventory/index.js';
import { SUPPLIERS, type SupplierRow } from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';
import { type AtPath, FixtureProblem } from './fixture-problem.js';
import { accountIdNumbered, itemCoded, locationIdCoded, supplierNamed } from './fixture-refs.js';
import { namesById, setFields } from './fixture-rows.js';
import type { CheckedFixtureCompany, FixtureFile } from './fixture-schema.js';

type FixtureCompany = FixtureFile['companies'][number];

/** How a category path joins a parent and a child, as the item shows `category.path`. */
const CATEGORY_SEPARATOR = ' / ';

const ACCOUNT_FIELDS = { income: 'incomeAccountId', expense: 'expenseAccountId', asset: 'assetAccountId' } as const;

/**
 * The company's catalogue (MOCK-33): its locations, item categories and items, then its opening stock; each a step of
 * its own, which the demo seed calls in its own order (MOCK-51).
 */
export function loadItems(ctx: ActingContext, company: CheckedFixtureCompany, path: string, at: AtPath): void {
  loadLocations(ctx, company.locations ?? [], path, at);
  loadItemCategories(ctx, company.itemCategories ?? [], path, at);
  loadCatalogueItems(ctx, company.items ?? [], path, at);
  loadOpeningStock(ctx, company.openingStock ?? [], path, at);
}

/** The item category tree, each path's parent found among the paths before it. */
export function loadItemCategories(ctx: ActingContext, categories: readonly string[], path: string, at: AtPath): void {
  categories.forEach((category, i) => {
    at(`${path}.itemCategories[${i}]`, () => {
      const cut = category.lastIndexOf(CATEGORY_SEPARATOR);
      const parent = cut < 0 ? undefined : category.slice(0, cut);
      const parentRow = parent === undefined ? undefined : itemCategoriesTable(ctx).find((row) => row.path === parent);
      if (parent !== undefined && !parentRow) throw new FixtureProblem(`: no category ${parent} before this one`);
      createItemCategory(ctx, { name: category.slice(cut < 0 ? 0 : cut + CATEGORY_SEPARATOR.length), parentId: parentRow?.id ?? null });
    });
  });
}

/**
 * Each item through `createItem` as `POST /items` does: its supplier named by the name the fixture gives it, its
 * accounts by number, its category by path.
 */
export function loadCatalogueItems(ctx: ActingContext, items: NonNullable<CheckedFixtureCompany['items']>, path: string, at: AtPath): void {
  items.forEach(({ supplier, accounts, category, ...fields }, i) => {
    at(`${path}.items[${i}]`, () => {
      const supplierRow = supplier === undefined ? undefined : supplierNamed(ctx, supplier);
      const accounting: Record<string, string> = {};
      for (const [key, field] of Object.entries(ACCOUNT_FIELDS)) {
        const accountId = accountIdNumbered(ctx, accounts?.[key as keyof typeof ACCOUNT_FIELDS], `accounts.${key}`);
        if (accountId) accounting[field] = accountId;
      }
      const categoryRow = category === undefined ? undefined : itemCategoriesTable(ctx).find((row) => row.path === category);
      if (category !== undefined && !categoryRow) throw new FixtureProblem(`category: no category ${category} in itemCategories`);
      createItem(
        ctx,
        ItemCreateParams.parse({
          ...fields,
          ...(supplierRow ? { supplierId: supplierRow.id } : {}),
          ...(accounts ? { accounting } : {}),
          ...(categoryRow ? { categoryId: categoryRow.id } : {}),
        }),
      );
    });
  });
}

/**
 * The opening stock as posted `initial_stock` adjustments (Dr inventory / Cr opening balance equity, INV-32), each
 * line's item by code, at its unit cost or the item's.
 */
export function loadOpeningStock(
  ctx: ActingContext,
  counts: NonNullable<CheckedFixtureCompany['openingStock']>,
  path: string,
  at: AtPath,
): void {
  counts.forEach((count, i) => {
    at(`${path}.openingStock[${i}]`, () => {
      const locationId = locationIdCoded(ctx, count.location);
      const items = count.lines.map((line, l) => {
        const item = itemCoded(ctx, line.item, `lines[${l}].item`);
        return { itemId: item.id, adjustmentQuantity: line.quantity, unitCost: line.unitCost ?? item.pricing.costPrice };
      });
      createAdjustment(
        ctx,
        StockAdjustmentCreateParams.parse({
          date: count.date,
          reason: 'initial_stock',
          ...(locationId ? { locationId } : {}),
          ...(count.reference ? { reference: count.reference } : {}),
          ...(count.notes ? { notes: count.notes } : {}),
          items,
        }),
      );
    });
  });
}

/**
 * The fixture's locations: the company has exactly those, so the empty seed's `MAIN` (which holds nothing yet)
 * goes unless listed; a listed code the company has takes the fixture's fields.
 */
export function loadLocations(
  ctx: ActingContext,
  locations: Readonly<NonNullable<CheckedFixtureCompany['locations']>>,
  path: string,
  at: AtPath,
): void {
  if (!locations.length) return;
  const listed = new Set(locations.map((location) => location.code));
  for (const row of locationsTable(ctx).all()) if (!listed.has(row.code) && row.type !== 'transit') locationsTable(ctx).delete(row.id);
  const defaults = locations.filter((location) => location.isDefault);
  locations.forEach((location, i) => {
    at(`${path}.locations[${i}]`, () => {
      if (location.isDefault && defaults.length > 1) throw new FixtureProblem('isDefault: another location is the default already');
      const table = locationsTable(ctx);
      const fields = {
        name: location.name,
        type: location.type ?? 'warehouse',
        address: location.address ?? null,
        isDefault: location.isDefault ?? false,
      };
      if (fields.isDefault) for (const row of table.all()) if (row.isDefault) table.update(row.id, { isDefault: false });
      const kept = table.byIndex('code', location.code)[0];
      if (kept) table.update(kept.id, fields);
      else insertLocation(ctx, { code: location.code, ...fields });
    });
  });
}

/** The company's stock locations (transit apart, which a shipped transfer makes again) as a fixture writes them. */
export function locationsOf(store: Store, companyId: string): FixtureCompany['locations'] {
  return store
    .table<LocationRow>(companyId, LOCATIONS)
    .all()
    .filter((row) => row.type !== 'transit')
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((row) => ({
      code: row.code,
      name: row.name,
      type: row.type as 'warehouse' | 'store',
      ...(row.address !== null ? { address: row.address } : {}),
      ...(row.isDefault ? { isDefault: true } : {}),
    }));
}

/** The company's item categories as paths, parents first (by depth, then path), as a fixture lists them (MOCK-33). */
export function itemCategoriesOf(store: Store, companyId: string): string[] {
  const depth = (path: string) => path.split(CATEGORY_SEPARATOR).length;
  return store
    .table<ItemCategoryRow>(companyId, ITEM_CATEGORIES)
    .all()
    .map((row) => row.path)
    .sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));
}

/** The company's items as a fixture writes them, by code: what `POST /items` took, suppliers by name, accounts by number, categories by path. */
export function itemsOf(store: Store, companyId: string): FixtureCompany['items'] {
  const categories = namesById<ItemCategoryRow>(store, companyId, ITEM_CATEGORIES, (row) => row.path);
  const suppliers = new Map(
    store
      .table<SupplierRow>(companyId, SUPPLIERS)
      .all()
      .map((row) => [row.id, row.name]),
  );
  const accounts = new Map(
    store
      .table<AccountRow>(companyId, ACCOUNTS)
      .all()
      .map((row) => [row.id, row.accountNumber]),
  );
  return store
    .table<ItemRow>(companyId, ITEMS)
    .all()
    .sort((a, b) => a.itemCode.localeCompare(b.itemCode))
    .map((row) => {
      const { pricing, inventory, tax } = row;
      return {
        itemCode: row.itemCode,
        name: row.name,
        type: row.type,
        ...(row.description !== null ? { description: row.description } : {}),
        ...(row.barcode !== null ? { barcode: row.barcode } : {}),
        unit: row.unit as never,
        ...(row.weight !== null ? { weight: row.weight } : {}),
        ...(row.dimensions !== null ? { dimensions: row.dimensions as never } : {}),
        pricing: {
          costPrice: pricing.costPrice,
          sellingPrice: pricing.sellingPrice,
          currency: pricing.currency,
          priceGroups: pricing.priceGroups,
        },
        inventory: { ...inventory },
        ...(row.supplier ? { supplier: suppliers.get(row.supplier.supplierId) } : {}),
        ...(row.supplier?.supplierItemCode ? { supplierItemCode: row.supplier.supplierItemCode } : {}),
        accounts: {
          income: accounts.get(row.accounting.incomeAccountId),
          expense: accounts.get(row.accounting.expenseAccountId),
          ...(row.accounting.assetAccountId ? { asset: accounts.get(row.accounting.assetAccountId) } : {}),
        },
        tax: { ...tax },
        ...(Object.keys(row.customFields).length > 0 ? { customFields: row.customFields } : {}),
        ...(row.images.length > 0 ? { images: row.images.map(({ url, isPrimary }) => ({ url, isPrimary })) } : {}),
        ...(row.isActive ? {} : { isActive: false }),
        ...(row.categoryId ? { category: categories.get(row.categoryId) } : {}),
        ...(row.variants.length > 0
          ? {
              variants: row.variants.map(({ name, attributes, itemCode, barcode }) => ({
                name,
                attributes,
                ...setFields({ itemCode, barcode }, ['itemCode', 'barcode']),
              })),
            }
          : {}),
      } as NonNullable<FixtureCompany['items']>[number];
    });
}

/** The opening stock as the fixture gave it: each posted `initial_stock` adjustment, by date, its lines by item code. */
export function openingStockOf(store: Store, companyId: string): FixtureCompany['openingStock'] {
  const items = store.table<ItemRow>(companyId, ITEMS);
  const locations = store.table<LocationRow>(companyId, LOCATIONS);
  return store
    .table<AdjustmentRow>(companyId, STOCK_ADJUSTMENTS)
    .all()
    .filter((row) => row.reason === 'initial_stock' && row.status === 'posted')
    .sort((a, b) => a.date.localeCompare(b.date) || a.adjustmentNumber.localeCompare(b.adjustmentNumber))
    .map((row) => ({
      date: row.date,
      location: locations.get(row.locationId)!.code,
      ...(row.reference ? { reference: row.reference } : {}),
      ...(row.notes ? { notes: row.notes } : {}),
      lines: row.lines.map((line) => ({
        item: items.get(line.itemId)!.itemCode,
        quantity: line.adjustmentQuantity,
        unitCost: line.posted?.unitCost ?? line.unitCost ?? 0,
      })),
    }));
}
