import type { PurchaseReturnVoidParams } from '../../../src/contract/index.js';
import { businessRule } from '../../kernel/errors.js';
import { reverseLedgerEntry } from '../accounting/index.js';
import { postRevaluation, quantity, recordStockMovements } from '../inventory/index.js';
import { checkDateOrder, checkNotAfterToday } from '../sales/index.js';
import type { ActingContext } from '../shared/actor.js';
import { retrievePurchaseOrder } from './purchase-orders.js';
import { PURCHASE_RETURN_MOVES, purchaseReturnsTable, type PurchaseReturnRow } from './purchase-return-tables.js';
import { orderAfterReturn, retrievePurchaseReturn } from './purchase-returns.js';
import type { PurchaseOrderRow } from './tables.js';

/** A void counts the goods as received again: refused where a replacement since leaves no room for them on the order. */
function checkRoomOnOrder(order: PurchaseOrderRow, row: PurchaseReturnRow): void {
  if (order.status === 'cancelled') return;
  for (const line of order.items) {
    const back = quantity(row.items.filter((l) => l.lineId === line.id).reduce((sum, l) => sum + l.quantity, 0));
    if (back > 0 && quantity(line.receivedQuantity + back) > line.quantity)
      throw businessRule(
        `${order.poNumber} has received a replacement since: voiding ${row.returnNumber} would receive more than ordered`,
        {
          purchaseReturnId: row.id,
          purchaseOrderId: order.id,
          lineId: line.id,
          ordered: line.quantity,
          received: line.receivedQuantity,
          returned: back,
        },
      );
  }
}

/**
 * `POST /purchase-returns/{id}/void` (implied, PUR-62): the return is undone. Its entry is reversed on
 * `voidDate` (default its date; the ledger refuses a date inside the lock or before the return), the goods
 * come back into stock at the value they left with (into their lot), and the order counts them as received
 * again, with goods received not invoiced as the return found it.
 */
export function voidPurchaseReturn(ctx: ActingContext, purchaseReturnId: string, input: PurchaseReturnVoidParams): PurchaseReturnRow {
  return ctx.store.transaction(() => {
    const row = retrievePurchaseReturn(ctx, purchaseReturnId);
    PURCHASE_RETURN_MOVES.assert('void', row.status, { purchaseReturnId: row.id, returnNumber: row.returnNumber });
    const order = retrievePurchaseOrder(ctx, row.purchaseOrderId);
    checkRoomOnOrder(order, row);
    const voidDate = input.voidDate ?? row.date;
    checkDateOrder('voidDate', voidDate, row.date, 'date');
    checkNotAfterToday(ctx, 'voidDate', voidDate);
    const reason = input.reason.trim();
    if (row.journalEntryId)
      reverseLedgerEntry(ctx, row.journalEntryId, { reason: `Purchase return ${row.returnNumber} voided: ${reason}`, voidDate });
    const source = { type: 'purchase_return', id: row.id, number: row.returnNumber };
    const movements = recordStockMovements(
      ctx,
      row.items.map((line) => ({
        date: voidDate,
        itemId: line.itemId,
        locationId: line.locationId,
        quantity: line.quantity,
        type: 'purchase_return' as const,
        source,
        valueCents: line.valueCents,
        lot: line.lotNumber ? { lotNumber: line.lotNumber, expiryDate: line.expiryDate } : null,
        notes: `${row.returnNumber} voided: ${reason}`.slice(0, 1000),
      })),
    );
    // Goods that come back to cover stock issued below zero revalue it, as any receipt does (IAS 2 ¶34).
    postRevaluation(ctx, {
      date: voidDate,
      reference: row.returnNumber,
      description: `Purchase return ${row.returnNumber} voided: stock revalued`,
      source: { type: 'purchase_return', id: row.id },
      movements,
    });
    orderAfterReturn(ctx, order, row.items, -1, `${row.returnNumber} voided`);
    return purchaseReturnsTable(ctx).update(row.id, { status: 'void', voidDate, voidReason: reason, updatedAt: ctx.clock.iso() });
  });
}
