import type { BillVoidParams } from '../../../src/contract/index.js';
import { businessRule } from '../../kernel/errors.js';
import { lockFor, reverseLedgerEntry } from '../accounting/index.js';
import { quantity } from '../inventory/index.js';
import { checkNotAfterToday } from '../sales/index.js';
import type { ActingContext } from '../shared/actor.js';
import { addDays } from '../shared/calendar.js';
import { balanceMove } from '../shared/party-balance.js';
import { retrievePurchaseOrder } from './purchase-orders.js';
import { retrieveSupplier } from './suppliers.js';
import { purchaseOrdersTable, suppliersTable } from './tables.js';
import { BILL_MOVES } from './bill-status.js';
import { retrieveBill } from './bills.js';
import { billsTable, type BillRow } from './bill-tables.js';
import { billNoteCount } from './supplier-note-tables.js';

/** A bill a supplier's credit or debit note corrected is not voided: the notes' entries hang on it (PUR-58). */
function checkNoSupplierNotes(ctx: ActingContext, bill: BillRow): void {
  const notes = billNoteCount(ctx, bill.id);
  if (notes > 0)
    throw businessRule('a bill with supplier credit or debit notes cannot be voided; credit what is left of it instead', {
      billId: bill.id,
      billNumber: bill.billNumber,
      notes,
    });
}

/** The reversal's date by default: the bill's own, or the day after the lock when that is closed (ACC-33). */
function defaultVoidDate(ctx: ActingContext, bill: BillRow): string {
  const held = lockFor(ctx);
  return held && bill.billDate <= held.lockDate ? addDays(held.lockDate, 1) : bill.billDate;
}

/** Gives the order back what the bill's approval matched: billed quantities, and the receipts' value still to bill. */
function unmatchFromOrder(ctx: ActingContext, bill: BillRow): void {
  if (!bill.purchaseOrderId) return;
  const order = retrievePurchaseOrder(ctx, bill.purchaseOrderId);
  const items = order.items.map((orderLine) => {
    const billed = bill.items.filter((line) => line.purchaseOrderLineId === orderLine.id);
    if (billed.length === 0) return orderLine;
    return {
      ...orderLine,
      billedQuantity: quantity(billed.reduce((left, line) => left - line.quantity, orderLine.billedQuantity)),
      receivedValueCents: billed.reduce((value, line) => value + line.clearedValueCents, orderLine.receivedValueCents),
    };
  });
  const billIds = order.billIds.filter((id) => id !== bill.id);
  purchaseOrdersTable(ctx).update(order.id, { items, billIds, updatedAt: ctx.clock.iso() });
}

/**
 * `POST /bills/{id}/void` (implied, decision PUR-54): an approved bill with nothing paid is undone. Its
 * entry is reversed on `voidDate` (default its bill date, after the lock if that is closed; the ledger
 * refuses a date inside the lock), so payables, tax recoverable and goods received not invoiced go back;
 * the order's billed quantities and unbilled receipts are restored and the supplier's balance lowered.
 * A bill with payments is refused until they are voided, as a sales invoice is (BILL_MOVES).
 */
export function voidBill(ctx: ActingContext, billId: string, input: BillVoidParams): BillRow {
  return ctx.store.transaction(() => {
    const bill = retrieveBill(ctx, billId);
    BILL_MOVES.assert('void', bill.status, { billId: bill.id, billNumber: bill.billNumber, paidAmount: bill.paidAmount });
    checkNoSupplierNotes(ctx, bill);
    const voidDate = input.voidDate ?? defaultVoidDate(ctx, bill);
    checkNotAfterToday(ctx, 'voidDate', voidDate);
    const reason = input.reason.trim();
    // The ledger's own void checks the reason, the lock, and that the date is not before the bill's.
    reverseLedgerEntry(ctx, bill.journalEntryId!, { reason: `Bill ${bill.billNumber} voided: ${reason}`, voidDate });
    unmatchFromOrder(ctx, bill);
    const supplier = retrieveSupplier(ctx, bill.supplierId);
    const now = ctx.clock.iso();
    suppliersTable(ctx).update(supplier.id, balanceMove(supplier, -bill.baseBalanceDue, now));
    return billsTable(ctx).update(bill.id, {
      status: 'void',
      balanceDue: 0,
      baseBalanceDue: 0,
      items: bill.items.map((line) => ({ ...line, clearedValueCents: 0 })),
      voidDate,
      voidReason: reason,
      updatedAt: now,
    });
  });
}
