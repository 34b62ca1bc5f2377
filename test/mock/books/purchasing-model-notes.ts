import {
  applySupplierCredit,
  billsTable,
  createSupplierCreditNote,
  createSupplierDebitNote,
  refundSupplierCredit,
  supplierCreditNotesTable,
  type BillRow,
} from '../../../mock-server/domain/purchasing/index.js';
import type { ActingContext } from '../../../mock-server/domain/shared/actor.js';
import * as money from '../../../mock-server/domain/shared/money.js';

// The purchasing model test's supplier notes (PUR-58): credit notes, their credit applied or refunded, debit notes.

/** The notes' operations the model draws (purchasing-model.test.ts). */
export type NoteOperation =
  | { kind: 'creditNote'; pick: number; share: number; whole: boolean }
  | { kind: 'applyCredit'; pick: number; bill: number; share: number }
  | { kind: 'refundCredit'; pick: number; share: number }
  | { kind: 'debitNote'; pick: number; amount: number; taxCode: string | null };

const nth = <T>(rows: readonly T[], n: number): T | undefined => rows[n % Math.max(1, rows.length)];

const part = (amount: number, share: number) => Math.max(0.01, money.toNumber(money.round(money.parse(amount).times(share))));

/** The supplier notes' operations (PUR-58): more than is left is tried, and refused. */
export function applyNote(ctx: ActingContext, o: NoteOperation, openBills: readonly BillRow[]): boolean {
  const approved = () =>
    billsTable(ctx)
      .all()
      .filter((b) => b.status !== 'draft' && b.status !== 'void');
  const openCredit = () =>
    supplierCreditNotesTable(ctx)
      .all()
      .filter((n) => n.status === 'open');
  switch (o.kind) {
    case 'creditNote': {
      // A whole bill credited after payments leaves supplier credit to apply or refund.
      const paid = approved().filter((b) => b.paidAmount > 0);
      const bill = nth(o.whole && paid.length > 0 ? paid : approved(), o.pick);
      if (!bill) return false;
      const items = o.whole
        ? undefined
        : bill.items.map((l) => ({ billLineId: l.id, quantity: Math.max(1, Math.round(l.quantity * o.share)) }));
      createSupplierCreditNote(ctx, bill.id, { reason: 'model credit', items });
      return true;
    }
    case 'applyCredit': {
      // A credit with an open bill of its supplier to go to, so that most draws apply something.
      const note = nth(
        openCredit().filter((n) => openBills.some((b) => b.supplierId === n.supplierId)),
        o.pick,
      );
      const bill =
        note &&
        nth(
          openBills.filter((b) => b.supplierId === note.supplierId),
          o.bill,
        );
      if (!note || !bill) return false;
      applySupplierCredit(ctx, note.id, { billId: bill.id, amount: part(Math.min(note.remainingCredit, bill.balanceDue), o.share) });
      return true;
    }
    case 'refundCredit': {
      const note = nth(openCredit(), o.pick);
      if (!note) return false;
      refundSupplierCredit(ctx, note.id, { amount: part(note.remainingCredit, o.share) });
      return true;
    }
    case 'debitNote': {
      const bill = nth(approved(), o.pick);
      if (!bill) return false;
      createSupplierDebitNote(ctx, bill.id, {
        reason: 'model charge',
        items: [{ description: 'Surcharge', quantity: 1, unitPrice: o.amount, accountCode: '6500', taxCode: o.taxCode }],
      });
      return true;
    }
  }
}
