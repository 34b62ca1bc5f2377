import type { CompanyContext } from '../../store/context.js';
import { quantity } from './costing.js';
import { movementsOfItem, type StockMovementRow } from './movements.js';

/** A lot of an item at a location and what is left of it; `expiryDate` null: it does not expire. */
export interface LotBalance {
  lotNumber: string;
  expiryDate: string | null;
  quantity: number;
}

interface Bucket {
  lotNumber: string | null;
  expiryDate: string | null;
  quantity: number;
  /** Receipt order of the bucket's first unit: the tie-break after expiry. */
  order: number;
}

/** Soonest expiry first, lots without one after every dated lot, then in order of receipt. */
const firstExpiryFirst = (a: Bucket, b: Bucket): number => {
  if (a.expiryDate !== b.expiryDate) {
    if (a.expiryDate === null) return 1;
    if (b.expiryDate === null) return -1;
    return a.expiryDate < b.expiryDate ? -1 : 1;
  }
  return a.order - b.order;
};

/**
 * Lots on hand, replayed from the movements of one item at one location (INV-30; never stored):
 * an inflow adds to its lot (stock received without one is an unnamed pool), an outflow takes the
 * soonest-expiring stock first (first expiry, first out), and what has no expiry date last.
 */
export function lotBalancesOf(movements: readonly StockMovementRow[]): LotBalance[] {
  const buckets = new Map<string, Bucket>();
  for (const movement of movements) {
    if (movement.quantity > 0) {
      const key = movement.lot ? `lot:${movement.lot.lotNumber}` : 'none';
      const bucket = buckets.get(key);
      if (bucket) {
        bucket.quantity = quantity(bucket.quantity + movement.quantity);
        bucket.expiryDate = movement.lot?.expiryDate ?? bucket.expiryDate;
      } else {
        const lot = movement.lot;
        buckets.set(key, {
          lotNumber: lot?.lotNumber ?? null,
          expiryDate: lot?.expiryDate ?? null,
          quantity: movement.quantity,
          order: movement.sequence,
        });
      }
      continue;
    }
    let left = -movement.quantity;
    // An outflow that names its lot takes from it first (a purchase return, INV-33), the rest first expiry first.
    const named = movement.lot ? buckets.get(`lot:${movement.lot.lotNumber}`) : undefined;
    const order = [...buckets.values()].filter((b) => b.quantity > 0 && b !== named).sort(firstExpiryFirst);
    for (const bucket of named ? [named, ...order] : order) {
      if (left <= 0) break;
      const take = Math.min(bucket.quantity, left);
      bucket.quantity = quantity(bucket.quantity - take);
      left = quantity(left - take);
    }
  }
  return [...buckets.values()]
    .filter((b): b is Bucket & { lotNumber: string } => b.lotNumber !== null && b.quantity > 0)
    .sort(firstExpiryFirst)
    .map((b) => ({ lotNumber: b.lotNumber, expiryDate: b.expiryDate, quantity: b.quantity }));
}

/** The lots of an item on hand at a location now. */
export const lotsOnHand = (ctx: CompanyContext, itemId: string, locationId: string): LotBalance[] =>
  lotBalancesOf(movementsOfItem(ctx, itemId).filter((movement) => movement.locationId === locationId));
