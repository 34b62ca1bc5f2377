import type { z } from 'zod';
import type { StockSetParams } from '../../../src/contract/index.js';
import type { ActingContext } from '../shared/actor.js';
import { createAdjustment, type AdjustmentRow } from './adjustments.js';
import { quantity } from './costing.js';
import { stockLocation } from './locations.js';
import { stockedItem } from './movements.js';
import { stockBalance, stockBalancesTable, type StockBalanceRow } from './stock-balances.js';

export type StockCount = z.output<typeof StockSetParams>;

/**
 * `PUT /inventory/stock` (spec document 2, "Stock"): a count. The difference from the stock on hand
 * is posted as a stock-count adjustment (the count's `reason` when given); a count that matches
 * posts nothing. `binLocation`, when sent, is recorded on the stock record.
 */
export function setStock(ctx: ActingContext, count: StockCount): { balance: StockBalanceRow; adjustment: AdjustmentRow | null } {
  return ctx.store.transaction(() => {
    stockedItem(ctx, count.itemId);
    stockLocation(ctx, count.locationId);
    const before = stockBalance(ctx, count.itemId, count.locationId);
    const difference = quantity(count.newQuantity - before.onHand);
    const adjustment =
      difference === 0
        ? null
        : createAdjustment(ctx, {
            reason: count.reason ?? 'stock_count',
            locationId: count.locationId,
            reference: count.reference,
            notes: count.notes,
            items: [
              {
                itemId: count.itemId,
                adjustmentQuantity: difference,
                ...(difference > 0 && count.costPrice !== undefined ? { unitCost: count.costPrice } : {}),
              },
            ],
          });
    const balance =
      count.binLocation === undefined
        ? stockBalance(ctx, count.itemId, count.locationId)
        : setBinLocation(ctx, count.itemId, count.locationId, count.binLocation);
    return { balance, adjustment };
  });
}

/** Records where an item is kept at a location (`A-03-2`); null clears it. Moves no stock. */
export function setBinLocation(ctx: ActingContext, itemId: string, locationId: string, binLocation: string | null): StockBalanceRow {
  const balance = stockBalance(ctx, itemId, locationId);
  if (balance.binLocation === binLocation) return balance;
  return stockBalancesTable(ctx).update(balance.id, { binLocation, updatedAt: ctx.clock.iso() });
}
