import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, NotFoundError, ValidationError, type Customer, type SalesOrderLineCreate } from '../../../src/index.js';
import { SalesOrder as SalesOrderSchema } from '../../../src/contract/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

let serial = 0;
const newCustomer = (fields: Partial<Parameters<typeof acs.customers.create>[0]> = {}): Promise<Customer> =>
  acs.customers.create({ name: `Orderer ${++serial} Sdn Bhd`, email: `orders${serial}@buyer.my`, paymentTerms: 30, ...fields });

/** 10 chairs at 45.00 less 5%, SST10; 4 hours of fitting at 60.00, SVC8: subtotal 667.50, tax 61.95. */
const LINES: SalesOrderLineCreate[] = [
  { description: 'Stacking chair', quantity: 10, unitPrice: 45, discountPercent: 5, taxCode: 'SST10', notes: 'Grey' },
  { description: 'Fitting', quantity: 4, unitPrice: 60, taxCode: 'SVC8' },
];

beforeEach(() => {
  mock.reset();
});

describe('salesOrders', () => {
  it('create (201), retrieve, update and delete a draft', async () => {
    const customer = await newCustomer();
    const { data: order, response } = await acs.salesOrders
      .create({ customerId: customer.id, requiredDate: '2099-01-31', shippingCost: 30, items: LINES })
      .withResponse();
    expect(response.status).toBe(201);
    expect(order).toMatchObject({
      status: 'draft',
      priority: 'normal',
      subtotal: 667.5,
      totalDiscount: 22.5,
      totalTax: 61.95,
      total: 759.45,
      invoicing: { status: 'not_invoiced' },
    });
    expect(order.items[0]).toMatchObject({ notes: 'Grey', invoicedQuantity: 0, remainingQuantity: 10 });
    expect(await acs.salesOrders.retrieve(order.id)).toEqual(order);

    const changed = await acs.salesOrders.update(order.id, { priority: 'urgent', shippingCost: 0 });
    expect(changed).toMatchObject({ priority: 'urgent', total: 729.45 });

    expect(await acs.salesOrders.delete(order.id)).toEqual({ id: order.id, deleted: true });
    expect(await failureOf(acs.salesOrders.retrieve(order.id))).toBeInstanceOf(NotFoundError);
  });

  it('moves through the status table, and a move the table lacks is a BusinessRuleError naming it', async () => {
    const order = await acs.salesOrders.create({ customerId: (await newCustomer()).id, items: LINES });
    await acs.salesOrders.updateStatus(order.id, { status: 'confirmed', notes: 'PO received' });
    const shipped = await acs.salesOrders.updateStatus(order.id, {
      status: 'shipped',
      shipping: { method: 'GDEX', trackingNumber: 'GX1', estimatedDelivery: '2099-01-05' },
    });
    expect(shipped.fulfillment).toMatchObject({
      status: 'shipped',
      shippedQuantity: 14,
      remainingQuantity: 0,
      shippingMethod: 'GDEX',
      trackingNumber: 'GX1',
    });
    const delivered = await acs.salesOrders.updateStatus(order.id, { status: 'delivered' });
    expect(delivered.statusHistory.map((h) => [h.status, h.notes])).toEqual([
      ['draft', null],
      ['confirmed', 'PO received'],
      ['shipped', null],
      ['delivered', null],
    ]);
    const refused = await failureOf(acs.salesOrders.updateStatus(order.id, { status: 'cancelled' }));
    expect(refused).toBeInstanceOf(BusinessRuleError);
    expect(refused).toMatchObject({
      message: 'a delivered sales order cannot be cancelled; only a draft or confirmed one can',
      details: [expect.objectContaining({ status: 'delivered', requestedStatus: 'cancelled' })],
    });
    expect(await failureOf(acs.salesOrders.update(order.id, { notes: 'x' }))).toBeInstanceOf(BusinessRuleError);
  });

  it('an unknown status is a ValidationError from the contract', async () => {
    const order = await acs.salesOrders.create({ customerId: (await newCustomer()).id, items: LINES });
    const error = await failureOf(acs.salesOrders.updateStatus(order.id, { status: 'lost' as never }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details![0]).toMatchObject({ field: 'status', code: 'INVALID_CHOICE' });
  });

  it('convert-to-invoice in parts tracks what remains; more than remains is refused and changes nothing', async () => {
    const order = await acs.salesOrders.create({ customerId: (await newCustomer()).id, shippingCost: 30, items: LINES });
    await acs.salesOrders.updateStatus(order.id, { status: 'confirmed' });
    const [chairs, fitting] = order.items;

    const { data: first, response } = await acs.salesOrders
      .convertToInvoice(order.id, { partialItems: [{ itemId: chairs.id, quantity: 4 }] })
      .withResponse();
    expect(response.status).toBe(201);
    expect(first).toMatchObject({ status: 'draft', salesOrderId: order.id, subtotal: 171, shippingCost: 30, total: 218.1 });
    expect(first.items.map((l) => [l.salesOrderLineId, l.quantity])).toEqual([[chairs.id, 4]]);

    const tooMuch = await failureOf(acs.salesOrders.convertToInvoice(order.id, { partialItems: [{ itemId: chairs.id, quantity: 7 }] }));
    expect(tooMuch).toBeInstanceOf(ValidationError);
    expect((tooMuch as ValidationError).details).toEqual([
      expect.objectContaining({ field: 'partialItems.0.quantity', code: 'MAX_VALUE', constraint: { max: 6 } }),
    ]);
    const after = await acs.salesOrders.retrieve(order.id);
    expect(after.items.map((l) => l.remainingQuantity)).toEqual([6, 4]);
    expect(after.invoicing).toEqual({ status: 'partially_invoiced', invoiceIds: [first.id] });

    const rest = await acs.salesOrders.convertToInvoice(order.id, {});
    expect(rest.items.map((l) => [l.salesOrderLineId, l.quantity])).toEqual([
      [chairs.id, 6],
      [fitting.id, 4],
    ]);
    expect(rest.shippingCost).toBe(0);
    expect((await acs.salesOrders.retrieve(order.id)).invoicing.status).toBe('invoiced');
    expect((await acs.invoices.list({ salesOrderId: order.id })).data.map((i) => i.id).sort()).toEqual([first.id, rest.id].sort());
  });

  it('lists with the spec filters and search over the customer name', async () => {
    const customer = await newCustomer({ name: 'Zebra Furnishings Sdn Bhd' });
    const early = await acs.salesOrders.create({
      customerId: customer.id,
      orderDate: '2026-01-10',
      requiredDate: '2026-01-20',
      priority: 'high',
      items: LINES,
    });
    const late = await acs.salesOrders.create({
      customerId: customer.id,
      orderDate: '2026-03-10',
      requiredDate: '2026-04-01',
      items: LINES,
    });
    await acs.salesOrders.updateStatus(late.id, { status: 'confirmed' });
    const ids = async (query: Parameters<typeof acs.salesOrders.list>[0]) =>
      (await acs.salesOrders.list({ customerId: customer.id, ...query })).data.map((o) => o.id);

    expect(await ids({})).toEqual([late.id, early.id]); // newest first
    expect(await ids({ sort: 'orderDate', order: 'asc' })).toEqual([early.id, late.id]);
    expect(await ids({ status: 'confirmed' })).toEqual([late.id]);
    expect(await ids({ priority: 'high' })).toEqual([early.id]);
    expect(await ids({ orderDateFrom: '2026-02-01', orderDateTo: '2026-12-31' })).toEqual([late.id]);
    expect(await ids({ requiredDateTo: '2026-01-31' })).toEqual([early.id]);
    expect(await ids({ requiredDateFrom: '2026-01-21' })).toEqual([late.id]);
    expect(await ids({ requiredDateFrom: '2026-01-20', requiredDateTo: '2026-01-20' })).toEqual([early.id]);
    expect((await acs.salesOrders.list({ search: 'zebra furnishings' })).data.map((o) => o.id).sort()).toEqual([early.id, late.id].sort());
  });

  it('publishes order.status_changed with the order and its previous status', async () => {
    const order = await acs.salesOrders.create({ customerId: (await newCustomer()).id, items: LINES });
    const seen = mock.events.history.length;
    await acs.salesOrders.updateStatus(order.id, { status: 'confirmed' });
    const events = mock.events.history.slice(seen).filter((e) => e.event === 'order.status_changed');
    expect(events).toHaveLength(1);
    expect(SalesOrderSchema.parse(events[0].data)).toMatchObject({ id: order.id, status: 'confirmed' });
    expect(events[0].data).toMatchObject({ previousStatus: 'draft' });
  });
});
