import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, rate, searchQuery, sortQuery } from '../common.js';
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
} from './document-lines.js';
import { SalesOrder } from './sales-orders.js';

// Spec document 2, "Quote".

/** `expired` is read from the clock: a draft or sent quote whose `validUntil` has passed. */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'expired', 'converted', 'declined'] as const;
export const QuoteStatus = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatus>;

export const Quote = z.object({
  id: z.string(),
  quoteNumber: z.string(),
  customerId: z.string(),
  customer: CustomerRef,
  quoteDate: isoDate(),
  validUntil: isoDate(),
  status: QuoteStatus,
  currency: z.string().length(3),
  exchangeRate: z.number(),
  reference: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  items: z.array(DocumentLine),
  subtotal: money(),
  totalDiscount: money(),
  totalTax: money(),
  total: money(),
  sentAt: isoDateTime().nullable(),
  acceptedAt: isoDateTime().nullable(),
  acceptedBy: z.string().nullable(),
  convertedToOrderAt: isoDateTime().nullable(),
  salesOrderId: z.string().nullable(),
  declinedAt: isoDateTime().nullable(),
  declineReason: z.string().nullable(),
  attachments: z.array(Attachment),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Quote = z.infer<typeof Quote>;

export const QuoteCreateParams = z
  .object({
    /** The customer quoted: an existing customer that is not `blocked`. */
    customerId: z.string().min(1),
    /** Default today. */
    quoteDate: isoDate().optional(),
    /** Default 30 days after quoteDate. */
    validUntil: isoDate().optional(),
    /** A heading, in the default subject of the quote's email and searched by the list; at most 200 characters. */
    title: text(200).nullable().optional(),
    /** Free text about the offer, copied to the sales order's `notes` on converting; at most 5000 characters. */
    description: text(5000).nullable().optional(),
    /** Your reference, searched by the list; converting copies it (else the quote number) to the order; at most 100. */
    reference: text(100).nullable().optional(),
    /** Terms and conditions text, copied to the sales order on converting; at most 5000 characters. */
    terms: text(5000).nullable().optional(),
    /** ISO 4217 code; default the customer's currency. */
    currency: currencyCode().optional(),
    /** Units of the company's currency per unit of `currency`: 1 in the company's own, required in another. */
    exchangeRate: rate().optional(),
    /** The quote's lines, 1 to 200. */
    items: z.array(DocumentLineCreate).min(1).max(200),
  })
  .superRefine(dateOrder('quoteDate', 'validUntil'));
export type QuoteCreateParams = z.input<typeof QuoteCreateParams>;

export const QuoteSendParams = z.object(sendFields);
export type QuoteSendParams = z.input<typeof QuoteSendParams>;

export const QuoteDeclineParams = z.object({
  reason: text(500).optional(),
});
export type QuoteDeclineParams = z.input<typeof QuoteDeclineParams>;

export const QuoteListParams = z.object({
  customerId: z.string().optional(),
  status: QuoteStatus.optional(),
  quoteDateFrom: isoDate().optional(),
  quoteDateTo: isoDate().optional(),
  validUntilFrom: isoDate().optional(),
  validUntilTo: isoDate().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});

const QuoteIdParams = z.object({ quoteId: z.string() });

export const quotesList = endpoint({
  id: 'quotes.list',
  method: 'GET',
  path: '/quotes',
  scope: 'read:invoices',
  summary: 'List quotes',
  description:
    'Lists quotes, newest first, 50 per page by default (at most 100), cursor-paged. Filter by ' +
    '`customerId`, `status` (`expired` included), `quoteDateFrom`/`To`, `validUntilFrom`/`To`; `search` ' +
    'over quote number, title, reference and customer name.',
  exampleCall: { query: { status: 'sent' } },
  query: QuoteListParams,
  response: Quote,
  list: {
    ...documentList,
    defaultSort: 'quoteDate:desc,quoteNumber:desc',
    filters: { quoteNumber: 'string', quoteDate: 'date', validUntil: 'date', total: 'number', createdAt: 'datetime' },
    search: ['quoteNumber', 'title', 'reference', 'customer.name'],
    sort: ['quoteDate', 'validUntil', 'quoteNumber', 'total', 'createdAt'],
    // `status` reads the table's derived status, so `expired` comes from the clock here too.
    index: {
      customerId: 'string',
      status: 'string',
      quoteDateFrom: ['quoteDate', 'gte'],
      quoteDateTo: ['quoteDate', 'lte'],
      validUntilFrom: ['validUntil', 'gte'],
      validUntilTo: ['validUntil', 'lte'],
    },
  },
});

export const quotesCreate = endpoint({
  id: 'quotes.create',
  method: 'POST',
  path: '/quotes',
  scope: 'write:invoices',
  status: 201,
  summary: 'Create a quote as a draft',
  description: 'Creates a draft quote; lines as for invoices. `validUntil` defaults to 30 days after `quoteDate`.',
  example:
    "const quote = await acs.quotes.create({ customerId: customer.id, title: 'Office chairs', items: [{ itemId: chair.id, quantity: 20 }] });",
  exampleCall: { body: { customerId: { fixture: 'buyer' }, items: { fixture: 'lines' } } },
  body: QuoteCreateParams,
  response: Quote,
});

export const quotesRetrieve = endpoint({
  id: 'quotes.retrieve',
  method: 'GET',
  path: '/quotes/{quoteId}',
  scope: 'read:invoices',
  source: 'implied',
  summary: 'Get one quote',
  description: "One quote; its `status` is `expired` when the service's clock is past `validUntil` and it was not " + 'answered.',
  exampleCall: { params: { quoteId: { fixture: 'sentQuote' } } },
  params: QuoteIdParams,
  response: Quote,
});

export const quotesSend = endpoint({
  id: 'quotes.send',
  method: 'POST',
  path: '/quotes/{quoteId}/send',
  scope: 'write:invoices',
  summary: 'Send a quote to the customer (the sandbox records the message in its outbox)',
  description:
    "Sends a draft quote (or sends a sent one again): status `sent`. `to` defaults to the customer's " +
    'email. The sandbox records the message in `mock.outbox`; nothing leaves the machine.',
  exampleCall: { params: { quoteId: { fixture: 'draftQuote' } } },
  params: QuoteIdParams,
  body: QuoteSendParams,
  response: Quote,
});

export const quotesAccept = endpoint({
  id: 'quotes.accept',
  method: 'POST',
  path: '/quotes/{quoteId}/accept',
  scope: 'write:invoices',
  summary: 'Record that the customer accepted a sent quote',
  description: "Records the customer's acceptance (`acceptedAt`, `acceptedBy`). Only a sent, unexpired quote can be " + 'accepted.',
  exampleCall: { params: { quoteId: { fixture: 'sentQuote' } } },
  params: QuoteIdParams,
  response: Quote,
});

export const quotesConvertToOrder = endpoint({
  id: 'quotes.convertToOrder',
  method: 'POST',
  path: '/quotes/{quoteId}/convert-to-order',
  scope: 'write:invoices',
  status: 201,
  summary: 'Turn a sent or accepted quote into a draft sales order, once (an accepted quote also after validUntil)',
  description:
    'Turns a sent or accepted quote into a draft sales order with the same lines, once. An expired quote ' +
    'rejects with 422 `QUOTE_CONVERSION_FAILED` (`details: [{ quoteId, validUntil, currentDate }]`); an ' +
    'accepted one never expires. Resolves to the new sales order.',
  exampleCall: { params: { quoteId: { fixture: 'sentQuote' } } },
  params: QuoteIdParams,
  response: SalesOrder,
});

export const quotesDecline = endpoint({
  id: 'quotes.decline',
  method: 'POST',
  path: '/quotes/{quoteId}/decline',
  scope: 'write:invoices',
  source: 'implied',
  summary: 'Record that the customer declined a draft, sent or expired quote',
  description:
    "Records the customer's no to a draft, sent or expired quote (implied): status `declined`, " +
    '`declinedAt`, `declineReason`. An accepted or converted quote rejects with `BusinessRuleError`.',
  example: "await acs.quotes.decline(quote.id, { reason: 'Went with a local supplier' });",
  exampleCall: { params: { quoteId: { fixture: 'sentQuote' } }, body: { reason: 'Over budget' } },
  params: QuoteIdParams,
  body: QuoteDeclineParams,
  response: Quote,
});
