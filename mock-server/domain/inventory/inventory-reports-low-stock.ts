import type { z } from 'zod';
import type { LowStockParams, LowStockReport } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { companyToday } from '../shared/calendar.js';
import { companyCurrency } from '../platform/index.js';
import { fromCents, quantity, receiptCents } from './costing.js';
import { reportItems } from './inventory-reports.js';
import { retrieveLocation } from './locations.js';
import { availableOf, findStockBalance, itemStock } from './stock-balances.js';
import type { ItemRow } from './tables.js';

/** Query of `GET /inventory/reports/low-stock` as the contract has checked it. */
export type LowStockQuery = z.output<typeof LowStockParams>;

type LowStockStatus = 'out_of_stock' | 'below_minimum' | 'at_reorder_point';

/** Where an item stands against its levels: null when above both its minimum and its reorder point. */
export function lowStockStatus(item: ItemRow, onHand: number): LowStockStatus | null {
  if (onHand <= 0) return 'out_of_stock';
  if (onHand <= item.inventory.minimumStock) return 'below_minimum';
  if (onHand <= item.inventory.reorderPoint) return 'at_reorder_point';
  return null;
}

/**
 * What to order: enough to bring on-hand plus on-order up to the maximum (or, without one, the higher
 * of minimum and reorder point), and at least the item's reorder quantity; nothing when orders
 * already placed cover it (decision INV-21).
 */
export function suggestedOrder(item: ItemRow, onHand: number, onOrder: number): number {
  const { minimumStock, maximumStock, reorderPoint, reorderQuantity } = item.inventory;
  const need = quantity((maximumStock ?? Math.max(minimumStock, reorderPoint)) - onHand - onOrder);
  return need > 0 ? Math.max(need, reorderQuantity) : 0;
}

/**
 * `GET /inventory/reports/low-stock` (spec: not shown): active stocked items whose stock on hand is at
 * or below their minimum stock or reorder point, now, over all locations or at one.
 */
export function lowStockReport(ctx: CompanyContext, query: LowStockQuery): LowStockReport {
  if (query.locationId !== undefined) retrieveLocation(ctx, query.locationId);
  const counts = { outOfStock: 0, belowMinimum: 0, atReorderPoint: 0 };
  let suggestedCents = 0;
  const rows: LowStockReport['items'] = [];
  for (const item of reportItems(ctx, { categoryId: query.categoryId }).values()) {
    if (!item.isActive) continue;
    const stock = stockOf(ctx, item.id, query.locationId);
    const status = lowStockStatus(item, stock.onHand);
    if (!status) continue;
    counts[status === 'out_of_stock' ? 'outOfStock' : status === 'below_minimum' ? 'belowMinimum' : 'atReorderPoint']++;
    const suggestedQuantity = suggestedOrder(item, stock.onHand, stock.onOrder);
    const valueCents = receiptCents(suggestedQuantity, item.pricing.costPrice);
    suggestedCents += valueCents;
    rows.push({
      itemId: item.id,
      itemCode: item.itemCode,
      itemName: item.name,
      supplierId: item.supplier?.supplierId ?? null,
      status,
      currentStock: stock.onHand,
      availableStock: stock.available,
      onOrderStock: stock.onOrder,
      minimumStock: item.inventory.minimumStock,
      reorderPoint: item.inventory.reorderPoint,
      reorderQuantity: item.inventory.reorderQuantity,
      maximumStock: item.inventory.maximumStock,
      suggestedQuantity,
      suggestedValue: fromCents(valueCents),
    });
  }
  rows.sort((a, b) => (a.itemCode < b.itemCode ? -1 : 1));
  return {
    reportName: 'Low Stock',
    asOfDate: companyToday(ctx),
    currency: companyCurrency(ctx),
    locationId: query.locationId ?? null,
    summary: { totalItems: rows.length, ...counts, suggestedValue: fromCents(suggestedCents) },
    items: rows,
  };
}

/** On hand, available and on order of an item at one location, or over all of them. */
function stockOf(
  ctx: CompanyContext,
  itemId: string,
  locationId: string | undefined,
): { onHand: number; available: number; onOrder: number } {
  if (locationId === undefined) {
    const all = itemStock(ctx, itemId);
    return { onHand: all.currentStock, available: all.availableStock, onOrder: all.onOrderStock };
  }
  const row = findStockBalance(ctx, itemId, locationId);
  return row ? { onHand: row.onHand, available: availableOf(row), onOrder: row.onOrder } : { onHand: 0, available: 0, onOrder: 0 };
}
