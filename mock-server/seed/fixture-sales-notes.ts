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
export function loadInvoiceMoves(ctx: ActingContext, invoiceId: string, invoice: FixtureInvoice, path: string, at: AtPath): string[] {
  invoice.debitNotes?.forEach(({ items, ...note }, d) => {
    at(`${path}.debitNotes[${d}]`, () => {
      createDebitNote(ctx, invoiceId, DebitNoteCreateParams.parse({ ...note, items: withItemIds(ctx, items) }));
    });
  });
  invoice.payments?.forEach(({ void: voided, ...payment }, p) => {
    let paymentId = '';
    at(`${path}.payments[${p}]`, () => {
      paymentId = recordPayment(ctx, invoiceId, PaymentCreateParams.parse(withAccountId(ctx, payment))).id;
    });
    if (voided) at(`${path}.payments[${p}].void`, () => void voidPayment(ctx, invoiceId, paymentId, voided));
  });
  const noteIds = (invoice.creditNotes ?? []).map(({ items, allocations: _a, refunds: _r, ...note }, c) => {
    let noteId = '';
    at(`${path}.creditNotes[${c}]`, () => {
      const lines = invoicesTable(ctx).get(invoiceId)!.items;
      const credited = items?.map(({ line, quantity }, l) => ({ invoiceLineId: lineIdAt(lines, line, l, 'invoice'), quantity }));
      noteId = createCreditNote(ctx, invoiceId, CreditNoteCreateParams.parse({ ...note, ...(credited ? { items: credited } : {}) })).id;
    });
    return noteId;
  });
  if (invoice.cancel) at(`${path}.cancel`, () => void cancelInvoice(ctx, invoiceId, invoice.cancel));
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
