import {
  CreditAllocationCreateParams,
  CreditNoteCreateParams,
  DebitNoteCreateParams,
  PaymentCreateParams,
  RefundCreateParams,
} from '../../src/contract/index.js';
import {
  allocateCredit,
  cancelInvoice,
  createCreditNote,
  createDebitNote,
  invoicesTable,
  recordPayment,
  refundCredit,
  voidPayment,
} from '../domain/sales/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { AtPath } from './fixture-problem.js';
import { FixtureProblem } from './fixture-problem.js';
import { withAccountId, withItemIds } from './fixture-refs.js';
import { loadCreditUse as loadNoteUses } from './fixture-credit-use.js';
import type { CheckedFixtureCompany } from './fixture-schema.js';
import { moveGap } from './fixture-payment-gaps.js';

type FixtureInvoice = NonNullable<CheckedFixtureCompany['invoices']>[number];

/** The id of the line at `line` of a document's lines; none there is a problem at `items[l].line` (MOCK-47). */
export function lineIdAt(lines: readonly { id: string }[], line: number, l: number, kind: string): string {
  const row = lines[line];
  if (!row) throw new FixtureProblem(`items[${l}].line: the ${kind} has no line ${line} (it has ${lines.length})`);
  return row.id;
}

/**
 * What follows an invoice's send in a fixture (MOCK-47), each through its route's function: debit notes, then
 * each payment (voided right after it when it has `void`), then credit notes, then the cancel. Returns the
 * credit notes' ids, for their allocations and refunds once every invoice is loaded.
 */
export function loadInvoiceMoves(ctx: ActingContext, idOf: () => string, invoice: FixtureInvoice, path: string, at: AtPath): string[] {
  invoice.debitNotes?.forEach(({ items, ...note }, d) => {
    at(`${path}.debitNotes[${d}]`, () => {
      createDebitNote(ctx, idOf(), DebitNoteCreateParams.parse({ ...note, items: withItemIds(ctx, items) }));
    });
  });
  const paymentIds: string[] = [];
  const notes = invoice.creditNotes?.length ?? 0;
  const settle = (gap: number) =>
    moveGap(invoice.payments, notes, gap, path, at, {
      pay: (payment, p) => {
        const { afterCreditNotes: _a, ...body } = payment;
        paymentIds[p] = recordPayment(ctx, idOf(), PaymentCreateParams.parse(withAccountId(ctx, body))).id;
      },
      void: ({ afterCreditNotes: _a, ...voided }, p) => void voidPayment(ctx, idOf(), paymentIds[p], voided),
    });
  const noteIds: string[] = [];
  (invoice.creditNotes ?? []).forEach(({ items, allocations: _a, refunds: _r, ...note }, c) => {
    settle(c);
    at(`${path}.creditNotes[${c}]`, () => {
      const lines = invoicesTable(ctx).get(idOf())!.items;
      const credited = items?.map(({ line, quantity }, l) => ({ invoiceLineId: lineIdAt(lines, line, l, 'invoice'), quantity }));
      noteIds[c] = createCreditNote(ctx, idOf(), CreditNoteCreateParams.parse({ ...note, ...(credited ? { items: credited } : {}) })).id;
    });
  });
  settle(notes);
  if (invoice.cancel) at(`${path}.cancel`, () => void cancelInvoice(ctx, idOf(), invoice.cancel));
  return noteIds;
}

/** Each credit note's allocations to other invoices of the company, by position in `invoices`, then its refunds (MOCK-47). */
export function loadCreditUse(ctx: ActingContext, invoices: readonly FixtureInvoice[], ids: InvoiceIds, path: string, at: AtPath): void {
  loadNoteUses(invoices, { documents: ids.invoices, creditNotes: ids.creditNotes }, path, at, {
    list: 'invoices',
    uses: 'allocations',
    target: 'invoice',
    usesOf: (note) => note.allocations,
    refundsOf: (note) => note.refunds,
    use: (noteId, allocation, invoiceId) =>
      void allocateCredit(ctx, noteId, CreditAllocationCreateParams.parse({ ...allocation, invoiceId })),
    refund: (noteId, refund) => void refundCredit(ctx, noteId, RefundCreateParams.parse(withAccountId(ctx, refund))),
  });
}

/** The ids a company's invoices and their credit notes were given on load, by position in the file. */
export interface InvoiceIds {
  invoices: string[];
  creditNotes: string[][];
}
