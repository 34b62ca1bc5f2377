import { presentStockTransfer, STOCK_TRANSFERS, type StockTransferRow } from '../../domain/inventory/index.js';
import { onInsert, onUpdate, tableRule, type EventRule } from '../bus.js';

/**
 * `inventory.transfer` (spec document 1, "Events", inventory): published when a transfer is requested
 * and on every status update (a second partial receipt included), with the transfer as the API shows it.
 */
export const inventoryTransferEventRules: EventRule[] = [
  tableRule<StockTransferRow>({
    table: STOCK_TRANSFERS,
    event: 'inventory.transfer',
    when: (change) => onInsert(change) || onUpdate(change),
    present: (change, ctx) => presentStockTransfer(ctx, change.after!),
  }),
];
