import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, UnprocessableEntityError, type Customer, type DocumentLineCreate, type Quote } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

// SALES-46, SALES-47: a quote accepted in time converts after validUntil (as in Xero and
// QuickBooks Online); a quote can be declined (implied POST /quotes/{quoteId}/decline).
const { mock, acs } = sandbox();

let serial = 0;
const newCustomer = (): Promise<Customer> =>
  acs.customers.create({ name: `Decliner ${++serial} Sdn Bhd`, email: `buyer${serial}@decliner.my` });

/** 5 shelves at 120.00, SST10: total 660.00. */
const LINES: DocumentLineCreate[] = [{ description: 'Steel shelf', quantity: 5, unitPrice: 120, taxCode: 'SST10' }];

async function sentQuote(customer?: Customer, validUntil?: string): Promise<Quote> {
  const quote = await acs.quotes.create({ customerId: (customer ?? (await newCustomer())).id, validUntil, items: LINES });
  return acs.quotes.send(quote.id);
}

beforeEach(() => {
  mock.reset();
});

describe('a quote accepted in time', () => {
  it('a quote accepted before validUntil can still be converted after it', async () => {
    const quote = await sentQuote(undefined, mock.today());
    await acs.quotes.accept(quote.id);
    mock.clock.advance({ days: 10 });
    expect((await acs.quotes.retrieve(quote.id)).status).toBe('accepted');
    const order = await acs.quotes.convertToOrder(quote.id);
    expect(order).toMatchObject({ quoteId: quote.id, status: 'draft', total: 660 });
    expect(await acs.quotes.retrieve(quote.id)).toMatchObject({ status: 'converted', salesOrderId: order.id });
  });

  it('a quote that expired unaccepted is still QUOTE_CONVERSION_FAILED, and can no longer be accepted', async () => {
    const quote = await sentQuote(undefined, mock.today());
    mock.clock.advance({ days: 1 });
    expect(await failureOf(acs.quotes.convertToOrder(quote.id))).toMatchObject({ status: 422, code: 'QUOTE_CONVERSION_FAILED' });
    expect(await failureOf(acs.quotes.accept(quote.id))).toMatchObject({ message: 'an expired quote cannot be accepted' });
  });
});

describe('quotes.decline', () => {
  it('declines a sent quote with a reason: status declined, when and why', async () => {
    const quote = await sentQuote();
    const declined = await acs.quotes.decline(quote.id, { reason: 'Went with a local supplier' });
    expect(declined).toMatchObject({
      id: quote.id,
      status: 'declined',
      declinedAt: expect.any(String),
      declineReason: 'Went with a local supplier',
      salesOrderId: null,
    });
    expect(await acs.quotes.retrieve(quote.id)).toEqual(declined);
  });

  it('declines a draft without a body', async () => {
    const draft = await acs.quotes.create({ customerId: (await newCustomer()).id, items: LINES });
    expect(await acs.quotes.decline(draft.id)).toMatchObject({ status: 'declined', declineReason: null });
  });

  it('an expired quote can be declined, and then reads as declined, not expired', async () => {
    const quote = await sentQuote(undefined, mock.today());
    mock.clock.advance({ days: 3 });
    expect((await acs.quotes.retrieve(quote.id)).status).toBe('expired');
    expect((await acs.quotes.decline(quote.id, { reason: 'No reply' })).status).toBe('declined');
    mock.clock.advance({ days: 30 });
    expect((await acs.quotes.retrieve(quote.id)).status).toBe('declined');
  });

  it('a declined quote can no longer be sent, accepted or converted', async () => {
    const quote = await sentQuote();
    const declined = await acs.quotes.decline(quote.id);
    for (const [call, message] of [
      [acs.quotes.send(quote.id), 'only a draft or sent quote can be sent'],
      [acs.quotes.accept(quote.id), 'a declined quote cannot be accepted'],
      [acs.quotes.convertToOrder(quote.id), 'a declined quote cannot be converted'],
      [acs.quotes.decline(quote.id), 'the quote is already declined'],
    ] as const) {
      const refused = await failureOf(call);
      expect(refused).toBeInstanceOf(BusinessRuleError);
      expect(refused).toMatchObject({
        status: 422,
        code: 'BUSINESS_RULE_VIOLATION',
        message,
        details: [expect.objectContaining({ status: 'declined' })],
      });
    }
    expect(await acs.quotes.retrieve(quote.id)).toEqual(declined);
  });

  it('an accepted or converted quote cannot be declined', async () => {
    const accepted = await sentQuote();
    await acs.quotes.accept(accepted.id);
    const refused = await failureOf(acs.quotes.decline(accepted.id, { reason: 'Changed our mind' }));
    expect(refused).toBeInstanceOf(BusinessRuleError);
    expect(refused).toMatchObject({
      message: 'an accepted quote cannot be declined',
      details: [expect.objectContaining({ status: 'accepted', allowedStatuses: ['draft', 'sent', 'expired'] })],
    });
    expect((await acs.quotes.retrieve(accepted.id)).status).toBe('accepted');

    await acs.quotes.convertToOrder(accepted.id);
    expect(await failureOf(acs.quotes.decline(accepted.id))).toMatchObject({ message: 'a converted quote cannot be declined' });
  });

  it('an over-long reason is a validation error and changes nothing', async () => {
    const quote = await sentQuote();
    const refused = await failureOf(acs.quotes.decline(quote.id, { reason: 'x'.repeat(501) }));
    expect(refused).toBeInstanceOf(UnprocessableEntityError);
    expect(refused).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'reason' })] });
    expect((await acs.quotes.retrieve(quote.id)).status).toBe('sent');
  });

  it('the status filter finds declined quotes, and they leave the expired ones', async () => {
    const customer = await newCustomer();
    const declined = await sentQuote(customer, mock.today());
    const expired = await sentQuote(customer, mock.today());
    await acs.quotes.decline(declined.id);
    mock.clock.advance({ days: 1 });
    const ids = async (status: Quote['status']) => (await acs.quotes.list({ customerId: customer.id, status }).toArray()).map((q) => q.id);
    expect(await ids('declined')).toEqual([declined.id]);
    expect(await ids('expired')).toEqual([expired.id]);
  });

  it('the sales funnel counts a declined quote that was sent as a quote that did not convert; a draft declined unsent not at all', async () => {
    const customer = await newCustomer();
    await acs.quotes.decline((await sentQuote(customer)).id, { reason: 'Too dear' });
    await acs.quotes.decline((await acs.quotes.create({ customerId: customer.id, items: LINES })).id);
    const won = await sentQuote(customer);
    await acs.quotes.accept(won.id);
    await acs.salesOrders.updateStatus((await acs.quotes.convertToOrder(won.id)).id, { status: 'confirmed' });

    const funnel = await acs.analytics.salesFunnel({ customerId: customer.id });
    expect(funnel.stages.map((s) => [s.stage, s.count, s.value, s.conversionRate])).toEqual([
      ['quote', 2, 1320, null],
      ['order', 1, 660, 50],
      ['invoice', 0, 0, 0],
      ['paid', 0, 0, null],
    ]);
  });
});
