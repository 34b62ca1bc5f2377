import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import type { JournalLineInput } from '../accounting/index.js';
import {
  costOfSalesAccountOf,
  layerShare,
  quantity,
  recordStockMovements,
  stockValueLines,
  type MovementSource,
  type NewStockMovement,
  type StockMovementRow,
} from '../inventory/index.js';
import type { ActingContext } from '../shared/actor.js';
import type { InvoiceRow } from './document-tables.js';
import { documentLocationId, trackedItem } from './reservations.js';

/**
 * What each posted invoice line took from stock (INV-28): the quantity and the cost the
 * sale movement took by the ledger method, and how much of it came back. A return (a cancellation, an
 * amendment, a credit note) puts goods back at the cost they left with, never at today's average.
 */
export const SALE_STOCK_ISSUES = 'saleStockIssues';

export interface SaleStockIssueRow {
  id: string;
  invoiceId: string;
  invoiceLineId: string;
  itemId: string;
  locationId: string;
  quantity: number;
  /** Cost the sale took, in cents (positive). */
  valueCents: number;
  returnedQuantity: number;
  returnedCents: number;
  createdAt: string;
}

export function defineSaleStockIssueTable(store: Store): void {
  // Internal: the movement log records the goods; this row only remembers their cost per invoice line.
  store.defineTable(SALE_STOCK_ISSUES, { prefix: 'ssi', indexes: ['invoiceId'], internal: true });
}

export const saleStockIssuesTable = (ctx: CompanyContext): Table<SaleStockIssueRow> =>
  ctx.store.table<SaleStockIssueRow>(ctx.companyId, SALE_STOCK_ISSUES);

/** Journal lines of sale and return movements: Dr cost of sales / Cr inventory for a sale, the reverse for a return. */
export const costOfSalesLines = (ctx: ActingContext, movements: readonly StockMovementRow[], description: string): JournalLineInput[] =>
  stockValueLines(ctx, movements, (movement) => costOfSalesAccountOf(ctx, movement.itemId), description);

/**
 * Issues the invoice's tracked lines from its location at cost by the ledger method (type `sale`), and
 * gives the lines of cost of sales its journal entry carries. More than is on hand takes stock below
 * zero at the current cost; where the company forbids that, it is 422 INSUFFICIENT_STOCK naming the
 * line, and nothing is written (the invoice stays a draft).
 */
export function issueInvoiceStock(ctx: ActingContext, invoice: InvoiceRow): JournalLineInput[] {
  const tracked = invoice.items.flatMap((line, index) => (trackedItem(ctx, line.itemId) ? [{ line, index }] : []));
  if (tracked.length === 0) return [];
  const locationId = documentLocationId(ctx, invoice.locationId);
  const source: MovementSource = { type: 'invoice', id: invoice.id, number: invoice.invoiceNumber };
  const movements = recordStockMovements(
    ctx,
    tracked.map(
      ({ line, index }): NewStockMovement => ({
        date: invoice.invoiceDate,
        itemId: line.itemId!,
        locationId,
        quantity: -line.quantity,
        type: 'sale',
        source,
        field: `items.${index}.quantity`,
      }),
    ),
  );
  const table = saleStockIssuesTable(ctx);
  movements.forEach((movement, i) => {
    table.insert({
      id: table.newId(),
      invoiceId: invoice.id,
      invoiceLineId: tracked[i].line.id,
      itemId: movement.itemId,
      locationId,
      quantity: -movement.quantity,
      valueCents: -movement.valueCents,
      returnedQuantity: 0,
      returnedCents: 0,
      createdAt: ctx.clock.iso(),
    });
  });
  return costOfSalesLines(ctx, movements, `Cost of sales on ${invoice.invoiceNumber}`);
}

/** What a return puts back: the goods of these invoice lines (quantity each), or all still out when omitted. */
export interface StockReturn {
  invoiceId: string;
  date: string;
  source: MovementSource;
  quantities?: ReadonlyMap<string, number>;
  notes?: string;
}

/**
 * Puts sold goods back (type `sale_return`) at the cost they left with: a part of a line takes its
 * share of the line's cost rounded to the cent, and the return that brings the last unit back takes
 * what is left, so a line's returns add up to its sale to the cent.
 */
export function returnInvoiceStock(ctx: ActingContext, input: StockReturn): StockMovementRow[] {
  const table = saleStockIssuesTable(ctx);
  const moves: NewStockMovement[] = [];
  const updates: (() => void)[] = [];
  for (const issue of table.byIndex('invoiceId', input.invoiceId)) {
    const open = quantity(issue.quantity - issue.returnedQuantity);
    const wanted = input.quantities ? Math.min(input.quantities.get(issue.invoiceLineId) ?? 0, open) : open;
    if (!(wanted > 0)) continue;
    const cents = layerShare({ quantity: open, valueCents: issue.valueCents - issue.returnedCents }, wanted);
    moves.push({
      date: input.date,
      itemId: issue.itemId,
      locationId: issue.locationId,
      quantity: wanted,
      valueCents: cents,
      type: 'sale_return',
      source: input.source,
      notes: input.notes ?? null,
    });
    updates.push(() =>
      table.update(issue.id, { returnedQuantity: quantity(issue.returnedQuantity + wanted), returnedCents: issue.returnedCents + cents }),
    );
  }
  if (moves.length === 0) return [];
  const movements = recordStockMovements(ctx, moves);
  for (const update of updates) update();
  return movements;
}
