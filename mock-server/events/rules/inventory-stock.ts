import type { StockUpdatedData } from '../../../src/contract/index.js';
import {
  ALERT_EVENTS,
  availableOf,
  findStockBalance,
  fromCents,
  INVENTORY_ALERTS,
  presentAlert,
  STOCK_MOVEMENTS,
  unitCostOf,
  type AlertRow,
  type StockMovementRow,
} from '../../domain/inventory/index.js';
import type { CompanyContext } from '../../store/context.js';
import { onInsert, type EventRule } from '../bus.js';

/** The stock record of the movement's item and location as its transaction left it (spec document 2, "Stock record"). */
function presentStockUpdate(ctx: CompanyContext, movement: StockMovementRow): StockUpdatedData {
  const balance = findStockBalance(ctx, movement.itemId, movement.locationId);
  const onHand = balance?.onHand ?? 0;
  const valueCents = balance?.valueCents ?? 0;
  return {
    itemId: movement.itemId,
    locationId: movement.locationId,
    currentStock: onHand,
    availableStock: balance ? availableOf(balance) : 0,
    reservedStock: balance?.reserved ?? 0,
    onOrderStock: balance?.onOrder ?? 0,
    averageCost: onHand > 0 ? unitCostOf(valueCents, onHand) : 0,
    stockValue: fromCents(valueCents),
    lastMovement: balance?.lastMovement ? { ...balance.lastMovement } : null,
    binLocation: balance?.binLocation ?? null,
    updatedAt: balance?.updatedAt ?? movement.createdAt,
  };
}

/**
 * Events of stock (spec document 1, "Events"; issue #11, §3): `stock.updated` for each movement (the
 * stream's `stock.updated` / `stock.changes` channel), and `inventory.<type>` for each raised alert,
 * with the alert as the API shows it. `inventory.adjustment` and `inventory.transfer` come with their documents.
 */
export const inventoryStockEventRules: EventRule[] = [
  { table: STOCK_MOVEMENTS, event: 'stock.updated', when: onInsert, present: (change, ctx) => presentStockUpdate(ctx, change.after as unknown as StockMovementRow) },
  ...Object.entries(ALERT_EVENTS).map(
    ([type, event]): EventRule => ({
      table: INVENTORY_ALERTS,
      event,
      when: (change) => onInsert(change) && (change.after as unknown as AlertRow).type === type,
      present: (change, ctx) => presentAlert(ctx, change.after as unknown as AlertRow),
    }),
  ),
];
