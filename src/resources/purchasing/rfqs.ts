import { rfqsAward, rfqsCreate, rfqsList, rfqsRespond, rfqsRetrieve, rfqsSend, rfqsUpdate } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Requests for quotation (spec document 2, "Procurement workflows"): `acs.rfqs`. Every RFQ carries a `comparison` of its responses. */
export class Rfqs extends Resource {
  /** Lists RFQs, newest first; filters `status`, `supplierId` (invited), `requisitionId`. */
  list = this.method(rfqsList);

  /**
   * Creates a draft RFQ to the invited suppliers; from an approved requisition it takes the requisition's lines.
   *
   * @example
   * const rfq = await acs.rfqs.create({ title: 'Office chairs Q1', supplierIds: [a.id, b.id], lines: [{ itemId: chair.id, quantity: 50 }], responseDeadline: '2026-12-10' });
   */
  create = this.method(rfqsCreate);

  /** One RFQ with its responses and their `comparison`. `NotFoundError` (`RFQ_NOT_FOUND`) for an unknown id. */
  retrieve = this.method(rfqsRetrieve);

  /** Changes a draft; a sent RFQ takes only a new title, notes or deadline. */
  update = this.method(rfqsUpdate);

  /** Sends a draft: one message to each invited supplier. */
  send = this.method(rfqsSend);

  /**
   * Records an invited supplier's quote (a second one replaces its first), until the deadline.
   *
   * @example
   * await acs.rfqs.respond(rfq.id, { supplierId: a.id, lines: [{ lineId: rfq.lines[0].id, unitPrice: 145, leadTimeDays: 14 }], validUntil: '2026-12-31' });
   */
  respond = this.method(rfqsRespond);

  /**
   * Awards the RFQ to a supplier that responded: a draft purchase order at its quoted prices.
   *
   * @example
   * const best = rfq.comparison.suppliers.find((s) => s.rank === 1)!;
   * const { purchaseOrder } = await acs.rfqs.award(rfq.id, { supplierId: best.supplierId });
   */
  award = this.method(rfqsAward);
}
