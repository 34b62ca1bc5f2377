import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, nonNegativeMoney, searchQuery, sortQuery } from '../common.js';
import { CustomerRef, DocumentLine, documentList, quantity, text, documentAmounts } from './document-lines.js';
import { PaymentCreateParams, PaymentMethod } from './payments.js';

// Credit notes, the customer credit they leave, and refunds of it (SALES-59 to SALES-63; implied endpoints, the
// spec names the documents through document 3's e-invoice types 02 and 04).

/** A credited line: the invoice line it credits, at that line's price, discount and tax rate. */
export const CreditNoteLine = DocumentLine.extend({
  invoiceLineId: z.string(),
  incomeAccountId: z.string().nullable(),
});
export type CreditNoteLine = z.infer<typeof CreditNoteLine>;

/** Credit applied to an invoice: the credit note's own on creation, another invoice of the customer later. */
export const CreditAllocation = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  amount: money(),
  allocationDate: isoDate(),
  createdAt: isoDateTime(),
});
export type CreditAllocation = z.infer<typeof CreditAllocation>;

/** A refund paid out of the credit note (the whole record: `GET /refunds/{refundId}`). */
export const CreditNoteRefund = z.object({ id: z.string(), refundNumber: z.string(), amount: money(), refundDate: isoDate() });
export type CreditNoteRefund = z.infer<typeof CreditNoteRefund>;

/** `open` while credit remains; when none is left, `refunded` if any of it was paid out, else `applied`. */
export const CreditNoteStatus = z.enum(['open', 'applied', 'refunded']);
export type CreditNoteStatus = z.infer<typeof CreditNoteStatus>;

export const CreditNote = z.object({
  id: z.string(),
  creditNoteNumber: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  customerId: z.string(),
  customer: CustomerRef,
  creditNoteDate: isoDate(),
  status: CreditNoteStatus,
  reason: z.string(),
  notes: z.string().nullable(),
  /** Whether the credited goods came back into stock. */
  returnToStock: z.boolean(),
  /** The invoice's currency and rate. */
  currency: z.string().length(3),
  exchangeRate: z.number(),
  items: z.array(CreditNoteLine),
  ...documentAmounts,
  /** `total` in the company's currency, as credited to accounts receivable. */
  baseTotal: money(),
  amountApplied: money(),
  amountRefunded: money(),
  /** Customer credit left to apply or refund: total - amountApplied - amountRefunded. */
  remainingCredit: money(),
  /** `remainingCredit` in the company's currency. */
  baseRemainingCredit: money(),
  allocations: z.array(CreditAllocation),
  refunds: z.array(CreditNoteRefund),
  journalEntryId: z.string(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type CreditNote = z.infer<typeof CreditNote>;

export const CreditNoteCreateParams = z.object({
  /** Why the invoice is credited (a return, a price correction), searched by the list; 1 to 500 characters. */
  reason: text(500).trim().min(1),
  /** Default today. */
  creditNoteDate: isoDate().optional(),
  /** The invoice lines and quantities to credit; omitted: everything not yet credited, shipping included. */
  items: z
    .array(z.object({ invoiceLineId: z.string().min(1), quantity: quantity() }))
    .max(200)
    .optional(),
  /** Shipping to credit; default what is left of it when `items` is omitted, else 0. */
  shippingCost: nonNegativeMoney().optional(),
  /** Free-text notes; at most 5000 characters. */
  notes: text(5000).nullable().optional(),
  /** Default true: the credited goods of tracked items come back into stock at the cost they left with. */
  returnToStock: z.boolean().optional(),
});
export type CreditNoteCreateParams = z.input<typeof CreditNoteCreateParams>;

export const CreditAllocationCreateParams = z.object({
  /** An open invoice of the same customer, currency and exchange rate. */
  invoiceId: z.string().min(1),
  /** Credit to apply, in the credit note's currency: above zero, at most its remaining credit and the invoice's `amountDue`. */
  amount: money().pipe(z.number().positive()),
  /** Default today. */
  allocationDate: isoDate().optional(),
});
export type CreditAllocationCreateParams = z.input<typeof CreditAllocationCreateParams>;

export const Refund = z.object({
  id: z.string(),
  refundNumber: z.string(),
  creditNoteId: z.string(),
  creditNoteNumber: z.string(),
  customerId: z.string(),
  amount: money(),
  currency: z.string().length(3),
  /** `amount` in the company's currency, as paid out of the bank at the credit note's rate. */
  baseAmount: money(),
  refundDate: isoDate(),
  paymentMethod: PaymentMethod,
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  /** The bank or cash account credited. */
  accountId: z.string(),
  journalEntryId: z.string(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
});
export type Refund = z.infer<typeof Refund>;

/** As a payment takes it, dated `refundDate` (default today; not after today). */
// A refund pays back credit at the credit note's own rate, so it takes no rate of its own.
export const RefundCreateParams = PaymentCreateParams.omit({ paymentDate: true, exchangeRate: true }).extend({
  // The payment's own schema, listed again only to carry the refund's doc.
  /** Amount paid back, in the credit note's currency: above zero, two decimals, at most its `remainingCredit`. */
  amount: PaymentCreateParams.shape.amount,
  /** `YYYY-MM-DD`, default today: on or after the credit note's date, not after today. */
  refundDate: isoDate().optional(),
});
export type RefundCreateParams = z.input<typeof RefundCreateParams>;

export const CreditNoteListParams = z.object({
  customerId: z.string().optional(),
  invoiceId: z.string().optional(),
  status: CreditNoteStatus.optional(),
  creditNoteDateFrom: isoDate().optional(),
  creditNoteDateTo: isoDate().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

export const RefundListParams = z.object({
  customerId: z.string().optional(),
  creditNoteId: z.string().optional(),
  refundDateFrom: isoDate().optional(),
  refundDateTo: isoDate().optional(),
  ...sortQuery,
  ...cursorPageQuery,
});

const InvoiceIdParams = z.object({ invoiceId: z.string() });
const CreditNoteIdParams = z.object({ creditNoteId: z.string() });

export const invoiceCreditNotesCreate = endpoint({
  id: 'creditNotes.create',
  method: 'POST',
  path: '/invoices/{invoiceId}/credit-notes',
  scope: 'write:invoices',
  status: 201,
  source: 'implied',
  summary: 'Credit a sent or paid invoice, whole or by lines; the credit settles what it has due, the rest stays as customer credit',
  description:
    'Credits a sent, overdue or paid invoice (`CN-000001`): `items` names invoice lines and quantities ' +
    "(omitted: everything not yet credited, shipping included), at the invoice's prices, currency and " +
    'rate. Posts debit income and tax payable, credit receivables; the credit settles what the invoice ' +
    "has due, and the rest is the customer's credit (`remainingCredit`, the customer's `creditBalance`). " +
    'Crediting more than was invoiced less earlier credit notes rejects with `BusinessRuleError`.',
  example: `const creditNote = await acs.creditNotes.create(invoice.id, {
  reason: 'Two chairs returned damaged',
  items: [{ invoiceLineId: invoice.items[0].id, quantity: 2 }],
});`,
  exampleCall: { params: { invoiceId: { fixture: 'sentInvoice' } }, body: { reason: 'Every endpoint' } },
  params: InvoiceIdParams,
  body: CreditNoteCreateParams,
  response: CreditNote,
});

export const creditNotesList = endpoint({
  id: 'creditNotes.list',
  method: 'GET',
  path: '/credit-notes',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'List credit notes',
  description: 'Lists credit notes, newest first; filter by `customerId`, `invoiceId`, `status` (`open` has credit ' + 'left) and dates.',
  exampleCall: { query: { status: 'open' } },
  query: CreditNoteListParams,
  response: CreditNote,
  list: {
    ...documentList,
    defaultSort: 'creditNoteDate:desc,creditNoteNumber:desc',
    filters: { creditNoteNumber: 'string', creditNoteDate: 'date', total: 'number', remainingCredit: 'number', createdAt: 'datetime' },
    search: ['creditNoteNumber', 'invoiceNumber', 'reason', 'customer.name'],
    sort: ['creditNoteDate', 'creditNoteNumber', 'total', 'remainingCredit', 'createdAt'],
    index: {
      customerId: 'string',
      invoiceId: 'string',
      status: 'string',
      creditNoteDateFrom: ['creditNoteDate', 'gte'],
      creditNoteDateTo: ['creditNoteDate', 'lte'],
    },
  },
});

export const creditNotesRetrieve = endpoint({
  id: 'creditNotes.retrieve',
  method: 'GET',
  path: '/credit-notes/{creditNoteId}',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'Get one credit note',
  description: 'One credit note, with its allocations and refunds.',
  exampleCall: { params: { creditNoteId: { fixture: 'creditOf' } } },
  params: CreditNoteIdParams,
  response: CreditNote,
});

export const creditNoteAllocationsCreate = endpoint({
  id: 'creditNotes.allocations.create',
  method: 'POST',
  path: '/credit-notes/{creditNoteId}/allocations',
  scope: 'write:invoices',
  status: 201,
  source: 'implied',
  summary: "Apply a credit note's remaining credit to another open invoice of the customer",
  description:
    'Applies remaining credit to another open invoice of the same customer, currency and exchange rate: ' +
    "`amount` at most the credit note's `remainingCredit` and the invoice's `amountDue` (else a " +
    "`ValidationError`). The invoice's `amountCredited` rises and its `amountDue` falls. Resolves to the " +
    'credit note, the new allocation last in `allocations`.',
  example: 'await acs.creditNotes.allocations.create(creditNote.id, { invoiceId: nextInvoice.id, amount: 120 });',
  params: CreditNoteIdParams,
  body: CreditAllocationCreateParams,
  response: CreditNote,
});

export const creditNoteRefundsCreate = endpoint({
  id: 'creditNotes.refunds.create',
  method: 'POST',
  path: '/credit-notes/{creditNoteId}/refunds',
  scope: 'write:invoices',
  status: 201,
  source: 'implied',
  summary: "Pay out a credit note's remaining credit to the customer",
  description:
    'Pays remaining credit back to the customer: posts debit accounts receivable, credit the bank or cash ' +
    'account (`accountId`, default the seeded one for `paymentMethod`). `refundDate` defaults to today ' +
    'and may not be after it. Resolves to the refund (`RF-000001`).',
  example:
    "const refund = await acs.creditNotes.refunds.create(creditNote.id, { amount: creditNote.remainingCredit, reference: 'IBG 20991' });",
  exampleCall: { params: { creditNoteId: { fixture: 'creditOf' } }, body: { amount: 10 } },
  params: CreditNoteIdParams,
  body: RefundCreateParams,
  response: Refund,
});

export const refundsList = endpoint({
  id: 'refunds.list',
  method: 'GET',
  path: '/refunds',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'List refunds',
  description: 'Lists refunds, newest first; filter by `customerId`, `creditNoteId` and dates.',
  exampleCall: { query: { refundDateTo: '2099-12-31' } },
  query: RefundListParams,
  response: Refund,
  list: {
    ...documentList,
    defaultSort: 'refundDate:desc,refundNumber:desc',
    filters: { refundDate: 'date', amount: 'number', createdAt: 'datetime' },
    sort: ['refundDate', 'refundNumber', 'amount', 'createdAt'],
    index: { customerId: 'string', creditNoteId: 'string', refundDateFrom: ['refundDate', 'gte'], refundDateTo: ['refundDate', 'lte'] },
  },
});

export const refundsRetrieve = endpoint({
  id: 'refunds.retrieve',
  method: 'GET',
  path: '/refunds/{refundId}',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'Get one refund',
  description: 'One refund.',
  exampleCall: { params: { refundId: { fixture: 'creditRefund' } } },
  params: z.object({ refundId: z.string() }),
  response: Refund,
});
