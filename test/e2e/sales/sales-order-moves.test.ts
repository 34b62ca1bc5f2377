import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, type SalesOrder, type SalesOrderLineCreate } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

// SALES-41: the status is "set directly by the status endpoint" (spec document 2),
// so any forward move is allowed; moving back or out of `cancelled` is refused.
const { mock, acs } = sandbox();

const LINES: SalesOrderLineCreate[] = [{ description: 'Stacking chair', quantity: 10, unitPrice: 45, taxCode: 'SST10' }];

let serial = 0;
async function newOrder(): Promise<SalesOrder> {
  const customer = await acs.customers.create({ name: `Mover ${++serial} Sdn Bhd`, email: `moves${serial}@buyer.my` });
  return acs.salesOrders.create({ customerId: customer.id, items: LINES });
}

beforeEach(() => {
  mock.reset();
});

describe('sales-order status moves', () => {
  it('a forward move may skip steps: confirmed -> delivered, and the order can still be invoiced', async () => {
    const order = await newOrder();
    await acs.salesOrders.updateStatus(order.id, { status: 'confirmed' });
    const delivered = await acs.salesOrders.updateStatus(order.id, {
      status: 'delivered',
      notes: 'Collected by the customer',
      shipping: { method: 'Self-collect' },
    });
    expect(delivered).toMatchObject({
      status: 'delivered',
      fulfillment: { status: 'delivered', shippedQuantity: 10, shippingMethod: 'Self-collect' },
    });
    expect(delivered.statusHistory.map((h) => h.status)).toEqual(['draft', 'confirmed', 'delivered']);
    expect(await acs.salesOrders.convertToInvoice(order.id, {})).toMatchObject({ salesOrderId: order.id, status: 'draft' });
  });

  it('a draft may go straight to shipped, with its shipping details', async () => {
    const order = await newOrder();
    const shipped = await acs.salesOrders.updateStatus(order.id, {
      status: 'shipped',
      shipping: { method: 'GDEX', trackingNumber: 'GX42' },
    });
    expect(shipped.fulfillment).toMatchObject({ status: 'shipped', shippingMethod: 'GDEX', trackingNumber: 'GX42' });
  });

  it('moving back is refused with a BusinessRuleError naming the rule, and changes nothing', async () => {
    const order = await newOrder();
    const delivered = await acs.salesOrders.updateStatus(order.id, { status: 'delivered' });
    const refused = await failureOf(acs.salesOrders.updateStatus(order.id, { status: 'shipped' }));
    expect(refused).toBeInstanceOf(BusinessRuleError);
    expect(refused).toMatchObject({
      status: 422,
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'a sales order only moves forward (draft -> confirmed -> shipped -> delivered); it cannot move from delivered to shipped',
      details: [expect.objectContaining({ status: 'delivered', requestedStatus: 'shipped', allowedStatuses: ['draft', 'confirmed'] })],
    });
    expect(await acs.salesOrders.retrieve(order.id)).toEqual(delivered);
  });

  it('a cancelled order cannot change status again', async () => {
    const order = await newOrder();
    const cancelled = await acs.salesOrders.updateStatus(order.id, { status: 'cancelled', notes: 'Customer withdrew' });
    for (const status of ['draft', 'confirmed', 'delivered'] as const) {
      const refused = await failureOf(acs.salesOrders.updateStatus(order.id, { status }));
      expect(refused).toBeInstanceOf(BusinessRuleError);
      expect(refused).toMatchObject({
        message: 'a cancelled sales order cannot change status',
        details: [expect.objectContaining({ status: 'cancelled', requestedStatus: status })],
      });
    }
    expect(await acs.salesOrders.retrieve(order.id)).toEqual(cancelled);
  });
});
