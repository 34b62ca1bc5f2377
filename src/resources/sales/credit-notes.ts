import {
  creditNoteAllocationsCreate,
  creditNoteRefundsCreate,
  creditNotesList,
  creditNotesRetrieve,
  invoiceCreditNotesCreate,
  refundsList,
  refundsRetrieve,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Credit of a credit note applied to another invoice, reached as `acs.creditNotes.allocations`. */
export class CreditNoteAllocations extends Resource {
  /**
   * Applies remaining credit to another open invoice of the same customer, currency and exchange rate:
   * `amount` at most the credit note's `remainingCredit` and the invoice's `amountDue` (else a
   * `ValidationError`). The invoice's `amountCredited` rises and its `amountDue` falls. Resolves to the
   * credit note, the new allocation last in `allocations`.
   *
   * @example
   * await acs.creditNotes.allocations.create(creditNote.id, { invoiceId: nextInvoice.id, amount: 120 });
   */
  create = this.method(creditNoteAllocationsCreate);
}

/** Refunds paid out of a credit note's remaining credit, reached as `acs.creditNotes.refunds`. */
export class CreditNoteRefunds extends Resource {
  /**
   * Pays remaining credit back to the customer: posts debit accounts receivable, credit the bank or
   * cash account (`accountId`, default the seeded one for `paymentMethod`). `refundDate` defaults to
   * today and may not be after it. Resolves to the refund (`RF-000001`).
   *
   * @example
   * const refund = await acs.creditNotes.refunds.create(creditNote.id, { amount: creditNote.remainingCredit, reference: 'IBG 20991' });
   */
  create = this.method(creditNoteRefundsCreate);
}

/** Credit notes (implied endpoints): credit a posted invoice, whole or by lines. */
export class CreditNotes extends Resource {
  /** Applying credit to another invoice: `acs.creditNotes.allocations.create(creditNoteId, body)`. */
  readonly allocations = this.resource(CreditNoteAllocations);
  /** Refunding credit: `acs.creditNotes.refunds.create(creditNoteId, body)`. */
  readonly refunds = this.resource(CreditNoteRefunds);

  /**
   * Credits a sent, overdue or paid invoice (`CN-000001`): `items` names invoice lines and quantities
   * (omitted: everything not yet credited, shipping included), at the invoice's prices, currency and
   * rate. Posts debit income and tax payable, credit receivables; the credit settles what the invoice
   * has due, and the rest is the customer's credit (`remainingCredit`, the customer's `creditBalance`).
   * Crediting more than was invoiced less earlier credit notes rejects with `BusinessRuleError`.
   *
   * @example
   * const creditNote = await acs.creditNotes.create(invoice.id, {
   *   reason: 'Two chairs returned damaged',
   *   items: [{ invoiceLineId: invoice.items[0].id, quantity: 2 }],
   * });
   */
  create = this.method(invoiceCreditNotesCreate);

  /** Lists credit notes, newest first; filter by `customerId`, `invoiceId`, `status` (`open` has credit left) and dates. */
  list = this.method(creditNotesList);

  /** One credit note, with its allocations and refunds. */
  retrieve = this.method(creditNotesRetrieve);
}

/** Refunds of customer credit: read here, made with `acs.creditNotes.refunds.create`. */
export class Refunds extends Resource {
  /** Lists refunds, newest first; filter by `customerId`, `creditNoteId` and dates. */
  list = this.method(refundsList);

  /** One refund. */
  retrieve = this.method(refundsRetrieve);
}
