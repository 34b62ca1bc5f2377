import {
  CreditNotesAllocationsMethods,
  CreditNotesMethods,
  CreditNotesRefundsMethods,
  RefundsMethods,
} from '../../generated/resources/sales.js';

/** Credit of a credit note applied to another invoice, reached as `acs.creditNotes.allocations`. */
export class CreditNoteAllocations extends CreditNotesAllocationsMethods {}

/** Refunds paid out of a credit note's remaining credit, reached as `acs.creditNotes.refunds`. */
export class CreditNoteRefunds extends CreditNotesRefundsMethods {}

/** Credit notes (implied endpoints): credit a posted invoice, whole or by lines. */
export class CreditNotes extends CreditNotesMethods {
  /** Applying credit to another invoice: `acs.creditNotes.allocations.create(creditNoteId, body)`. */
  readonly allocations = this.resource(CreditNoteAllocations);
  /** Refunding credit: `acs.creditNotes.refunds.create(creditNoteId, body)`. */
  readonly refunds = this.resource(CreditNoteRefunds);
}

/** Refunds of customer credit: read here, made with `acs.creditNotes.refunds.create`. */
export class Refunds extends RefundsMethods {}
