import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, UnprocessableEntityError, type Customer, type DocumentLineCreate } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

let serial = 0;
const newCustomer = (): Promise<Customer> =>
  acs.customers.create({ name: `Prospect ${++serial} Sdn Bhd`, email: `buyer${serial}@prospect.my` });

/** 5 shelves at 120.00, SST10: total 660.00. */
const LINES: DocumentLineCreate[] = [{ description: 'Steel shelf', quantity: 5, unitPrice: 120, taxCode: 'SST10' }];

beforeEach(() => {
  mock.reset();
});

describe('quotes', () => {
  it('create (201) a draft valid for 30 days, then retrieve it', async () => {
    const customer = await newCustomer();
    const { data: quote, response } = await acs.quotes
      .create({ customerId: customer.id, title: 'Warehouse shelving', items: LINES })
      .withResponse();
    expect(response.status).toBe(201);
    const today = mock.today();
    expect(quote).toMatchObject({ status: 'draft', quoteDate: today, total: 660, salesOrderId: null, acceptedBy: null });
    expect(Date.parse(quote.validUntil) - Date.parse(today)).toBe(30 * 86_400_000);
    expect(await acs.quotes.retrieve(quote.id)).toEqual(quote);
  });

  it('send (to the outbox), accept, convert to a draft order (201), once', async () => {
    const customer = await newCustomer();
    const quote = await acs.quotes.create({ customerId: customer.id, title: 'Warehouse shelving', items: LINES });
    const sent = await acs.quotes.send(quote.id, { cc: ['boss@prospect.my'], attachPDF: false });
    expect(sent.status).toBe('sent');
    expect(mock.outbox.filter((m) => m.documentId === quote.id)).toEqual([
      expect.objectContaining({
        kind: 'quote',
        to: [customer.email],
        cc: ['boss@prospect.my'],
        attachPDF: false,
        subject: `Quote ${quote.quoteNumber}: Warehouse shelving`,
      }),
    ]);

    const accepted = await acs.quotes.accept(quote.id);
    expect(accepted).toMatchObject({ status: 'accepted', acceptedAt: expect.any(String), acceptedBy: expect.any(String) });

    const { data: order, response } = await acs.quotes.convertToOrder(quote.id).withResponse();
    expect(response.status).toBe(201);
    expect(order).toMatchObject({ status: 'draft', quoteId: quote.id, customerId: customer.id, total: 660 });
    expect(await acs.quotes.retrieve(quote.id)).toMatchObject({
      status: 'converted',
      salesOrderId: order.id,
      convertedToOrderAt: expect.any(String),
    });
    const again = await failureOf(acs.quotes.convertToOrder(quote.id));
    expect(again).toBeInstanceOf(BusinessRuleError);
    expect(again).toMatchObject({ message: 'a quote converts to an order once' });
  });

  it('past validUntil by the mock clock a quote is expired; converting it is 422 QUOTE_CONVERSION_FAILED and creates no order', async () => {
    const customer = await newCustomer();
    const validUntil = mock.today();
    const quote = await acs.quotes.create({ customerId: customer.id, validUntil, items: LINES });
    await acs.quotes.send(quote.id);
    mock.clock.advance({ days: 1 });
    const orders = (await acs.salesOrders.list({ customerId: customer.id })).total;

    expect((await acs.quotes.retrieve(quote.id)).status).toBe('expired');
    const error = await failureOf(acs.quotes.convertToOrder(quote.id));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(error).toMatchObject({
      status: 422,
      code: 'QUOTE_CONVERSION_FAILED',
      details: [{ quoteId: quote.id, validUntil, currentDate: mock.today() }],
    });
    expect((await acs.salesOrders.list({ customerId: customer.id })).total).toBe(orders);
    expect(await failureOf(acs.quotes.accept(quote.id))).toBeInstanceOf(BusinessRuleError);
  });

  it('lists by customer, status (expired from the clock) and dates', async () => {
    const customer = await newCustomer();
    const soon = await acs.quotes.create({ customerId: customer.id, validUntil: mock.today(), items: LINES });
    const later = await acs.quotes.create({ customerId: customer.id, items: LINES });
    await acs.quotes.send(soon.id);
    await acs.quotes.send(later.id);
    mock.clock.advance({ days: 2 });
    const ids = async (query: Parameters<typeof acs.quotes.list>[0]) =>
      (await acs.quotes.list({ customerId: customer.id, ...query })).data.map((q) => q.id);
    expect((await ids({})).sort()).toEqual([soon.id, later.id].sort());
    expect(await ids({ status: 'expired' })).toEqual([soon.id]);
    expect(await ids({ status: 'sent' })).toEqual([later.id]);
    expect(await ids({ validUntilFrom: mock.today() })).toEqual([later.id]);
    expect(await ids({ quoteNumber: soon.quoteNumber })).toEqual([soon.id]);
  });

  it('the demo company has quotes in every state', async () => {
    const statuses = new Set((await acs.quotes.list().toArray({ limit: 100 })).map((q) => q.status));
    expect([...statuses].sort()).toEqual(['accepted', 'converted', 'expired', 'sent']);
  });
});
