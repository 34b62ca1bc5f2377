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
 * A sales order (MOCK-40): `POST /sales-orders`' body, moved to `status` after (default `draft`), then cancelled with
 * `cancel` (MOCK-49: a draft or confirmed one, `status` the state it was cancelled from).
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
    status: z.enum(['draft', 'confirmed', 'shipped', 'delivered']).optional(),
    /** The status change to `cancelled`, with its notes (its stock reservation released). */
    cancel: z.object({ notes: z.string().max(1000).optional() }).optional(),
  });

/** A payment received (MOCK-41): `POST /invoices/{id}/payments`' body with its date required and the account by number. */
export const FixtureInvoicePayment = z
  .object({ ...PaymentCreateParams.shape })
  .omit({ accountId: true })
  .extend({ paymentDate: day, account: accountNumber.optional(), afterCreditNotes, void: FixturePaymentVoid.optional() });

/**
 * An invoice (MOCK-40): `POST /invoices`' body, sent when `status` is `sent`, then its debit notes, its `payments` in
 * order (each voided after it when it has `void`), its credit notes, and cancelled last when it has `cancel` (MOCK-47).
 */
export const FixtureInvoice = z
  .object({ ...InvoiceCreateParams.shape })
  .omit({ customerId: true, items: true, locationId: true })
  .extend({
    customer: name,
    invoiceDate: day,
    location: code.optional(),
    items: lines(FixtureSalesLine),
    /** `sent` posts it; partly paid and paid follow from `payments` (default `draft`, which takes none). */
    status: z.enum(['draft', 'sent']).optional(),
    debitNotes: z.array(FixtureDebitNote).optional(),
    payments: z.array(FixtureInvoicePayment).optional(),
    creditNotes: z.array(FixtureCreditNote).optional(),
    cancel: FixtureInvoiceCancel.optional(),
  })
  .superRefine((invoice, ctx) => {
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
