import type { z } from 'zod';
import type { InventoryMovementsParams, InventoryMovementsReport } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { companyCurrency } from '../platform/index.js';
import { fromCents, quantity } from './costing.js';
import { reportItems, reportPeriod } from './inventory-reports.js';
import { retrieveLocation } from './locations.js';
import { stockMovementsTable, type StockMovementRow } from './movements.js';

/** Query of `GET /inventory/reports/movements` as the contract has checked it. */
export type MovementsQuery = z.output<typeof InventoryMovementsParams>;

/** Quantity and cents of one column of the report. */
interface Column {
  quantity: number;
  valueCents: number;
}

interface ItemColumns {
  opening: Column;
  in: Column;
  out: Column;
  closing: Column;
  movementCount: number;
}

const column = (): Column => ({ quantity: 0, valueCents: 0 });
const newColumns = (): ItemColumns => ({ opening: column(), in: column(), out: column(), closing: column(), movementCount: 0 });
const put = (into: Column, count: number, valueCents: number): void => {
  into.quantity += count;
  into.valueCents += valueCents;
};
const present = (from: Column) => ({ quantity: quantity(from.quantity), value: fromCents(from.valueCents) });

/** The log's rows that can matter, read through the narrowest index. */
function candidateMovements(ctx: CompanyContext, query: MovementsQuery): readonly StockMovementRow[] {
  const table = stockMovementsTable(ctx);
  if (query.itemId !== undefined) return table.byIndex('itemId', query.itemId);
  if (query.locationId !== undefined) return table.byIndex('locationId', query.locationId);
  return table.all();
}

/**
 * `GET /inventory/reports/movements` (spec: not shown; decision INV-21): per item, stock at the
 * start of the period, what came in and went out during it and stock at its end, at the cost the log
 * recorded (the ledger's). Without `type`, opening + in - out = closing for every item.
 */
export function stockMovementsReport(ctx: CompanyContext, query: MovementsQuery): InventoryMovementsReport {
  const [periodFrom, periodTo] = reportPeriod(ctx, query.dateFrom, query.dateTo, 31, ['dateFrom', 'dateTo']);
  if (query.locationId !== undefined) retrieveLocation(ctx, query.locationId);
  const items = reportItems(ctx, { categoryId: query.categoryId, itemId: query.itemId });

  const byItem = new Map<string, ItemColumns>();
  for (const move of candidateMovements(ctx, query)) {
    if (move.date > periodTo || !items.has(move.itemId)) continue;
    if (query.locationId !== undefined && move.locationId !== query.locationId) continue;
    let row = byItem.get(move.itemId);
    if (!row) byItem.set(move.itemId, (row = newColumns()));
    put(row.closing, move.quantity, move.valueCents);
    if (move.date < periodFrom) put(row.opening, move.quantity, move.valueCents);
    else if (query.type === undefined || move.type === query.type) {
      row.movementCount++;
      if (move.quantity > 0) put(row.in, move.quantity, move.valueCents);
      else put(row.out, -move.quantity, -move.valueCents);
    }
  }

  const totals = newColumns();
  const listed = [...byItem]
    .filter(
      ([, row]) =>
        row.movementCount > 0 || (query.type === undefined && (quantity(row.opening.quantity) !== 0 || row.opening.valueCents !== 0)),
    )
    .map(([itemId, row]) => ({ item: items.get(itemId)!, row }))
    .sort((a, b) => (a.item.itemCode < b.item.itemCode ? -1 : 1));
  for (const { row } of listed) {
    for (const key of ['opening', 'in', 'out', 'closing'] as const) put(totals[key], row[key].quantity, row[key].valueCents);
  }
  return {
    reportName: 'Inventory Movements',
    periodFrom,
    periodTo,
    currency: companyCurrency(ctx),
    locationId: query.locationId ?? null,
    type: query.type ?? null,
    totals: { opening: present(totals.opening), in: present(totals.in), out: present(totals.out), closing: present(totals.closing) },
    items: listed.map(({ item, row }) => ({
      itemId: item.id,
      itemCode: item.itemCode,
      itemName: item.name,
      opening: present(row.opening),
      in: present(row.in),
      out: present(row.out),
      closing: present(row.closing),
      movementCount: row.movementCount,
    })),
  };
}
