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

type FixtureBill = NonNullable<CheckedFixtureCompany['bills']>[number];

/**
 * What follows a bill's approval in a fixture (MOCK-47), each through its route's function: supplier debit notes,
 * each payment (voided right after it with `void`), supplier credit notes, then the void. Returns the credit notes' ids.
 */
export function loadBillMoves(ctx: ActingContext, billId: string, bill: FixtureBill, path: string, at: AtPath): string[] {
  bill.debitNotes?.forEach(({ items, ...note }, d) => {
    at(`${path}.debitNotes[${d}]`, () => {
      createSupplierDebitNote(ctx, billId, SupplierDebitNoteCreateParams.parse({ ...note, items: withItemIds(ctx, items) }));
    });
  });
  bill.payments?.forEach(({ void: voided, ...payment }, p) => {
    let paymentId = '';
    at(`${path}.payments[${p}]`, () => {
      payBill(ctx, billId, BillPaymentCreateParams.parse(withAccountId(ctx, payment)));
      paymentId = billPaymentsTable(ctx)
        .byIndex('billId', billId)
        .sort(byNumber((row) => row.paymentNumber))
        .at(-1)!.id;
    });
    if (voided) at(`${path}.payments[${p}].void`, () => void voidBillPayment(ctx, billId, paymentId, voided));
  });
  const noteIds = (bill.creditNotes ?? []).map(({ items, applications: _a, refunds: _r, ...note }, c) => {
    let noteId = '';
    at(`${path}.creditNotes[${c}]`, () => {
      const lines = billsTable(ctx).get(billId)!.items;
      const credited = items?.map(({ line, quantity }, l) => ({ billLineId: lineIdAt(lines, line, l, 'bill'), quantity }));
      noteId = createSupplierCreditNote(
        ctx,
        billId,
        SupplierCreditNoteCreateParams.parse({ ...note, ...(credited ? { items: credited } : {}) }),
      ).id;
    });
    return noteId;
  });
  if (bill.void) at(`${path}.void`, () => void voidBill(ctx, billId, bill.void!));
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
