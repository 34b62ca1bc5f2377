import type { Quote, QuoteStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { addDays, companyToday } from '../shared/calendar.js';
import { documentTotals, priceLines, type LineInput, presentLine } from './document-lines.js';
import { notFound, ServiceError } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import {
  checkDateOrder,
  customerForSale,
  customerRef,
  documentCurrency,
  recordDocumentMessage,
  type SendInput,
  type SendOptions,
  SALES_NUMBERS,
} from './sales-documents.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { stateMachine } from '../shared/transitions.js';
import { isExpired, quoteStatusOf, quotesTable, type QuoteRow, type SalesOrderRow } from './document-tables.js';

export { isExpired, quoteStatusOf } from './document-tables.js';
import { createSalesOrderFromLines } from './sales-orders.js';

/** How long a quote is valid when `validUntil` is not given. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;

/** A quote as `POST /quotes` takes it (spec document 2, "Quotes"). */
export interface QuoteInput {
  customerId: string;
  quoteDate?: string;
  validUntil?: string;
  title?: string | null;
  description?: string | null;
  reference?: string | null;
  terms?: string | null;
  currency?: string;
  exchangeRate?: number;
  items: readonly LineInput[];
}

/** Plain filters of `GET /quotes` (our choice: the spec shows none). */
export interface QuoteFilters {
  customerId?: string;
  status?: QuoteStatus;
  quoteDateFrom?: string;
  quoteDateTo?: string;
  validUntilFrom?: string;
  validUntilTo?: string;
}

/**
 * Quote moves (spec document 2 names `sent`, accepting and converting; the rest is ours): send from
 * draft or sent (a resend); accept from sent; convert from sent or accepted, once; decline (implied,
 * SALES-47) from draft, sent or expired. `expired` is not stored: a draft or sent quote past
 * `validUntil` by the clock is expired and can only be read or declined.
 */
export const QUOTE_MOVES = stateMachine<QuoteStatus, 'send' | 'accept' | 'convertToOrder' | 'decline'>({
  send: {
    from: ['draft', 'sent'],
    rule: 'only a draft or sent quote can be sent',
    refusals: { expired: 'an expired quote cannot be sent' },
  },
  accept: {
    from: ['sent'],
    rule: 'only a sent quote can be accepted',
    refusals: { expired: 'an expired quote cannot be accepted', declined: 'a declined quote cannot be accepted' },
  },
  convertToOrder: {
    from: ['sent', 'accepted'],
    rule: 'only a sent or accepted quote can be converted to an order',
    // An expired quote never gets here: convertQuoteToOrder refuses it first with QUOTE_CONVERSION_FAILED.
    refusals: { converted: 'a quote converts to an order once', declined: 'a declined quote cannot be converted' },
  },
  decline: {
    from: ['draft', 'sent', 'expired'],
    rule: 'a {status} quote cannot be declined',
    refusals: { accepted: 'an accepted quote cannot be declined', declined: 'the quote is already declined' },
  },
});

export function retrieveQuote(ctx: CompanyContext, quoteId: string): QuoteRow {
  const quote = quotesTable(ctx).get(quoteId);
  if (!quote) throw notFound('quote', quoteId, 'NOT_FOUND', 'quoteId');
  return quote;
}

/** Moves by the quote's status as the clock reads it, so an expired quote can only be read. */
const assertMove = (quote: QuoteRow, move: keyof typeof QUOTE_MOVES.moves, today: string): void =>
  QUOTE_MOVES.assert(move, quoteStatusOf(quote, today), {
    quoteId: quote.id,
    quoteNumber: quote.quoteNumber,
    validUntil: quote.validUntil,
    currentDate: today,
    salesOrderId: quote.salesOrderId,
  });

/** `POST /quotes`: a draft; `validUntil` defaults to 30 days after `quoteDate`. */
export function createQuote(ctx: ActingContext, input: QuoteInput): QuoteRow {
  return ctx.store.transaction(() => {
    const customer = customerForSale(ctx, input.customerId);
    const { currency, exchangeRate } = documentCurrency(ctx, customer, input);
    const quoteDate = input.quoteDate ?? companyToday(ctx);
    const validUntil = input.validUntil ?? addDays(quoteDate, DEFAULT_QUOTE_VALIDITY_DAYS);
    checkDateOrder('validUntil', validUntil, quoteDate, 'quoteDate');
    const items = priceLines(ctx, input.items);
    const { shippingCost: _none, ...totals } = documentTotals(items, 0, exchangeRate);
    const table = quotesTable(ctx);
    const now = ctx.clock.iso();
    return table.insert({
      id: table.newId(),
      quoteNumber: nextDocumentNumber(ctx, SALES_NUMBERS.quote),
      customerId: customer.id,
      customer: customerRef(customer),
      quoteDate,
      validUntil,
      status: 'draft',
      currency,
      exchangeRate,
      reference: input.reference ?? null,
      title: input.title ?? null,
      description: input.description ?? null,
      terms: input.terms ?? null,
      items,
      ...totals,
      sentAt: null,
      acceptedAt: null,
      acceptedBy: null,
      convertedToOrderAt: null,
      salesOrderId: null,
      declinedAt: null,
      declineReason: null,
      createdBy: actorOf(ctx),
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** `POST /quotes/{id}/send`: status `sent` and a message in the outbox (to: default the customer's email). */
export function sendQuote(ctx: ActingContext, quoteId: string, input: SendInput = {}, options: SendOptions = {}): QuoteRow {
  return ctx.store.transaction(() => {
    const quote = retrieveQuote(ctx, quoteId);
    assertMove(quote, 'send', companyToday(ctx));
    const now = ctx.clock.iso();
    const sent = quotesTable(ctx).update(quote.id, { status: 'sent', sentAt: now, updatedAt: now });
    if (options.recordMessage === false) return sent;
    recordDocumentMessage(ctx, { kind: 'quote', id: quote.id, number: quote.quoteNumber, customerEmail: quote.customer.email }, input, {
      subject: `Quote ${quote.quoteNumber}${quote.title ? `: ${quote.title}` : ''}`,
      message: `Dear ${quote.customer.name}, please find quote ${quote.quoteNumber} for ${quote.currency} ${money.toFixed(quote.total)}, valid until ${quote.validUntil}.`,
    });
    return sent;
  });
}

/** `POST /quotes/{id}/accept`: sets `acceptedAt` and `acceptedBy` (the caller's actor). */
export function acceptQuote(ctx: ActingContext, quoteId: string): QuoteRow {
  return ctx.store.transaction(() => {
    const quote = retrieveQuote(ctx, quoteId);
    assertMove(quote, 'accept', companyToday(ctx));
    const now = ctx.clock.iso();
    return quotesTable(ctx).update(quote.id, { status: 'accepted', acceptedAt: now, acceptedBy: actorOf(ctx), updatedAt: now });
  });
}

/**
 * `POST /quotes/{id}/decline` (implied; SALES-47): the customer's no, with an optional reason. A draft,
 * sent or expired quote can be declined; an accepted, converted or declined one cannot.
 */
export function declineQuote(ctx: ActingContext, quoteId: string, input: { reason?: string } = {}): QuoteRow {
  return ctx.store.transaction(() => {
    const quote = retrieveQuote(ctx, quoteId);
    assertMove(quote, 'decline', companyToday(ctx));
    const now = ctx.clock.iso();
    return quotesTable(ctx).update(quote.id, {
      status: 'declined',
      declinedAt: now,
      declineReason: input.reason?.trim() || null,
      updatedAt: now,
    });
  });
}

/**
 * `POST /quotes/{id}/convert-to-order`: a draft sales order with the quote's lines and prices; the
 * quote records `salesOrderId` and `convertedToOrderAt`. A quote that expired unanswered is 422
 * QUOTE_CONVERSION_FAILED (spec document 2); one accepted in time converts after `validUntil` too;
 * a second conversion, or a declined quote, is refused.
 */
export function convertQuoteToOrder(ctx: ActingContext, quoteId: string): { quote: QuoteRow; order: SalesOrderRow } {
  return ctx.store.transaction(() => {
    const quote = retrieveQuote(ctx, quoteId);
    const today = companyToday(ctx);
    if (isExpired(quote, today)) {
      throw new ServiceError(
        'QUOTE_CONVERSION_FAILED',
        `Quote ${quote.quoteNumber} expired on ${quote.validUntil} and cannot be converted`,
        [{ quoteId: quote.id, validUntil: quote.validUntil, currentDate: today }],
      );
    }
    assertMove(quote, 'convertToOrder', today);
    const order = createSalesOrderFromLines(
      ctx,
      quote.customerId,
      {
        currency: quote.currency,
        exchangeRate: quote.exchangeRate,
        reference: quote.reference ?? quote.quoteNumber,
        notes: quote.description,
        terms: quote.terms,
      },
      quote.items,
      quote.id,
    );
    const now = ctx.clock.iso();
    const converted = quotesTable(ctx).update(quote.id, {
      status: 'converted',
      salesOrderId: order.id,
      convertedToOrderAt: now,
      updatedAt: now,
    });
    return { quote: converted, order };
  });
}

export function quoteMatches(ctx: CompanyContext, filters: QuoteFilters): (row: QuoteRow) => boolean {
  const today = companyToday(ctx);
  return (row) =>
    (filters.customerId === undefined || row.customerId === filters.customerId) &&
    (filters.status === undefined || quoteStatusOf(row, today) === filters.status) &&
    (filters.quoteDateFrom === undefined || row.quoteDate >= filters.quoteDateFrom) &&
    (filters.quoteDateTo === undefined || row.quoteDate <= filters.quoteDateTo) &&
    (filters.validUntilFrom === undefined || row.validUntil >= filters.validUntilFrom) &&
    (filters.validUntilTo === undefined || row.validUntil <= filters.validUntilTo);
}

/** The wire shape; `status` is `expired` when the clock says so. */
export function presentQuote(ctx: CompanyContext, row: QuoteRow): Quote {
  return {
    id: row.id,
    quoteNumber: row.quoteNumber,
    customerId: row.customerId,
    customer: { ...row.customer },
    quoteDate: row.quoteDate,
    validUntil: row.validUntil,
    status: quoteStatusOf(row, companyToday(ctx)),
    currency: row.currency,
    exchangeRate: row.exchangeRate,
    reference: row.reference,
    title: row.title,
    description: row.description,
    terms: row.terms,
    items: row.items.map(presentLine),
    subtotal: row.subtotal,
    totalDiscount: row.totalDiscount,
    totalTax: row.totalTax,
    total: row.total,
    sentAt: row.sentAt,
    acceptedAt: row.acceptedAt,
    acceptedBy: row.acceptedBy,
    convertedToOrderAt: row.convertedToOrderAt,
    salesOrderId: row.salesOrderId,
    declinedAt: row.declinedAt,
    declineReason: row.declineReason,
    attachments: [],
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
