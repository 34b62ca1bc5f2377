import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../../mock-server/domain/shared/outbox.js';
import {
  acceptQuote,
  convertQuoteToOrder,
  createQuote,
  presentQuote,
  quoteMatches,
  quotesTable,
  retrieveQuote,
  retrieveSalesOrder,
  sendQuote,
} from '../../../mock-server/domain/sales/index.js';
import { refusal } from '../support/domain.js';
import { salesWorld, type SalesWorld } from '../support/sales.js';

/** A quote of 5 x 120.00 at SST10 (total 660.00) dated today (2026-11-20). */
let buyers = 0;
function newQuote(w: SalesWorld, extra: Record<string, unknown> = {}) {
  return createQuote(w.ctx, {
    customerId: w.customer({ email: `purchasing${++buyers}@example.my` }).id,
    title: 'Shelving for the warehouse',
    items: [{ description: 'Steel shelf', quantity: 5, unitPrice: 120, taxCode: 'SST10' }],
    ...extra,
  });
}

const statusOf = (w: SalesWorld, id: string) => presentQuote(w.ctx, retrieveQuote(w.ctx, id)).status;

describe('quotes', () => {
  it('a new quote is a draft valid for 30 days, with its totals', () => {
    const w = salesWorld();
    const quote = newQuote(w);
    expect(quote).toMatchObject({
      status: 'draft',
      quoteDate: '2026-11-20',
      validUntil: '2026-12-20',
      subtotal: 600,
      totalTax: 60,
      total: 660,
      salesOrderId: null,
      acceptedAt: null,
    });
    expect(quote.quoteNumber).toMatch(/^QT-\d{6}$/);
  });

  it('sending makes it sent and puts the message in the outbox, to the customer by default', () => {
    const w = salesWorld();
    const quote = newQuote(w);
    const sent = sendQuote(w.ctx, quote.id, { message: 'As discussed' });
    expect(sent).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    expect(readOutbox(w.store).filter((m) => m.documentId === quote.id)).toEqual([
      expect.objectContaining({
        kind: 'quote',
        to: [`purchasing${buyers}@example.my`],
        cc: [],
        subject: `Quote ${quote.quoteNumber}: Shelving for the warehouse`,
        message: 'As discussed',
        attachPDF: true,
      }),
    ]);
  });

  it('accepting a sent quote records when and by whom; a draft cannot be accepted', () => {
    const w = salesWorld();
    const quote = newQuote(w);
    expect(refusal(() => acceptQuote(w.ctx, quote.id))).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'only a sent quote can be accepted',
    });
    sendQuote(w.ctx, quote.id);
    expect(acceptQuote(w.ctx, quote.id)).toMatchObject({ status: 'accepted', acceptedAt: expect.any(String), acceptedBy: 'usr_aisyah' });
  });

  it('converting makes a draft order with the same lines, once', () => {
    const w = salesWorld();
    const quote = newQuote(w);
    sendQuote(w.ctx, quote.id);
    acceptQuote(w.ctx, quote.id);
    const { quote: converted, order } = convertQuoteToOrder(w.ctx, quote.id);
    expect(converted).toMatchObject({ status: 'converted', salesOrderId: order.id, convertedToOrderAt: expect.any(String) });
    expect(retrieveSalesOrder(w.ctx, order.id)).toMatchObject({
      status: 'draft',
      quoteId: quote.id,
      customerId: quote.customerId,
      total: 660,
      subtotal: 600,
    });
    expect(order.items.map((l) => [l.description, l.quantity, l.unitPrice, l.taxCode])).toEqual([['Steel shelf', 5, 120, 'SST10']]);
    expect(order.items[0].id).not.toBe(quote.items[0].id);

    const again = refusal(() => convertQuoteToOrder(w.ctx, quote.id));
    expect(again).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION', message: 'a quote converts to an order once' });
    expect(again.details[0]).toMatchObject({ salesOrderId: order.id });
  });

  it('a draft quote cannot be converted', () => {
    const w = salesWorld();
    expect(refusal(() => convertQuoteToOrder(w.ctx, newQuote(w).id)).message).toBe(
      'only a sent or accepted quote can be converted to an order',
    );
  });

  it('past validUntil by the clock a sent quote is expired: converting it is 422 QUOTE_CONVERSION_FAILED and writes nothing', () => {
    const w = salesWorld();
    const quote = newQuote(w, { validUntil: '2026-11-25' });
    sendQuote(w.ctx, quote.id);
    w.clock.advance({ days: 5 });
    expect(statusOf(w, quote.id)).toBe('sent');
    w.clock.advance({ days: 1 });
    expect(statusOf(w, quote.id)).toBe('expired');

    const orders = w.store.table(w.ctx.companyId, 'salesOrders').size;
    const error = refusal(() => convertQuoteToOrder(w.ctx, quote.id));
    expect(error).toMatchObject({ status: 422, code: 'QUOTE_CONVERSION_FAILED' });
    expect(error.details).toEqual([{ quoteId: quote.id, validUntil: '2026-11-25', currentDate: '2026-11-26' }]);
    expect(w.store.table(w.ctx.companyId, 'salesOrders').size).toBe(orders);
    expect(retrieveQuote(w.ctx, quote.id).status).toBe('sent');

    expect(refusal(() => acceptQuote(w.ctx, quote.id)).message).toBe('an expired quote cannot be accepted');
    expect(refusal(() => sendQuote(w.ctx, quote.id)).message).toBe('an expired quote cannot be sent');
  });

  it('a quote accepted before validUntil stays accepted after it and still converts (SALES-46)', () => {
    const w = salesWorld();
    const quote = newQuote(w, { validUntil: '2026-11-21' });
    sendQuote(w.ctx, quote.id);
    acceptQuote(w.ctx, quote.id);
    w.clock.advance({ days: 10 });
    expect(statusOf(w, quote.id)).toBe('accepted');
    const { order } = convertQuoteToOrder(w.ctx, quote.id);
    expect(quotesTable(w.ctx).get(quote.id)).toMatchObject({ status: 'converted', salesOrderId: order.id });
  });

  it('the status filter reads expired from the clock', () => {
    const w = salesWorld();
    const soon = newQuote(w, { validUntil: '2026-11-21' });
    const later = newQuote(w);
    sendQuote(w.ctx, soon.id);
    sendQuote(w.ctx, later.id);
    w.clock.advance({ days: 2 });
    const mine = new Set([soon.id, later.id]);
    const ids = (status: 'sent' | 'expired') =>
      quotesTable(w.ctx)
        .all()
        .filter((row) => mine.has(row.id) && quoteMatches(w.ctx, { status })(row))
        .map((row) => row.id);
    expect(ids('expired')).toEqual([soon.id]);
    expect(ids('sent')).toEqual([later.id]);
  });
});
