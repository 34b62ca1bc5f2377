import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  Address,
  cursorPageQuery,
  isoDate,
  isoDateTime,
  money,
  nonNegativeMoney,
  queryBoolean,
  queryNumber,
  rate,
  searchQuery,
  sortQuery,
} from '../common.js';
import {
  Attachment,
  currencyCode,
  CustomerRef,
  dateOrder,
  DocumentLine,
  DocumentLineCreate,
  documentList,
  sendFields,
  text,
  documentAmounts,
} from './document-lines.js';

// Spec document 2, "Invoice".

/** An invoice line, with the income account it posts to and the order line it came from. */
export const InvoiceLine = DocumentLine.extend({
  /** A line without tax names the not-taxable code (doc 3). */
  taxCode: z.string(),
  /** Null until the company has a sales account to default to; sending then refuses with a clear rule. */
  incomeAccountId: z.string().nullable(),
  salesOrderLineId: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

/** `overdue` is read from the clock: a sent invoice with an amount due past its `dueDate`. */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const;
export const InvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** Document 3's e-invoice states. */
export const EINVOICE_STATUSES = ['created', 'validated', 'submitted', 'accepted', 'rejected', 'cancelled'] as const;
export const EinvoiceStatus = z.enum(EINVOICE_STATUSES);
export type EinvoiceStatus = z.infer<typeof EinvoiceStatus>;

export const Invoice = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  customerId: z.string(),
  customer: CustomerRef,
  /** The sales order this invoice was converted from. */
  salesOrderId: z.string().nullable(),
  /** Where sending it takes the goods of its tracked lines; null: the company's default location. */
  locationId: z.string().nullable(),
  invoiceDate: isoDate(),
  dueDate: isoDate(),
  status: InvoiceStatus,
  currency: z.string().length(3),
  exchangeRate: z.number(),
  reference: z.string().nullable(),
  purchaseOrder: z.string().nullable(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  items: z.array(InvoiceLine),
  ...documentAmounts,
  /** `total` in the company's currency. */
  baseTotal: money(),
  amountPaid: money(),
  /** Credit applied by credit notes (its own and allocations of others'). */
  amountCredited: money(),
  /** Added by debit notes. */
  amountDebited: money(),
  /** total + amountDebited - amountPaid - amountCredited. */
  amountDue: money(),
  paymentStatus: PaymentStatus,
  lastPaymentDate: isoDate().nullable(),
  /** Days past `dueDate` by the service clock while overdue, else 0. */
  overdueBy: z.number().int(),
  billingAddress: Address.nullable(),
  attachments: z.array(Attachment),
  einvoice: z.object({
    /** Null until an e-invoice exists. */
    status: EinvoiceStatus.nullable(),
    submittedAt: isoDateTime().nullable(),
    acceptedAt: isoDateTime().nullable(),
    uuid: z.string().nullable(),
    validationHash: z.string().nullable(),
  }),
  sendReminders: z.boolean(),
  /** The journal entry that posted the invoice (null for a draft; void once the invoice is cancelled). */
  journalEntryId: z.string().nullable(),
  sentAt: isoDateTime().nullable(),
  cancelledAt: isoDateTime().nullable(),
  cancellationReason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Invoice = z.infer<typeof Invoice>;

const invoiceFields = {
  /** Default today. */
  invoiceDate: isoDate().optional(),
  /** Default invoiceDate plus the customer's payment terms. */
  dueDate: isoDate().optional(),
  /** ISO 4217 code; default the customer's currency. */
  currency: currencyCode().optional(),
  /** Units of the company's currency per unit of `currency`: 1 in the company's own, required in another. */
  exchangeRate: rate().optional(),
  /** Your reference for the invoice, searched by the list; at most 100 characters. */
  reference: text(100).nullable().optional(),
  /** The customer's purchase order number, searched by the list; at most 100 characters. */
  purchaseOrder: text(100).nullable().optional(),
  /** Free-text notes; at most 5000 characters. */
  notes: text(5000).nullable().optional(),
  /** Terms and conditions text; at most 5000 characters. */
  terms: text(5000).nullable().optional(),
  /** Default the customer's billing address, else its address; null: none. */
  billingAddress: Address.nullable().optional(),
  /** Shipping charged, in the invoice's currency, at least 0; default 0. Added to the total untaxed. */
  shippingCost: nonNegativeMoney().optional(),
};

export const InvoiceCreateParams = z
  .object({
    /** The customer billed: an existing customer that is not `blocked`. */
    customerId: z.string().min(1),
    ...invoiceFields,
    /** A stock location the goods leave from when the invoice is sent; default the company's default location. */
    locationId: z.string().min(1).nullable().optional(),
    /** The invoice's lines, 1 to 200. */
    items: z.array(DocumentLineCreate).min(1).max(200),
  })
  .superRefine(dateOrder('invoiceDate', 'dueDate'));
export type InvoiceCreateParams = z.input<typeof InvoiceCreateParams>;

/** Changes to an invoice; `items`, when given, replaces every line. What a sent invoice allows: decision SALES-35. */
export const InvoiceUpdateParams = z
  .object({
    /** Another customer, on a draft only: a sent invoice keeps its customer. */
    customerId: z.string().min(1).optional(),
    ...invoiceFields,
    /** 1 to 200 lines replacing every line; detaches the invoice from its sales order. */
    items: z.array(DocumentLineCreate).min(1).max(200).optional(),
  })
  .superRefine(dateOrder('invoiceDate', 'dueDate'));
export type InvoiceUpdateParams = z.input<typeof InvoiceUpdateParams>;

export const InvoiceSendParams = z.object({
  ...sendFields,
  sendReminders: z.boolean().optional(),
});
export type InvoiceSendParams = z.input<typeof InvoiceSendParams>;

export const InvoiceCancelParams = z.object({
  reason: text(500).optional(),
  /** Date of the reversing entry of a sent invoice; default today. */
  cancelDate: isoDate().optional(),
});
export type InvoiceCancelParams = z.input<typeof InvoiceCancelParams>;

export const InvoiceListParams = z.object({
  customerId: z.string().optional(),
  status: InvoiceStatus.optional(),
  paymentStatus: PaymentStatus.optional(),
  invoiceDateFrom: isoDate().optional(),
  invoiceDateTo: isoDate().optional(),
  dueDateFrom: isoDate().optional(),
  dueDateTo: isoDate().optional(),
  overdue: queryBoolean().optional(),
  totalMin: queryNumber().optional(),
  totalMax: queryNumber().optional(),
  salesOrderId: z.string().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

const InvoiceIdParams = z.object({ invoiceId: z.string() });

export const invoicesList = endpoint({
  id: 'invoices.list',
  method: 'GET',
  path: '/invoices',
  scope: 'read:invoices',
  summary: 'List invoices',
  description:
    'Lists invoices, newest first, 50 per page by default (at most 100), cursor-paged. Filter by ' +
    '`customerId`, `status` (`overdue` included), `paymentStatus`, `invoiceDateFrom`/`To`, ' +
    '`dueDateFrom`/`To`, `overdue`, `totalMin`/`totalMax`, `salesOrderId`; `search` over invoice number, ' +
    'reference, purchase order and customer name; the operator form on the number, dates, `total` and ' +
    '`amountDue`.',
  example: `for await (const invoice of acs.invoices.list({ overdue: true, sort: 'dueDate', order: 'asc' })) {
  console.log(invoice.invoiceNumber, invoice.overdueBy, invoice.amountDue);
}`,
  exampleCall: { query: { overdue: true } },
  query: InvoiceListParams,
  response: Invoice,
  list: {
    ...documentList,
    defaultSort: 'invoiceDate:desc,invoiceNumber:desc',
    filters: {
      invoiceNumber: 'string',
      invoiceDate: 'date',
      dueDate: 'date',
      total: 'number',
      amountDue: 'number',
      createdAt: 'datetime',
    },
    search: ['invoiceNumber', 'reference', 'purchaseOrder', 'customer.name'],
    sort: ['invoiceDate', 'dueDate', 'invoiceNumber', 'total', 'amountDue', 'createdAt'],
    index: {
      customerId: 'string',
      salesOrderId: 'string',
      status: 'string',
      paymentStatus: 'string',
      overdue: 'boolean',
      invoiceDateFrom: ['invoiceDate', 'gte'],
      invoiceDateTo: ['invoiceDate', 'lte'],
      dueDateFrom: ['dueDate', 'gte'],
      dueDateTo: ['dueDate', 'lte'],
      totalMin: ['total', 'gte'],
      totalMax: ['total', 'lte'],
    },
  },
});

export const invoicesRetrieve = endpoint({
  id: 'invoices.retrieve',
  method: 'GET',
  path: '/invoices/{invoiceId}',
  scope: 'read:invoices',
  summary: 'Get one invoice',
  description:
    'One invoice; `status` reads `overdue` (with `overdueBy` days) once a sent invoice with an amount due ' + 'passes its due date.',
  exampleCall: { params: { invoiceId: { fixture: 'draftInvoice' } } },
  params: InvoiceIdParams,
  response: Invoice,
});

export const invoicesCreate = endpoint({
  id: 'invoices.create',
  method: 'POST',
  path: '/invoices',
  scope: 'write:invoices',
  status: 201,
  summary: 'Create an invoice as a draft',
  description:
    'Creates a draft invoice; nothing is posted until it is sent. `dueDate` defaults to `invoiceDate` ' +
    "plus the customer's payment terms.",
  example: `const invoice = await acs.invoices.create({
  customerId: customer.id,
  items: [
    { description: 'Installation', quantity: 2, unitPrice: 150, taxCode: 'SVC8' },
    { itemId: chair.id, quantity: 4 },
  ],
});`,
  exampleCall: { body: { customerId: { fixture: 'buyer' }, items: { fixture: 'lines' } } },
  body: InvoiceCreateParams,
  response: Invoice,
});

export const invoicesUpdate = endpoint({
  id: 'invoices.update',
  method: 'PUT',
  path: '/invoices/{invoiceId}',
  scope: 'write:invoices',
  summary: 'Change an invoice that is not paid or cancelled; a sent invoice is re-posted',
  description:
    'Changes an invoice. A draft takes any change; a sent invoice without payments may change its lines ' +
    'and is re-posted; with payments only the reference, purchase order, notes, terms, billing address ' +
    'and due date may change. A paid or cancelled invoice rejects with `BusinessRuleError`.',
  exampleCall: { params: { invoiceId: { fixture: 'draftInvoice' } }, body: { notes: 'Updated' } },
  params: InvoiceIdParams,
  body: InvoiceUpdateParams,
  response: Invoice,
});

export const invoicesSend = endpoint({
  id: 'invoices.send',
  method: 'POST',
  path: '/invoices/{invoiceId}/send',
  scope: 'write:invoices',
  summary: 'Send an invoice: the first send posts it to the ledger (the sandbox records the message in its outbox)',
  description:
    'Sends an invoice. The first send posts it (debit receivables, credit income and tax payable) and ' +
    "raises the customer's balance; over a non-zero credit limit it rejects with 422 " +
    "`INSUFFICIENT_FUNDS`. `to` defaults to the customer's email; the sandbox records the message in " +
    '`mock.outbox`.',
  example: "await acs.invoices.send(invoice.id, { cc: ['accounts@example.my'], message: 'Thank you for your order' });",
  exampleCall: { params: { invoiceId: { fixture: 'draftInvoice' } } },
  params: InvoiceIdParams,
  body: InvoiceSendParams,
  response: Invoice,
});

export const invoicesCancel = endpoint({
  id: 'invoices.cancel',
  method: 'POST',
  path: '/invoices/{invoiceId}/cancel',
  scope: 'write:invoices',
  source: 'implied',
  summary: 'Cancel an invoice without payments; a sent invoice has its posting reversed',
  description:
    'Cancels an invoice without payments; a sent one has its journal entry reversed (dated `cancelDate`, ' +
    "default today) and the customer's balance lowered.",
  exampleCall: { params: { invoiceId: { fixture: 'sentInvoice' } }, body: { reason: 'Every endpoint' } },
  params: InvoiceIdParams,
  body: InvoiceCancelParams,
  response: Invoice,
});
