import type { CompanyContext } from '../../store/context.js';
import { findCompany, updateCompanySettings } from '../platform/index.js';
import { quantity } from './costing.js';
import type { StockMovementRow } from './movements.js';

/**
 * Whether stock may go below zero (spec document 2, alert `negative_stock` "currentStock < 0" and the
 * `negative` stock filter): yes unless the company's `allowNegativeStock` says no; companies made
 * before the setting existed allow it, as the service does.
 */
export const allowsNegativeStock = (ctx: CompanyContext): boolean => findCompany(ctx.store, ctx.companyId)?.allowNegativeStock ?? true;

/**
 * The least stock at one location stands at, by the movements' dates, at the end of `date` and of
 * every later date with a movement: what an outflow dated `date` may take when stock may not go below
 * zero on any date (a back-dated sale cannot borrow from a receipt dated after it).
 */
export function leastHeldFrom(moves: readonly StockMovementRow[], locationId: string, date: string): number {
  const byDate = new Map<string, number>();
  for (const move of moves) {
    if (move.locationId === locationId) byDate.set(move.date, (byDate.get(move.date) ?? 0) + move.quantity);
  }
  let held = 0;
  let least: number | null = null;
  for (const day of [...byDate.keys()].sort()) {
    if (day > date && least === null) least = held;
    held = quantity(held + byDate.get(day)!);
    if (day > date) least = Math.min(least!, held);
  }
  return least ?? held;
}

/** Sets the company's `allowNegativeStock`: false makes every outflow beyond what is held, on any date, a 422 INSUFFICIENT_STOCK. */
export function setAllowNegativeStock(ctx: CompanyContext, allow: boolean): void {
  // The company's one settings write (PATCH /v1/company), in a transaction of its own.
  ctx.store.transaction(() => updateCompanySettings(ctx, { allowNegativeStock: allow }));
}
