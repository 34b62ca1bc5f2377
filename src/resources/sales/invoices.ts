import {
  invoicePaymentsCreate,
  invoicePaymentsList,
  invoicePaymentsVoid,
  invoicesCancel,
  invoicesCreate,
  invoicesList,
  invoicesPay,
  invoicesRetrieve,
  invoicesSend,
  invoicesUpdate,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Payments of an invoice (spec document 2, "Invoices"), reached as `acs.invoices.payments`. */
export class InvoicePayments extends Resource {
  /**
   * Records a payment against a sent invoice: `amount` above zero and at most `amountDue` (else a
   * `ValidationError`), `paymentDate` (default today), `paymentMethod`, `reference`, `notes`, and the
   * `accountId` of the bank or cash account it is banked in (default the seeded one). Posts debit
   * that account, credit accounts receivable; the invoice's `amountPaid`, `amountDue`,
   * `paymentStatus` and the customer's balance follow. Not after today; a foreign `exchangeRate`
   * books a realised exchange gain or loss. Resolves to the payment.
   *
   * @example
   * const payment = await acs.invoices.payments.create(invoice.id, { amount: 500, paymentMethod: 'bank_transfer', reference: 'IBG 88123' });
   */
  create = this.method(invoicePaymentsCreate);

  /** An invoice's payments, oldest first. */
  list = this.method(invoicePaymentsList);

  /**
   * Voids a payment: reverses its entry and restores the invoice and the customer's balance.
   *
   * @example
   * await acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Cheque bounced' });
   */
  void = this.method(invoicePaymentsVoid);
}

/** Invoices (spec document 2, "Invoice"). */
export class Invoices extends Resource {
  /** Payments of an invoice: `acs.invoices.payments.create(invoiceId, body)` and `.list(invoiceId)`. */
  readonly payments = this.resource(InvoicePayments);

  /**
   * Lists invoices, newest first, 50 per page by default (at most 100), cursor-paged. Filter by
   * `customerId`, `status` (`overdue` included), `paymentStatus`, `invoiceDateFrom`/`To`,
   * `dueDateFrom`/`To`, `overdue`, `totalMin`/`totalMax`, `salesOrderId`; `search` over invoice
   * number, reference, purchase order and customer name; the operator form on the number, dates,
   * `total` and `amountDue`.
   *
   * @example
   * for await (const invoice of acs.invoices.list({ overdue: true, sort: 'dueDate', order: 'asc' })) {
   *   console.log(invoice.invoiceNumber, invoice.overdueBy, invoice.amountDue);
   * }
   */
  list = this.method(invoicesList);

  /** One invoice; `status` reads `overdue` (with `overdueBy` days) once a sent invoice with an amount due passes its due date. */
  retrieve = this.method(invoicesRetrieve);

  /**
   * Creates a draft invoice; nothing is posted until it is sent. `dueDate` defaults to `invoiceDate`
   * plus the customer's payment terms.
   *
   * @example
   * const invoice = await acs.invoices.create({
   *   customerId: customer.id,
   *   items: [
   *     { description: 'Installation', quantity: 2, unitPrice: 150, taxCode: 'SVC8' },
   *     { itemId: chair.id, quantity: 4 },
   *   ],
   * });
   */
  create = this.method(invoicesCreate);

  /**
   * Changes an invoice. A draft takes any change; a sent invoice without payments may change its lines
   * and is re-posted; with payments only the reference, purchase order, notes, terms, billing address
   * and due date may change. A paid or cancelled invoice rejects with `BusinessRuleError`.
   */
  update = this.method(invoicesUpdate);

  /**
   * Sends an invoice. The first send posts it (debit receivables, credit income and tax payable) and
   * raises the customer's balance; over a non-zero credit limit it rejects with 422
   * `INSUFFICIENT_FUNDS`. `to` defaults to the customer's email; the sandbox records the message in
   * `mock.outbox`.
   *
   * @example
   * await acs.invoices.send(invoice.id, { cc: ['accounts@example.my'], message: 'Thank you for your order' });
   */
  send = this.method(invoicesSend);

  /**
   * Cancels an invoice without payments; a sent one has its journal entry reversed (dated
   * `cancelDate`, default today) and the customer's balance lowered.
   */
  cancel = this.method(invoicesCancel);

  /** The short form of `acs.invoices.payments.create` (`POST /invoices/{id}/payment`); same rules, same result. */
  pay = this.method(invoicesPay);
}
