import {
  BillPaymentCreateParams,
  SupplierCreditNoteApplyParams,
  SupplierCreditNoteCreateParams,
  SupplierCreditNoteRefundParams,
  SupplierDebitNoteCreateParams,
} from '../../src/contract/index.js';
import {
  applySupplierCredit,
  billPaymentsTable,
  billsTable,
  createSupplierCreditNote,
  createSupplierDebitNote,
  payBill,
  refundSupplierCredit,
  voidBill,
  voidBillPayment,
} from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { AtPath } from './fixture-problem.js';
import { withAccountId, withItemIds } from './fixture-refs.js';
import { loadCreditUse } from './fixture-credit-use.js';
import { byNumber } from './fixture-rows.js';
import { lineIdAt } from './fixture-sales-notes.js';
import type { CheckedFixtureCompany } from './fixture-schema.js';
import { moveGap } from './fixture-payment-gaps.js';

type FixtureBill = NonNullable<CheckedFixtureCompany['bills']>[number];

/**
 * What follows a bill's approval in a fixture (MOCK-47), each through its route's function: supplier debit notes,
 * each payment (voided right after it with `void`), supplier credit notes, then the void. Returns the credit notes' ids.
 */
export function loadBillMoves(ctx: ActingContext, idOf: () => string, bill: FixtureBill, path: string, at: AtPath): string[] {
  bill.debitNotes?.forEach(({ items, ...note }, d) => {
    at(`${path}.debitNotes[${d}]`, () => {
      createSupplierDebitNote(ctx, idOf(), SupplierDebitNoteCreateParams.parse({ ...note, items: withItemIds(ctx, items) }));
    });
  });
  const paymentIds: string[] = [];
  const notes = bill.creditNotes?.length ?? 0;
  // Payments and voids between the credit notes, as the API made them (MOCK-52).
  const settle = (gap: number) =>
    moveGap(bill.payments, notes, gap, path, at, {
      pay: ({ afterCreditNotes: _a, ...payment }, p) => {
        payBill(ctx, idOf(), BillPaymentCreateParams.parse(withAccountId(ctx, payment)));
        paymentIds[p] = billPaymentsTable(ctx)
          .byIndex('billId', idOf())
          .sort(byNumber((row) => row.paymentNumber))
          .at(-1)!.id;
      },
      void: ({ afterCreditNotes: _a, ...voided }, p) => void voidBillPayment(ctx, idOf(), paymentIds[p], voided),
    });
  const noteIds: string[] = [];
  (bill.creditNotes ?? []).forEach(({ items, applications: _a, refunds: _r, ...note }, c) => {
    settle(c);
    at(`${path}.creditNotes[${c}]`, () => {
      const lines = billsTable(ctx).get(idOf())!.items;
      const credited = items?.map(({ line, quantity }, l) => ({ billLineId: lineIdAt(lines, line, l, 'bill'), quantity }));
      noteIds[c] = createSupplierCreditNote(
        ctx,
        idOf(),
        SupplierCreditNoteCreateParams.parse({ ...note, ...(credited ? { items: credited } : {}) }),
      ).id;
    });
  });
  settle(notes);
  if (bill.void) at(`${path}.void`, () => void voidBill(ctx, idOf(), bill.void!));
  return noteIds;
}

/** Each supplier credit note's applications to bills, by their position in `bills`, then its refunds (MOCK-47). */
export function loadSupplierCreditUse(
  ctx: ActingContext,
  bills: readonly FixtureBill[],
  ids: { bills: string[]; creditNotes: string[][] },
  path: string,
  at: AtPath,
): void {
  loadCreditUse(bills, { documents: ids.bills, creditNotes: ids.creditNotes }, path, at, {
    list: 'bills',
    uses: 'applications',
    target: 'bill',
    usesOf: (note) => note.applications,
    refundsOf: (note) => note.refunds,
    use: (noteId, application, billId) =>
      void applySupplierCredit(ctx, noteId, SupplierCreditNoteApplyParams.parse({ ...application, billId })),
    refund: (noteId, refund) => void refundSupplierCredit(ctx, noteId, SupplierCreditNoteRefundParams.parse(withAccountId(ctx, refund))),
  });
}
