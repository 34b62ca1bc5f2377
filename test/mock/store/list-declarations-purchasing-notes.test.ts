// Supplier credit and debit notes held to their `index` declarations: the indexed answer equals a scan through the domain's `where`.
import { describe, it } from 'vitest';
import { contract } from '../../../src/contract/index.js';
import {
  applySupplierCredit,
  approveBill,
  createBill,
  createSupplier,
  createSupplierCreditNote,
  createSupplierDebitNote,
  refundSupplierCredit,
  supplierCreditNotesTable,
  supplierDebitNotesTable,
  supplierNoteMatches,
} from '../../../mock-server/domain/purchasing/index.js';
import { world } from '../support/domain.js';
import { expectIndexedAsScanned } from './list-declarations-support.js';

/** Approved bills of three suppliers, with a credit and a debit note on each, a day apart; credits applied or refunded. */
function notesWorld() {
  const w = world();
  const suppliers = [0, 1, 2].map((i) => createSupplier(w.ctx, { name: `Noted Supplier ${i}` }));
  const bills = Array.from({ length: 12 }, (_, i) =>
    approveBill(
      w.ctx,
      createBill(w.ctx, {
        supplierId: suppliers[i % 3].id,
        supplierInvoiceNumber: `NOTE-${i}`,
        billDate: '2026-10-01',
        items: [{ description: 'Sundries', quantity: 2, unitPrice: 100 + i, accountCode: '6500', taxCode: null }],
      }).id,
    ),
  );
  for (const [i, bill] of bills.entries()) {
    w.clock.advance({ days: 1 }); // each note dated a day after the one before
    const credit = createSupplierCreditNote(w.ctx, bill.id, {
      reason: 'Short delivery',
      items: [{ billLineId: bill.items[0].id, quantity: 1 }], // half the bill, so credit is left to use
    });
    // A note on an open bill goes to it at once; a later one of the same supplier has its credit to apply or refund.
    if (i % 3 === 1 && credit.remainingCredit > 0) applySupplierCredit(w.ctx, credit.id, { billId: bills[i - 1].id, amount: 1 });
    if (i % 3 === 2 && credit.remainingCredit > 0) refundSupplierCredit(w.ctx, credit.id, { amount: credit.remainingCredit });
    createSupplierDebitNote(w.ctx, bill.id, {
      reason: 'Freight',
      items: [{ description: 'Freight', quantity: 1, unitPrice: 5 + i, accountCode: '6500', taxCode: null }],
    });
  }
  const dates = supplierCreditNotesTable(w.ctx)
    .all()
    .map((n) => n.creditNoteDate)
    .sort();
  return { w, suppliers, bills, from: [dates[3], dates[9]], to: [dates[3], '2026-09-01'] };
}

describe('supplierCreditNotes.list', () => {
  it('answers each declared filter, alone and in pairs, as the domain where does', () => {
    const { w, suppliers, bills, from, to } = notesWorld();
    const statuses = [
      ...new Set(
        supplierCreditNotesTable(w.ctx)
          .all()
          .map((n) => n.status),
      ),
    ];
    const values: Record<string, unknown[]> = {
      supplierId: [suppliers[0].id, suppliers[2].id, 'sup_none'],
      billId: [bills[0].id, bills[4].id, 'bill_none'],
      status: statuses,
      fromDate: from,
      toDate: to,
    };
    expectIndexedAsScanned(
      w.ctx,
      supplierCreditNotesTable(w.ctx),
      contract.purchasing.supplierCreditNotesList.list,
      values,
      (query) => supplierNoteMatches(query),
      { field: 'reason', op: 'startswith', value: 'short' },
    );
  });
});

describe('supplierDebitNotes.list', () => {
  it('answers each declared filter, alone and in pairs, as the domain where does', () => {
    const { w, suppliers, bills, from, to } = notesWorld();
    const values: Record<string, unknown[]> = {
      supplierId: [suppliers[1].id, suppliers[2].id, 'sup_none'],
      billId: [bills[1].id, bills[5].id, 'bill_none'],
      fromDate: from,
      toDate: to,
    };
    expectIndexedAsScanned(
      w.ctx,
      supplierDebitNotesTable(w.ctx),
      contract.purchasing.supplierDebitNotesList.list,
      values,
      (query) => supplierNoteMatches(query),
      { field: 'reason', op: 'startswith', value: 'freight' },
    );
  });
});
