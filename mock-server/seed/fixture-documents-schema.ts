import { z } from 'zod';
import {
  BillCreateParams,
  BillPaymentCreateParams,
  InvoiceCreateParams,
  PaymentCreateParams,
  QuoteCreateParams,
  SalesOrderCreateParams,
  SalesOrderLineCreate,
} from '../../src/contract/index.js';
import { accountNumber, code, day, FixtureBillLine, FixtureSalesLine, lines } from './fixture-lines-schema.js';
import {
  afterCreditNotes,
  FixtureBillVoid,
  FixtureCreditNote,
  FixtureDebitNote,
  FixtureInvoiceCancel,
  FixturePaymentVoid,
  FixtureSupplierCreditNote,
  FixtureSupplierDebitNote,
} from './fixture-notes-schema.js';

// A fixture's open documents (MOCK-40): each what its create endpoint takes, other records named by name, code
// or number (MOCK-35), with a required date (MOCK-41) and the state the loader moves it to as the API would.

const name = z.string().trim().min(1).max(200);
/** Another document of the company, by its position in its list (MOCK-47). */
const position = z.number().int().min(0);

const FixtureOrderLine = z
  .object({ ...SalesOrderLineCreate.shape })
  .omit({ itemId: true })
  .extend({ item: code.optional() });

/** A quote (MOCK-40): `POST /quotes`' body, sent, accepted or declined after if `status` says so (default `draft`). */
export const FixtureQuote = z
  .object({ ...QuoteCreateParams.shape })
  .omit({ customerId: true, items: true })
  .extend({
    /** A customer's name, of this fixture company. */
    customer: name,
    quoteDate: day,
    items: lines(FixtureSalesLine),
    status: z.enum(['draft', 'sent', 'accepted', 'declined']).optional(),
    /** Why it was declined (`status: declined`). */
    declineReason: z.string().max(500).optional(),
  });

/**
 * A sales order (MOCK-40): `POST /sales-orders`' body, or with `quote` the order that quote converted to, its draft then
 * changed to this body by `PUT /sales-orders/{id}` (MOCK-50); moved to `status` after (default `draft`), then cancelled
 * with `cancel` (MOCK-49: a draft or confirmed one, `status` the state it was cancelled from).
 */
export const FixtureSalesOrder = z
  .object({ ...SalesOrderCreateParams.shape })
  .omit({ customerId: true, items: true, locationId: true })
  .extend({
    customer: name,
    orderDate: day,
    /** A location's code; default the company's default location. */
    location: code.optional(),
    items: lines(FixtureOrderLine),
    /** The quote it was converted from (`POST /quotes/{id}/convert-to-order`): a position in `quotes`, a sent or accepted one (MOCK-50). */
    quote: position.optional(),
    status: z.enum(['draft', 'confirmed', 'shipped', 'delivered']).optional(),
    /** The status change to `cancelled`, with its notes (its stock reservation released). */
    cancel: z.object({ notes: z.string().max(1000).optional() }).optional(),
  })
  .superRefine((order, ctx) => {
    // The conversion makes the order at the default location, and no change of an order moves it (MOCK-50).
    if (order.quote !== undefined && order.location !== undefined)
      ctx.addIssue({ code: 'custom', path: ['location'], message: 'an order converted from a quote is at the default location' });
  });

/** A part of a sales order invoiced (MOCK-50): the order line by its position in the order's `items`, and the quantity. */
const FixtureOrderPart = z.object({ line: z.number().int().min(0).max(199), quantity: z.number().positive() });

/** A payment received (MOCK-41): `POST /invoices/{id}/payments`' body with its date required and the account by number. */
export const FixtureInvoicePayment = z
  .object({ ...PaymentCreateParams.shape })
  .omit({ accountId: true })
  .extend({ paymentDate: day, account: accountNumber.optional(), afterCreditNotes, void: FixturePaymentVoid.optional() });

/**
 * An invoice (MOCK-40): `POST /invoices`' body, or with `salesOrder` the invoice that order converted to (MOCK-50:
 * `POST /sales-orders/{id}/convert-to-invoice` of `partialItems`, then `PUT /invoices/{id}` of the header), sent when
 * `status` is `sent`, then its debit notes, its `payments` in order (each voided after it when it has `void`), its credit
 * notes, and cancelled last when it has `cancel` (MOCK-47).
 */
export const FixtureInvoice = z
  .object({ ...InvoiceCreateParams.shape })
  .omit({ customerId: true, items: true, locationId: true })
  .extend({
    customer: name,
    invoiceDate: day,
    location: code.optional(),
    /** Its lines; an invoice made from a sales order has none of its own (`partialItems`). */
    items: lines(FixtureSalesLine).optional(),
    /** The sales order it was made from: a position in `salesOrders`, a confirmed, shipped or delivered one (MOCK-50). */
    salesOrder: position.optional(),
    /** What of that order it invoices, priced by the order (the part that completes a line takes the rest); default all that remains. */
    partialItems: z.array(FixtureOrderPart).min(1).max(200).optional(),
    /** `sent` posts it; partly paid and paid follow from `payments` (default `draft`, which takes none). */
    status: z.enum(['draft', 'sent']).optional(),
    debitNotes: z.array(FixtureDebitNote).optional(),
    payments: z.array(FixtureInvoicePayment).optional(),
    creditNotes: z.array(FixtureCreditNote).optional(),
    cancel: FixtureInvoiceCancel.optional(),
  })
  .superRefine((invoice, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    // An invoice made from an order takes its lines, prices and location from the order (MOCK-50).
    if (invoice.salesOrder === undefined && invoice.items === undefined)
      issue('items', 'an invoice lists its items, or names its salesOrder');
    if (invoice.salesOrder !== undefined && invoice.items !== undefined)
      issue('items', 'an invoice made from a sales order takes its lines from the order: give partialItems, not items');
    if (invoice.salesOrder !== undefined && invoice.location !== undefined)
      issue('location', "an invoice made from a sales order is at the order's location");
    if (invoice.salesOrder === undefined && invoice.partialItems !== undefined)
      issue('partialItems', 'partialItems invoice a part of a sales order: name its salesOrder');
    // A sent invoice's cancel reverses its entry on `cancelDate`: undated, the books would depend on the day it loads (MOCK-41).
    if (invoice.status === 'sent' && invoice.cancel && !invoice.cancel.cancelDate)
      ctx.addIssue({ code: 'custom', path: ['cancel', 'cancelDate'], message: 'a sent invoice is cancelled on a date: give cancelDate' });
  });

/** A payment made (MOCK-41): `POST /bills/{id}/payments`' body with its date required and the account by number. */
export const FixtureBillPayment = z
  .object({ ...BillPaymentCreateParams.shape })
  .omit({ accountId: true })
  .extend({ paymentDate: day, account: accountNumber.optional(), afterCreditNotes, void: FixturePaymentVoid.optional() });

/** A bill line; on a bill matched to an order, `orderLine` is the position of the order line it bills (MOCK-49). */
const FixtureMatchedBillLine = FixtureBillLine.extend({ orderLine: z.number().int().min(0).max(199).optional() });

/**
 * A supplier's bill (MOCK-40): `POST /bills`' body, matched to `purchaseOrder` (its position in `purchaseOrders`,
 * MOCK-49) or to none, approved when `status` is `open`, then its
 * debit notes, `payments` (each voided after it with `void`), credit notes, and voided last with `void` (MOCK-47).
 */
export const FixtureBill = z
  .object({ ...BillCreateParams.shape })
  .omit({ supplierId: true, purchaseOrderId: true, items: true, attachments: true })
  .extend({
    /** A supplier's name, of this fixture company. */
    supplier: name,
    purchaseOrder: z.number().int().min(0).optional(),
    billDate: day,
    items: lines(FixtureMatchedBillLine),
    /** `open` approves (posts) it; partly paid and paid follow from `payments` (default `draft`, which takes none). */
    status: z.enum(['draft', 'open']).optional(),
    debitNotes: z.array(FixtureSupplierDebitNote).optional(),
    payments: z.array(FixtureBillPayment).optional(),
    creditNotes: z.array(FixtureSupplierCreditNote).optional(),
    void: FixtureBillVoid.optional(),
  });
