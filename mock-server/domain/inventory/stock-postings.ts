import { controlAccount, type JournalEntryRow, type JournalLineInput, postLedgerEntry } from '../accounting/index.js';
import type { ActingContext } from '../shared/actor.js';
import { fromCents } from './costing.js';
import type { StockMovementRow } from './movements.js';
import { itemsTable } from './tables.js';

/** A document's stock movements to post: each item's asset account against the account `counter` names. */
export interface StockValuePosting {
  date: string;
  reference: string;
  description: string;
  source: { type: string; id: string };
  movements: readonly StockMovementRow[];
  /** The other side of a movement: stock-loss expense, opening balance, cost of goods sold, ... */
  counterAccountId: (movement: StockMovementRow) => string;
}

/**
 * The one way stock value reaches the ledger (INV-14, INV-25): an inflow debits the item's inventory
 * account and credits its counter account, an outflow the reverse, at the movements' cost; an inflow
 * that covered stock issued below zero moves its revaluation between inventory and the item's cost of
 * sales (IAS 2 ¶34). Amounts are netted per account, so a mixed adjustment writes one balanced entry;
 * a document whose movements move no value writes none (a transfer between locations of one inventory
 * account, say, unless its arrival revalued a shortfall).
 */
export function postStockValue(ctx: ActingContext, posting: StockValuePosting): JournalEntryRow | null {
  const lines = stockValueLines(ctx, posting.movements, posting.counterAccountId, posting.description);
  if (lines.length === 0) return null;
  return postLedgerEntry(ctx, {
    date: posting.date,
    reference: posting.reference,
    description: posting.description,
    source: posting.source,
    lines,
  });
}

/**
 * Only the revaluations of movements that covered stock issued below zero, for a document whose value
 * posts elsewhere or nowhere: a reversed invoice's returns, a transfer's arrival. None when nothing revalued.
 */
export const postRevaluation = (ctx: ActingContext, posting: Omit<StockValuePosting, 'counterAccountId'>): JournalEntryRow | null =>
  postStockValue(ctx, { ...posting, counterAccountId: (movement) => inventoryAccountOf(ctx, movement.itemId) });

/**
 * The journal lines of stock movements, netted per account, for a document that posts them inside its
 * own entry (an invoice's cost of sales beside its revenue: one document, one entry).
 */
export function stockValueLines(
  ctx: ActingContext,
  movements: readonly StockMovementRow[],
  counterAccountId: (movement: StockMovementRow) => string,
  description: string,
): JournalLineInput[] {
  const net = new Map<string, number>();
  const move = (accountId: string, cents: number): void => {
    net.set(accountId, (net.get(accountId) ?? 0) + cents);
  };
  for (const movement of movements) {
    move(inventoryAccountOf(ctx, movement.itemId), movement.valueCents);
    move(counterAccountId(movement), movement.revaluationCents - movement.valueCents);
    if (movement.revaluationCents !== 0) move(costOfSalesAccountOf(ctx, movement.itemId), -movement.revaluationCents);
  }
  return netCentsLines(net, description);
}

/** Net cents per account as journal lines (a positive net a debit), accounts that net to nothing left out. */
export const netCentsLines = (net: ReadonlyMap<string, number>, description: string): JournalLineInput[] =>
  [...net]
    .filter(([, cents]) => cents !== 0)
    .map(([accountId, cents]) => ({
      accountId,
      debit: cents > 0 ? fromCents(cents) : 0,
      credit: cents < 0 ? fromCents(-cents) : 0,
      description,
    }));

/** The item's cost of sales account: its expense account (default 5100 Cost of Goods Sold). */
export const costOfSalesAccountOf = (ctx: ActingContext, itemId: string): string =>
  itemsTable(ctx).get(itemId)?.accounting.expenseAccountId ?? controlAccount(ctx, 'cogs').id;

/** The item's stock account, or the company's inventory control account for an item without one. */
export function inventoryAccountOf(ctx: ActingContext, itemId: string): string {
  return itemsTable(ctx).get(itemId)?.accounting.assetAccountId ?? controlAccount(ctx, 'inventory').id;
}
