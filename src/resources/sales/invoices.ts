import { InvoicesMethods, InvoicesPaymentsMethods } from '../../generated/resources/sales.js';

/** Payments of an invoice (spec document 2, "Invoices"), reached as `acs.invoices.payments`. */
export class InvoicePayments extends InvoicesPaymentsMethods {}

/** Invoices (spec document 2, "Invoice"). */
export class Invoices extends InvoicesMethods {
  /** Payments of an invoice: `acs.invoices.payments.create(invoiceId, body)` and `.list(invoiceId)`. */
  readonly payments = this.resource(InvoicePayments);
}
