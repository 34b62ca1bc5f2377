import type { SupplierDebitNoteCreateParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { businessRule, notFound } from '../../kernel/errors.js';
import { postLedgerEntry } from '../accounting/index.js';
import { checkDateOrder, checkNotAfterToday } from '../sales/index.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { balanceMove } from '../shared/party-balance.js';
import { retrieveSupplier } from './suppliers.js';
import { suppliersTable } from './tables.js';
import { billAmounts, retrieveBill } from './bills.js';
import { priceBillLines } from './bill-lines.js';
import { approvalLines } from './bill-approval.js';
import { adjustBill } from './bill-adjustments.js';
import type { BillRow } from './bill-tables.js';
import { BILL_NOTE_MOVES, SUPPLIER_NOTE_NUMBERS, supplierDebitNotesTable, type SupplierDebitNoteRow } from './supplier-note-tables.js';

export function retrieveSupplierDebitNote(ctx: CompanyContext, debitNoteId: string): SupplierDebitNoteRow {
  const note = supplierDebitNotesTable(ctx).get(debitNoteId);
  if (!note) throw notFound('supplier debit note', debitNoteId, 'NOT_FOUND', 'supplierDebitNoteId');
  return note;
}

/** A charge without an item or an account posts where the bill's first line that is not matched stock posts (PUR-58). */
function withBillAccount(bill: BillRow, items: SupplierDebitNoteCreateParams['items']): SupplierDebitNoteCreateParams['items'] {
  const accountCode = bill.items.find((line) => !line.matchedStock)?.accountCode;
  if (!accountCode) return items;
  return items.map((item) => (item.accountCode || item.itemId ? item : { ...item, accountCode }));
}

/**
 * `POST /bills/{billId}/supplier-debit-notes` (PUR-58): a supplier's extra charge on an approved bill, like a
 * small bill tied to it. Its lines are priced as a bill's not matched to an order (a tracked stock item is
 * refused: stock arrives through receipts) and posted as an approval posts them, at the debit note's date and
 * the bill's rate; the charge adds to what the bill has due, so a paid bill is due again.
 */
export function createSupplierDebitNote(ctx: ActingContext, billId: string, input: SupplierDebitNoteCreateParams): SupplierDebitNoteRow {
  return ctx.store.transaction(() => {
    const bill = retrieveBill(ctx, billId);
    BILL_NOTE_MOVES.assert('debit', bill.status, { billId: bill.id, billNumber: bill.billNumber });
    const debitNoteDate = input.debitNoteDate ?? companyToday(ctx);
    checkDateOrder('debitNoteDate', debitNoteDate, bill.billDate, 'billDate');
    checkNotAfterToday(ctx, 'debitNoteDate', debitNoteDate);
    const lines = priceBillLines(ctx, null, withBillAccount(bill, input.items));
    const amounts = billAmounts(lines, bill.exchangeRate);
    if (!(amounts.total > 0)) throw businessRule('a debit note charges an amount above zero', { billId: bill.id, total: amounts.total });

    const table = supplierDebitNotesTable(ctx);
    const id = table.newId();
    const debitNoteNumber = nextDocumentNumber(ctx, SUPPLIER_NOTE_NUMBERS.debitNote);
    const entry = postLedgerEntry(ctx, {
      date: debitNoteDate,
      reference: debitNoteNumber,
      description: `Supplier debit note ${debitNoteNumber}: ${bill.supplier.name} on ${bill.billNumber}`,
      lines: approvalLines(
        ctx,
        { ...bill, items: lines, baseTotal: amounts.baseTotal },
        lines.map(() => 0),
        bill.exchangeRate,
      ),
      source: { type: 'supplier_debit_note', id },
    });
    adjustBill(ctx, bill, { debited: amounts.total, baseDelta: amounts.baseTotal });
    const supplier = retrieveSupplier(ctx, bill.supplierId);
    const now = ctx.clock.iso();
    suppliersTable(ctx).update(supplier.id, balanceMove(supplier, amounts.baseTotal, now));
    return table.insert({
      id,
      debitNoteNumber,
      supplierDebitNoteNumber: input.supplierDebitNoteNumber ?? null,
      billId: bill.id,
      billNumber: bill.billNumber,
      supplierId: bill.supplierId,
      supplier: { ...bill.supplier },
      debitNoteDate,
      reason: input.reason,
      notes: input.notes ?? null,
      currency: bill.currency,
      exchangeRate: bill.exchangeRate,
      items: lines.map(({ purchaseOrderLineId: _order, ...line }) => line),
      subtotal: amounts.subtotal,
      taxTotal: amounts.taxTotal,
      total: amounts.total,
      baseTotal: amounts.baseTotal,
      journalEntryId: entry.id,
      createdBy: actorOf(ctx),
      createdAt: now,
    });
  });
}
