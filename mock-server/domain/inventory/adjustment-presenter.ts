import type { z } from 'zod';
import type { StockAdjustment, StockAdjustmentListParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { dateRange } from '../shared/list-ranges.js';
import { fromCents, issue, layersValue, quantity, receiptCents, receive, unitCostOf, type CostLayer } from './costing.js';
import { locationRef } from './locations.js';
import { inflowUnitCost } from './movements.js';
import { findStockBalance, ledgerValuationMethod } from './stock-balances.js';
import { itemsTable } from './tables.js';
import type { AdjustmentLineRow, AdjustmentRow, PostedLine } from './adjustments.js';

/** Plain filters of `GET /inventory/adjustments` (spec document 2, "Stock"). */
export type AdjustmentFilters = Omit<
  z.output<typeof StockAdjustmentListParams>,
  'limit' | 'cursor' | 'search' | 'searchFields' | 'sort' | 'order'
>;

/** The plain filters of `GET /inventory/adjustments` as one predicate; `dateTo` before `dateFrom` is a 422. */
export function adjustmentMatches(filters: AdjustmentFilters): (row: AdjustmentRow) => boolean {
  const within = dateRange('dateFrom', filters.dateFrom, 'dateTo', filters.dateTo);
  return (row) =>
    within(row.date) &&
    (filters.type === undefined || row.type === filters.type) &&
    (filters.reason === undefined || row.reason === filters.reason) &&
    (filters.status === undefined || row.status === filters.status) &&
    (filters.locationId === undefined || row.locationId === filters.locationId) &&
    (filters.itemId === undefined || row.lines.some((line) => line.itemId === filters.itemId));
}

/** What each line posted, or for a draft what posting now would do. */
const lineFigures = (ctx: CompanyContext, row: AdjustmentRow): PostedLine[] =>
  row.status === 'posted' ? row.lines.map((line) => line.posted!) : previewLines(ctx, row);

/** An adjustment's `totalValue` alone, as `presentAdjustment` shows it: what a list sorts by without presenting each row. */
export function adjustmentTotalValue(ctx: CompanyContext, row: AdjustmentRow): number {
  return fromCents(lineFigures(ctx, row).reduce((sum, line) => sum + line.valueCents, 0));
}

/** The wire shape (spec document 2, "Stock adjustment"); a draft's lines show what posting now would do. */
export function presentAdjustment(ctx: CompanyContext, row: AdjustmentRow): StockAdjustment {
  const figures = lineFigures(ctx, row);
  const items = row.lines.map((line, index) => presentLine(ctx, line, figures[index]));
  return {
    id: row.id,
    adjustmentNumber: row.adjustmentNumber,
    date: row.date,
    type: row.type,
    reason: row.reason,
    status: row.status,
    locationId: row.locationId,
    location: locationRef(ctx, row.locationId),
    reference: row.reference,
    notes: row.notes,
    items,
    totalValue: fromCents(figures.reduce((sum, line) => sum + line.valueCents, 0)),
    journalEntryId: row.journalEntryId,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    postedAt: row.postedAt,
  };
}

function presentLine(ctx: CompanyContext, line: AdjustmentLineRow, figures: PostedLine): StockAdjustment['items'][number] {
  const item = itemsTable(ctx).get(line.itemId);
  return {
    id: line.id,
    itemId: line.itemId,
    itemCode: item?.itemCode ?? '',
    itemName: item?.name ?? '',
    currentStock: figures.currentStock,
    adjustedStock: figures.adjustedStock,
    adjustmentQuantity: line.adjustmentQuantity,
    unitCost: figures.unitCost,
    totalCost: fromCents(figures.valueCents),
    reason: line.reason,
    notes: line.notes,
    lotNumber: line.lotNumber,
    expiryDate: line.expiryDate,
  };
}

/**
 * A draft's lines against the stock as it is now, by the same cost arithmetic posting uses, without
 * writing anything: an increase at its cost (else the location's average, else the item's cost
 * price), a decrease by the company's method, beyond what is held at the current cost (as posting
 * would where stock may go below zero).
 */
function previewLines(ctx: CompanyContext, row: AdjustmentRow): PostedLine[] {
  const method = ledgerValuationMethod(ctx);
  const state = new Map<string, { onHand: number; valueCents: number; layers: CostLayer[] }>();
  return row.lines.map((line) => {
    const balance = findStockBalance(ctx, line.itemId, row.locationId);
    const now = state.get(line.itemId) ?? {
      onHand: balance?.onHand ?? 0,
      valueCents: balance?.valueCents ?? 0,
      layers: balance?.layers ?? [],
    };
    const count = line.adjustmentQuantity;
    let valueCents: number;
    let layers = now.layers;
    if (count > 0) {
      const item = itemsTable(ctx).get(line.itemId);
      const unitCost = line.unitCost ?? (item ? inflowUnitCost(now, item) : 0);
      // A line's value is its own cost; covering a shortfall revalues it on posting, to cost of sales.
      valueCents = receiptCents(count, unitCost);
      layers = receive(layers, method, count, valueCents).layers;
    } else {
      const taken = issue(layers, method, -count, { unitCost: itemsTable(ctx).get(line.itemId)?.pricing.costPrice ?? 0 })!;
      valueCents = -taken.valueCents;
      layers = taken.layers;
    }
    const adjustedStock = quantity(now.onHand + count);
    state.set(line.itemId, { onHand: adjustedStock, valueCents: layersValue(layers), layers });
    return { currentStock: now.onHand, adjustedStock, unitCost: unitCostOf(valueCents, count), valueCents };
  });
}
