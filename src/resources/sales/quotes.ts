import {
  quotesAccept,
  quotesConvertToOrder,
  quotesCreate,
  quotesDecline,
  quotesList,
  quotesRetrieve,
  quotesSend,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Quotes (spec document 2, "Quote"): draft -> sent -> accepted -> converted, or declined; `expired` once `validUntil` has passed. */
export class Quotes extends Resource {
  /**
   * Lists quotes, newest first, 50 per page by default (at most 100), cursor-paged. Filter by
   * `customerId`, `status` (`expired` included), `quoteDateFrom`/`To`, `validUntilFrom`/`To`; `search`
   * over quote number, title, reference and customer name.
   */
  list = this.method(quotesList);

  /**
   * Creates a draft quote; lines as for invoices. `validUntil` defaults to 30 days after `quoteDate`.
   *
   * @example
   * const quote = await acs.quotes.create({ customerId: customer.id, title: 'Office chairs', items: [{ itemId: chair.id, quantity: 20 }] });
   */
  create = this.method(quotesCreate);

  /** One quote; its `status` is `expired` when the service's clock is past `validUntil` and it was not answered. */
  retrieve = this.method(quotesRetrieve);

  /**
   * Sends a draft quote (or sends a sent one again): status `sent`. `to` defaults to the customer's
   * email. The sandbox records the message in `mock.outbox`; nothing leaves the machine.
   */
  send = this.method(quotesSend);

  /** Records the customer's acceptance (`acceptedAt`, `acceptedBy`). Only a sent, unexpired quote can be accepted. */
  accept = this.method(quotesAccept);

  /**
   * Turns a sent or accepted quote into a draft sales order with the same lines, once. An expired
   * quote rejects with 422 `QUOTE_CONVERSION_FAILED` (`details: [{ quoteId, validUntil, currentDate }]`);
   * an accepted one never expires. Resolves to the new sales order.
   */
  convertToOrder = this.method(quotesConvertToOrder);

  /**
   * Records the customer's no to a draft, sent or expired quote (implied): status `declined`,
   * `declinedAt`, `declineReason`. An accepted or converted quote rejects with `BusinessRuleError`.
   *
   * @example
   * await acs.quotes.decline(quote.id, { reason: 'Went with a local supplier' });
   */
  decline = this.method(quotesDecline);
}
