import type { StockUpdatedData } from '../../../src/contract/index.js';
import {
  ALERT_EVENTS,
  INVENTORY_ALERTS,
  presentAlert,
  presentStockRecord,
  STOCK_MOVEMENTS,
  stockBalance,
  type AlertRow,
  type StockMovementRow,
} from '../../domain/inventory/index.js';
import type { CompanyContext } from '../../store/context.js';
import { onInsert, tableRule, type EventRule } from '../bus.js';

/** The stock record of the movement's item and location as its transaction left it (spec document 2, "Stock record"). */
function presentStockUpdate(ctx: CompanyContext, movement: StockMovementRow): StockUpdatedData {
  // The movement's transaction made the record: the event carries it as the stock list shows it.
  return presentStockRecord(ctx, stockBalance(ctx, movement.itemId, movement.locationId));
}

/**
 * Events of stock (spec document 1, "Events"; INV-31): `stock.updated` for each movement (the
 * stream's `stock.updated` / `stock.changes` channel), and `inventory.<type>` for each raised alert,
 * with the alert as the API shows it. `inventory.adjustment` and `inventory.transfer` come with their documents.
 */
export const inventoryStockEventRules: EventRule[] = [
  tableRule<StockMovementRow>({
    table: STOCK_MOVEMENTS,
    event: 'stock.updated',
    when: onInsert,
    present: (change, ctx) => presentStockUpdate(ctx, change.after!),
  }),
  ...Object.entries(ALERT_EVENTS).map(([type, event]) =>
    tableRule<AlertRow>({
      table: INVENTORY_ALERTS,
      event,
      when: (change) => onInsert(change) && change.after!.type === type,
      present: (change, ctx) => presentAlert(ctx, change.after!),
    }),
  ),
];
