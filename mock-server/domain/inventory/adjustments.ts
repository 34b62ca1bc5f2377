import type { z } from 'zod';
import { adjustmentTypeOf, type AdjustmentReason, type StockAdjustmentCreateParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { businessRule, notFound } from '../../kernel/errors.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import { nextDocumentNumber, type NumberFormat } from '../shared/numbering.js';
import { stateMachine } from '../shared/transitions.js';
import { controlAccount } from '../accounting/index.js';
import { quantity } from './costing.js';
import { defaultLocation, stockLocation } from './locations.js';
import { recordStockMovements, stockedItem, type StockMovementType } from './movements.js';
import { findStockBalance } from './stock-balances.js';
import { postStockValue } from './stock-postings.js';

/** Stock adjustments (spec document 2, "Stock adjustment"): a document of signed lines at one location. */
export const STOCK_ADJUSTMENTS = 'stockAdjustments';

export type AdjustmentStatus = 'draft' | 'posted';

/** What posting found and moved for a line: the stock before and after, and the value at cost. */
export interface PostedLine {
  currentStock: number;
  adjustedStock: number;
  unitCost: number;
  valueCents: number;
}

export interface AdjustmentLineRow {
  id: string;
  itemId: string;
  adjustmentQuantity: number;
  /** As sent (increases only); null: costed when posted. */
  unitCost: number | null;
  reason: AdjustmentReason;
  notes: string | null;
  lotNumber: string | null;
  expiryDate: string | null;
  posted: PostedLine | null;
}

export interface AdjustmentRow {
  id: string;
  adjustmentNumber: string;
  date: string;
  type: 'positive' | 'negative' | 'mixed';
  reason: AdjustmentReason;
  status: AdjustmentStatus;
  locationId: string;
  reference: string | null;
  notes: string | null;
  lines: AdjustmentLineRow[];
  journalEntryId: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  postedAt: string | null;
}

export type NewAdjustment = z.output<typeof StockAdjustmentCreateParams>;

export function defineAdjustmentTable(store: Store): void {
  store.defineTable(STOCK_ADJUSTMENTS, { prefix: 'adj', indexes: ['status', 'locationId'] });
}

export const adjustmentsTable = (ctx: CompanyContext): Table<AdjustmentRow> =>
  ctx.store.table<AdjustmentRow>(ctx.companyId, STOCK_ADJUSTMENTS);

const ADJUSTMENT_NUMBERS: NumberFormat = { sequence: 'stockAdjustment', prefix: 'ADJ', digits: 6 };

/** Draft -> posted, once (spec document 2 lists the two states; the move is ours: decision INV-24). */
export const ADJUSTMENT_MOVES = stateMachine<AdjustmentStatus, 'post'>({
  post: { from: ['draft'], rule: 'only a draft adjustment can be posted', refusals: { posted: 'the adjustment is already posted' } },
});

/** Which way each reason moves stock: a count either way, the others one way (decision INV-24). */
const REASON_SIGN: Record<AdjustmentReason, 1 | -1 | 0> = {
  stock_count: 0,
  found: 1,
  initial_stock: 1,
  damaged: -1,
  lost: -1,
  expired: -1,
};

/** The movement a line of this reason records: opening stock and counts keep their own type. */
export const movementTypeOf = (reason: AdjustmentReason): StockMovementType =>
  reason === 'initial_stock' ? 'initial_stock' : reason === 'stock_count' ? 'stock_count' : 'adjustment';

export function retrieveAdjustment(ctx: CompanyContext, adjustmentId: string): AdjustmentRow {
  const row = adjustmentsTable(ctx).get(adjustmentId);
  if (!row) throw notFound('stock_adjustment', adjustmentId, 'ADJUSTMENT_NOT_FOUND', 'adjustmentId');
  return row;
}

/**
 * `POST /inventory/adjustments`: checks location, items and the reasons' directions, numbers the
 * document and, unless it is a draft, posts it in the same transaction (a refusal leaves nothing).
 */
export function createAdjustment(ctx: ActingContext, input: NewAdjustment): AdjustmentRow {
  return ctx.store.transaction(() => {
    const location = input.locationId === undefined ? defaultLocation(ctx) : stockLocation(ctx, input.locationId);
    const lines = input.items.map((line, index): AdjustmentLineRow => {
      stockedItem(ctx, line.itemId, `items.${index}.itemId`);
      const reason = line.reason ?? input.reason;
      refuseWrongDirection(reason, line.adjustmentQuantity, index);
      return {
        id: ctx.store.ids.next('adjl'),
        itemId: line.itemId,
        adjustmentQuantity: line.adjustmentQuantity,
        unitCost: line.unitCost ?? null,
        reason,
        notes: line.notes ?? null,
        lotNumber: line.lotNumber ?? null,
        expiryDate: line.expiryDate ?? null,
        posted: null,
      };
    });
    const table = adjustmentsTable(ctx);
    const now = ctx.clock.iso();
    const row = table.insert({
      id: table.newId(),
      adjustmentNumber: nextDocumentNumber(ctx, ADJUSTMENT_NUMBERS),
      date: input.date ?? companyToday(ctx),
      type: adjustmentTypeOf(lines.map((line) => line.adjustmentQuantity)),
      reason: input.reason,
      status: 'draft',
      locationId: location.id,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      lines,
      journalEntryId: null,
      createdBy: actorOf(ctx),
      createdAt: now,
      updatedAt: now,
      postedAt: null,
    });
    return input.status === 'draft' ? row : postRow(ctx, row);
  });
}

function refuseWrongDirection(reason: AdjustmentReason, quantity: number, index: number): void {
  const sign = REASON_SIGN[reason];
  if (sign === 0 || Math.sign(quantity) === sign) return;
  throw businessRule(`a ${reason.replace('_', ' ')} adjustment ${sign > 0 ? 'adds' : 'takes out'} stock`, {
    field: `items.${index}.adjustmentQuantity`,
    reason,
    adjustmentQuantity: quantity,
  });
}

/** `POST /inventory/adjustments/{id}/post`: a draft's stock moves and its entry is written, dated the adjustment's date. */
export function postAdjustment(ctx: ActingContext, adjustmentId: string): AdjustmentRow {
  return ctx.store.transaction(() => {
    const row = retrieveAdjustment(ctx, adjustmentId);
    ADJUSTMENT_MOVES.assert('post', row.status, { adjustmentId: row.id, adjustmentNumber: row.adjustmentNumber });
    stockLocation(ctx, row.locationId);
    return postRow(ctx, row);
  });
}

/**
 * Records one movement per line, in order (each line sees the stock the previous left), then one
 * entry: increases Dr inventory / Cr stock adjustments (opening balance equity for opening stock),
 * decreases the reverse, at cost by the company's method (INV-25).
 */
function postRow(ctx: ActingContext, row: AdjustmentRow): AdjustmentRow {
  const source = { type: 'stock_adjustment', id: row.id, number: row.adjustmentNumber };
  const before = row.lines.map((line) => findStockBalance(ctx, line.itemId, row.locationId)?.onHand ?? 0);
  const movements = recordStockMovements(
    ctx,
    row.lines.map((line, index) => ({
      date: row.date,
      itemId: line.itemId,
      locationId: row.locationId,
      quantity: line.adjustmentQuantity,
      type: movementTypeOf(line.reason),
      source,
      ...(line.unitCost !== null ? { unitCost: line.unitCost } : {}),
      lot: line.lotNumber === null ? null : { lotNumber: line.lotNumber, expiryDate: line.expiryDate },
      notes: line.notes,
      field: `items.${index}.adjustmentQuantity`,
    })),
  );
  const lines = row.lines.map((line, index): AdjustmentLineRow => {
    const movement = movements[index];
    // A later line of the same item starts from the stock the earlier one left.
    const earlier = row.lines.slice(0, index).filter((other) => other.itemId === line.itemId);
    const currentStock = earlier.reduce((stock, other) => quantity(stock + other.adjustmentQuantity), before[index]);
    // The line's value is its own cost; a shortfall it covered was revalued to cost of sales.
    return {
      ...line,
      posted: {
        currentStock,
        adjustedStock: quantity(currentStock + movement.quantity),
        unitCost: movement.unitCost,
        valueCents: movement.valueCents - movement.revaluationCents,
      },
    };
  });
  const counter = {
    adjustment: () => controlAccount(ctx, 'inventory_adjustment').id,
    opening: () => controlAccount(ctx, 'opening_balance').id,
  };
  const entry = postStockValue(ctx, {
    date: row.date,
    reference: row.adjustmentNumber,
    description: `Stock adjustment ${row.adjustmentNumber} (${row.reason.replace('_', ' ')})`,
    source,
    movements,
    counterAccountId: (movement) => (movement.type === 'initial_stock' ? counter.opening() : counter.adjustment()),
  });
  const now = ctx.clock.iso();
  return adjustmentsTable(ctx).update(row.id, {
    status: 'posted',
    lines,
    journalEntryId: entry?.id ?? null,
    postedAt: now,
    updatedAt: now,
  });
}
