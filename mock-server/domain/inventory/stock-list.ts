import type { z } from 'zod';
import type { StockListParams, StockRecord } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { numberRange } from '../shared/list-ranges.js';
import { fromCents, unitCostOf } from './costing.js';
import { categoryAndDescendants } from './item-categories.js';
import { locationRef } from './locations.js';
import { availableOf, type StockBalanceRow } from './stock-balances.js';
import { itemsTable, type ItemRow } from './tables.js';

/** Plain filters of `GET /inventory/stock` and `GET /stock` (spec document 2, "Stock"). */
export type StockFilters = Omit<z.output<typeof StockListParams>, 'limit' | 'cursor'>;

/** The stock tests `includeReserved=false` turns to available stock. */
const STOCK_TESTS = ['lowStock', 'outOfStock', 'negative'] as const;

/**
 * The query as the stock list's declared indexes read it: with `includeReserved=false` each stock test
 * goes by its `…Available` name (the records' tests of available stock); `includeReserved` itself filters nothing.
 */
export function stockListQuery(query: Record<string, unknown>): Record<string, unknown> {
  const { includeReserved, ...rest } = query;
  if (includeReserved !== false) return rest;
  for (const test of STOCK_TESTS) {
    if (rest[test] === undefined) continue;
    rest[`${test}Available`] = rest[test];
    delete rest[test];
  }
  return rest;
}

/**
 * The filters as one predicate over stock records. The stock tests read each record on its own
 * against its item's `minimumStock` (a location running low); with `includeReserved=false` they read
 * the available stock, so `negative` finds records with more reserved than on hand.
 */
export function stockMatches(ctx: CompanyContext, filters: StockFilters): (row: StockBalanceRow) => boolean {
  const tests: ((row: StockBalanceRow) => boolean)[] = [];
  if (filters.itemId !== undefined) tests.push((row) => row.itemId === filters.itemId);
  if (filters.locationId !== undefined) tests.push((row) => row.locationId === filters.locationId);
  const stockOf = filters.includeReserved === false ? availableOf : (row: StockBalanceRow) => row.onHand;
  const items = itemsTable(ctx);
  if (filters.categoryId !== undefined) {
    const categories = categoryAndDescendants(ctx, filters.categoryId);
    tests.push((row) => {
      const categoryId = items.get(row.itemId)?.categoryId;
      return categoryId != null && categories.has(categoryId);
    });
  }
  if (filters.lowStock !== undefined) {
    tests.push((row) => stockOf(row) <= (items.get(row.itemId)?.inventory.minimumStock ?? 0) === filters.lowStock);
  }
  if (filters.outOfStock !== undefined) tests.push((row) => stockOf(row) <= 0 === filters.outOfStock);
  if (filters.negative !== undefined) tests.push((row) => stockOf(row) < 0 === filters.negative);
  if (filters.valueMin !== undefined || filters.valueMax !== undefined) {
    const value = numberRange('valueMin', filters.valueMin, 'valueMax', filters.valueMax);
    tests.push((row) => value(fromCents(row.valueCents)));
  }
  return (row) => tests.every((test) => test(row));
}

/** The wire shape (spec document 2, "Stock record"), with the item's code and name and the location's name. */
export function presentStockRecord(ctx: CompanyContext, row: StockBalanceRow, item?: ItemRow): StockRecord {
  const found = item ?? itemsTable(ctx).get(row.itemId);
  return {
    itemId: row.itemId,
    itemCode: found?.itemCode ?? '',
    itemName: found?.name ?? '',
    locationId: row.locationId,
    location: locationRef(ctx, row.locationId),
    currentStock: row.onHand,
    availableStock: availableOf(row),
    reservedStock: row.reserved,
    onOrderStock: row.onOrder,
    averageCost: unitCostOf(row.valueCents, row.onHand),
    stockValue: fromCents(row.valueCents),
    lastMovement: row.lastMovement ? { ...row.lastMovement } : null,
    binLocation: row.binLocation,
    updatedAt: row.updatedAt,
  };
}
