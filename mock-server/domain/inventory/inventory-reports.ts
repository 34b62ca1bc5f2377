import type { z } from 'zod';
import type { InventoryValuationParams, InventoryValuationReport } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { validationError } from '../../kernel/errors.js';
import { addDays, companyToday } from '../shared/calendar.js';
import { companyCurrency } from '../platform/index.js';
import { fromCents, quantity, unitCostOf } from './costing.js';
import { categoryAndDescendants, resolveItemCategory } from './item-categories.js';
import { retrieveItem } from './items.js';
import { locationsTable, retrieveLocation } from './locations.js';
import { ledgerValuationMethod } from './stock-balances.js';
import { itemCategoriesTable, itemsTable, type ItemRow } from './tables.js';
import { valueStock } from './valuation.js';

/**
 * The inventory reports of spec document 2 (INV-20, INV-21), each a pure read of the movement log
 * through `valueStock` and the stock records; the reports module calls the same functions.
 */

/** Which items a report covers: tracked inventory items, of a category with its subcategories, or one item. */
export interface ItemScope {
  categoryId?: string;
  itemId?: string;
}

/** The stocked items in scope by id; an unknown category is a 422 INVALID_CHOICE, an unknown item a 404. */
export function reportItems(ctx: CompanyContext, scope: ItemScope): Map<string, ItemRow> {
  const categories =
    scope.categoryId === undefined ? null : categoryAndDescendants(ctx, resolveItemCategory(ctx, scope.categoryId, 'categoryId').id);
  const candidates = scope.itemId === undefined ? itemsTable(ctx).all() : [retrieveItem(ctx, scope.itemId)];
  const out = new Map<string, ItemRow>();
  for (const item of candidates) {
    if (item.type !== 'inventory' || !item.inventory.tracked) continue;
    if (categories && (item.categoryId === null || !categories.has(item.categoryId))) continue;
    out.set(item.id, item);
  }
  return out;
}

/** A report's period: `to` defaults to the company's today, `from` to `days - 1` days before it; from after to is a DATE_CONSTRAINT. */
export function reportPeriod(
  ctx: CompanyContext,
  from: string | undefined,
  to: string | undefined,
  days: number,
  fields: [string, string],
): [string, string] {
  const periodTo = to ?? companyToday(ctx);
  const periodFrom = from ?? addDays(periodTo, -(days - 1));
  if (periodFrom > periodTo) {
    throw validationError([
      {
        field: fields[1],
        code: 'DATE_CONSTRAINT',
        message: `${fields[1]} cannot be before ${fields[0]} ${periodFrom}`,
        value: periodTo,
        constraint: { min: periodFrom },
      },
    ]);
  }
  return [periodFrom, periodTo];
}

/** Query of `GET /inventory/reports/valuation` as the contract has checked it. */
export type ValuationQuery = z.output<typeof InventoryValuationParams>;

interface Totals {
  items: Set<string>;
  quantity: number;
  valueCents: number;
}

const newTotals = (): Totals => ({ items: new Set(), quantity: 0, valueCents: 0 });

/** Adds an item's quantity and value to the totals kept under `key`, made on first use. */
function add<K>(totals: Map<K, Totals>, key: K, itemId: string, count: number, valueCents: number): void {
  let row = totals.get(key);
  if (!row) totals.set(key, (row = newTotals()));
  addUp(row, itemId, count, valueCents);
}

function addUp(totals: Totals, itemId: string, count: number, valueCents: number): void {
  totals.items.add(itemId);
  totals.quantity += count;
  totals.valueCents += valueCents;
}

const figures = (totals: Totals) => ({
  totalItems: totals.items.size,
  totalQuantity: quantity(totals.quantity),
  totalValue: fromCents(totals.valueCents),
});

/**
 * `GET /inventory/reports/valuation`: every stocked item's quantity and value as of a date. Rows with
 * nothing held are left out unless `includeZeroStock` (then every active stocked item in scope shows).
 */
export function stockValuationReport(ctx: CompanyContext, query: ValuationQuery): InventoryValuationReport {
  const asOfDate = query.asOfDate ?? companyToday(ctx);
  const method = query.valuationMethod ?? ledgerValuationMethod(ctx);
  if (query.locationId !== undefined) retrieveLocation(ctx, query.locationId);
  const items = reportItems(ctx, { categoryId: query.categoryId });
  const held = valueStock(ctx, { asOfDate, method, locationId: query.locationId, itemIds: new Set(items.keys()) });

  const byItem = new Map<string, Totals>();
  const byLocation = new Map<string, Totals>();
  for (const row of held) {
    if (row.quantity === 0 && row.valueCents === 0) continue;
    add(byItem, row.itemId, row.itemId, row.quantity, row.valueCents);
    add(byLocation, row.locationId, row.itemId, row.quantity, row.valueCents);
  }
  if (query.includeZeroStock) {
    for (const item of items.values()) if (item.isActive && !byItem.has(item.id)) byItem.set(item.id, newTotals());
  }
  if (query.locationId !== undefined && !byLocation.has(query.locationId)) byLocation.set(query.locationId, newTotals());

  const listed = [...byItem]
    .map(([itemId, totals]) => ({ item: items.get(itemId)!, totals }))
    .sort((a, b) => (a.item.itemCode < b.item.itemCode ? -1 : 1));
  const all = newTotals();
  const byCategory = new Map<string | null, Totals>();
  for (const { item, totals } of listed) {
    addUp(all, item.id, totals.quantity, totals.valueCents);
    add(byCategory, item.categoryId, item.id, totals.quantity, totals.valueCents);
  }
  const categories = itemCategoriesTable(ctx);
  const locations = locationsTable(ctx);
  return {
    reportName: 'Inventory Valuation',
    asOfDate,
    valuationMethod: method,
    currency: companyCurrency(ctx),
    summary: { ...figures(all), averageValue: all.items.size === 0 ? 0 : fromCents(Math.round(all.valueCents / all.items.size)) },
    byCategory: [...byCategory]
      .map(([categoryId, totals]) => ({
        categoryId,
        categoryName: categoryId === null ? null : (categories.get(categoryId)?.path ?? null),
        ...figures(totals),
      }))
      .sort((a, b) => ((a.categoryName ?? '\uffff') < (b.categoryName ?? '\uffff') ? -1 : 1)),
    byLocation: [...byLocation]
      .map(([locationId, totals]) => ({ location: locations.get(locationId), locationId, totals }))
      .sort((a, b) => ((a.location?.code ?? '') < (b.location?.code ?? '') ? -1 : 1))
      .map(({ location, locationId, totals }) => ({ locationId, locationName: location?.name ?? '', ...figures(totals) })),
    items: listed.map(({ item, totals }) => ({
      itemId: item.id,
      itemCode: item.itemCode,
      itemName: item.name,
      quantity: quantity(totals.quantity),
      averageCost: unitCostOf(totals.valueCents, totals.quantity),
      totalValue: fromCents(totals.valueCents),
    })),
  };
}
