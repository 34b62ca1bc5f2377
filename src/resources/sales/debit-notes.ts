import { debitNotesList, debitNotesRetrieve, invoiceDebitNotesCreate } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Debit notes (implied endpoints): an additional charge on a posted invoice. */
export class DebitNotes extends Resource {
  /**
   * Charges more on a sent, overdue or paid invoice (`DN-000001`): lines priced like invoice lines, in
   * the invoice's currency and rate, posted like an invoice after the credit check. The invoice's
   * `amountDebited` and `amountDue` rise (a paid invoice is `sent` again) and payments settle it.
   *
   * @example
   * await acs.debitNotes.create(invoice.id, { reason: 'Weekend installation surcharge', items: [{ description: 'Surcharge', quantity: 1, unitPrice: 80, taxCode: 'SVC8' }] });
   */
  create = this.method(invoiceDebitNotesCreate);

  /** Lists debit notes, newest first; filter by `customerId`, `invoiceId` and dates. */
  list = this.method(debitNotesList);

  /** One debit note. */
  retrieve = this.method(debitNotesRetrieve);
}
