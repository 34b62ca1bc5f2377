import { beforeEach, describe, expect, it } from 'vitest';
import { purchaseOrdersTable } from '../../../mock-server/domain/purchasing/index.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';
import { BusinessRuleError, ValidationError, type Item, type PurchaseOrder, type Supplier } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();
const ctx = () => ({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId });

beforeEach(() => {
  mock.reset();
});

const byCode = async (itemCode: string): Promise<Item> => (await acs.items.list({ itemCode })).data[0];
const supplierNamed = async (search: string): Promise<Supplier> => (await acs.suppliers.list({ search })).data[0];
const onOrder = async (itemId: string) => (await acs.inventory.stock.list({ itemId })).data.reduce((sum, row) => sum + row.onOrderStock, 0);
const chairOrder = async (quantity = 10): Promise<PurchaseOrder> =>
  acs.purchaseOrders.create({
    supplierId: (await supplierNamed('Perabot')).id,
    items: [{ itemId: (await byCode('CHR-100')).id, quantity, unitPrice: 175 }],
  });
/** The approvals slice sets this through its own endpoints; here the row is approved directly. */
const approve = (order: PurchaseOrder) => purchaseOrdersTable(ctx()).update(order.id, { approval: { required: true, status: 'approved' } });

describe('updating a draft purchase order', () => {
  it('re-prices replaced lines at the item cost price and keeps the totals in step', async () => {
    const order = await chairOrder();
    const desk = await byCode('DSK-160');
    const updated = await acs.purchaseOrders.update(order.id, {
      items: [
        { itemId: desk.id, quantity: 3 },
        { description: 'Crating', quantity: 1, unitPrice: 90, taxCode: null },
      ],
      notes: 'Deliver to dock 2',
    });
    expect(updated.items.map((line) => [line.itemCode, line.quantity, line.unitPrice, line.lineTotal])).toEqual([
      ['DSK-160', 3, 780, 2340],
      [null, 1, 90, 90],
    ]);
    expect(updated).toMatchObject({ subtotal: 2430, notes: 'Deliver to dock 2', status: 'draft' });
    expect(updated.total).toBe(updated.subtotal + updated.taxTotal);
    expect(updated.items[0].id).not.toBe(order.items[0].id);
  });

  it('moving a draft to a foreign supplier brings its currency, which needs an exchange rate', async () => {
    const order = await chairOrder();
    const shenzhen = await supplierNamed('Shenzhen');
    const refused = await failureOf(acs.purchaseOrders.update(order.id, { supplierId: shenzhen.id }));
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).details).toMatchObject([{ field: 'exchangeRate', code: 'REQUIRED_FIELD' }]);
    expect((await acs.purchaseOrders.retrieve(order.id)).supplierId).toBe(order.supplierId);

    const moved = await acs.purchaseOrders.update(order.id, { supplierId: shenzhen.id, exchangeRate: 4.45 });
    expect(moved).toMatchObject({ supplierId: shenzhen.id, supplier: { name: shenzhen.name }, currency: 'USD', exchangeRate: 4.45 });
  });

  it('refuses a required date or a line expected date before the order date', async () => {
    const supplier = await supplierNamed('Bestari');
    const today = mock.today();
    const early = await failureOf(
      acs.purchaseOrders.create({
        supplierId: supplier.id,
        items: [{ description: 'Toner', quantity: 2, unitPrice: 120, expectedDate: addDays(today, -1) }],
      }),
    );
    expect((early as ValidationError).details).toMatchObject([{ field: 'items.0.expectedDate', code: 'DATE_CONSTRAINT' }]);
    const order = await acs.purchaseOrders.create({
      supplierId: supplier.id,
      orderDate: addDays(today, -5),
      items: [{ description: 'Toner', quantity: 2, unitPrice: 120 }],
    });
    const late = await failureOf(acs.purchaseOrders.update(order.id, { requiredDate: addDays(today, -6) }));
    expect((late as ValidationError).details).toMatchObject([{ field: 'requiredDate', code: 'DATE_CONSTRAINT' }]);
    expect((await acs.purchaseOrders.update(order.id, { requiredDate: addDays(today, 7) })).requiredDate).toBe(addDays(today, 7));
  });

  it('only a draft changes: a sent order refuses the update', async () => {
    const order = await acs.purchaseOrders.send((await chairOrder()).id);
    const error = await failureOf(acs.purchaseOrders.update(order.id, { notes: 'too late' }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION', details: [{ status: 'sent', allowedStatuses: ['draft'] }] });
  });

  it('an approved draft keeps its supplier and lines but takes notes and dates', async () => {
    const order = await chairOrder();
    approve(order);
    const error = await failureOf(acs.purchaseOrders.update(order.id, { items: [{ itemId: order.items[0].itemId!, quantity: 99 }] }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({ details: [{ fields: ['items'] }] });
    expect((await acs.purchaseOrders.update(order.id, { notes: 'Ring before delivery' })).notes).toBe('Ring before delivery');
  });
});

describe('sending a purchase order', () => {
  it("emails the order to the supplier's address by default, or to `to`", async () => {
    const order = await chairOrder();
    await acs.purchaseOrders.send(order.id);
    const [message] = mock.outbox.filter((m) => m.documentId === order.id);
    expect(message).toMatchObject({
      kind: 'purchase_order',
      to: ['sales@perabotmuar.com.my'],
      subject: `Purchase order ${order.poNumber}`,
      attachPDF: true,
    });
    expect(message.message).toContain('MYR 1925.00'); // 1,750.00 and the maker's 10% sales tax

    const other = await chairOrder();
    await acs.purchaseOrders.send(other.id, {
      to: ['ahkow@perabotmuar.com.my'],
      cc: ['buyer@tanjungtrading.com.my'],
      subject: 'Our order',
    });
    expect(mock.outbox.find((m) => m.documentId === other.id)).toMatchObject({
      to: ['ahkow@perabotmuar.com.my'],
      cc: ['buyer@tanjungtrading.com.my'],
      subject: 'Our order',
    });
  });

  it('a supplier without an email address gets the order marked as sent, with no message', async () => {
    const supplier = await acs.suppliers.create({ name: 'Kedai Paku Ah Seng' });
    const order = await acs.purchaseOrders.create({
      supplierId: supplier.id,
      items: [{ description: 'Nails, 5 kg', quantity: 2, unitPrice: 30 }],
    });
    const ccOnly = await failureOf(acs.purchaseOrders.send(order.id, { cc: ['buyer@tanjungtrading.com.my'] }));
    expect((ccOnly as ValidationError).details).toMatchObject([{ field: 'to', code: 'REQUIRED_FIELD' }]);
    expect((await acs.purchaseOrders.retrieve(order.id)).status).toBe('draft');
    expect((await acs.purchaseOrders.send(order.id)).status).toBe('sent');
    expect(mock.outbox.filter((m) => m.documentId === order.id)).toEqual([]);
  });

  it('answers PO_ALREADY_SENT from every state after sending, and a plain refusal once cancelled', async () => {
    const sent = await acs.purchaseOrders.send((await chairOrder(4)).id);
    const line = sent.items[0].id;
    const states: [string, () => Promise<unknown>][] = [
      ['sent', async () => undefined],
      ['confirmed', () => acs.purchaseOrders.confirm(sent.id)],
      ['partially_received', () => acs.purchaseOrders.receive(sent.id, { items: [{ lineId: line, quantity: 1 }] })],
      ['received', () => acs.purchaseOrders.receive(sent.id)],
    ];
    for (const [status, reach] of states) {
      await reach();
      expect((await acs.purchaseOrders.retrieve(sent.id)).status).toBe(status);
      expect(await failureOf(acs.purchaseOrders.send(sent.id))).toMatchObject({
        status: 422,
        code: 'PO_ALREADY_SENT',
        details: [{ status }],
      });
    }
    const cancelled = await acs.purchaseOrders.cancel((await chairOrder()).id);
    expect(await failureOf(acs.purchaseOrders.send(cancelled.id))).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      details: [{ status: 'cancelled' }],
    });
  });
});

describe("the supplier's confirmation", () => {
  it('moves a sent order to confirmed with the delivery dates the supplier promises', async () => {
    const order = await acs.purchaseOrders.send((await chairOrder()).id);
    const promised = addDays(mock.today(), 12);
    const confirmed = await acs.purchaseOrders.confirm(order.id, {
      notes: 'Confirmed by Tan Ah Kow',
      items: [{ lineId: order.items[0].id, expectedDate: promised }],
    });
    expect(confirmed).toMatchObject({ status: 'confirmed', items: [{ expectedDate: promised }] });
    expect(confirmed.statusHistory.at(-1)).toMatchObject({ status: 'confirmed', notes: 'Confirmed by Tan Ah Kow' });
    expect(await failureOf(acs.purchaseOrders.confirm(order.id))).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      message: expect.stringContaining('already confirmed'),
    });
  });

  it('refuses to confirm a draft, and an unknown line', async () => {
    const draft = await chairOrder();
    expect(await failureOf(acs.purchaseOrders.confirm(draft.id))).toBeInstanceOf(BusinessRuleError);
    await acs.purchaseOrders.send(draft.id);
    const error = await failureOf(acs.purchaseOrders.confirm(draft.id, { items: [{ lineId: 'ln_missing', expectedDate: mock.today() }] }));
    expect((error as ValidationError).details).toMatchObject([{ field: 'items.0.lineId', code: 'INVALID_CHOICE' }]);
    expect((await acs.purchaseOrders.retrieve(draft.id)).status).toBe('sent');
  });
});

describe('cancelling a purchase order', () => {
  it('takes a sent order off order, keeping the reason in its history', async () => {
    const chair = await byCode('CHR-100');
    const before = await onOrder(chair.id);
    const order = await acs.purchaseOrders.send((await chairOrder(10)).id);
    expect(await onOrder(chair.id)).toBe(before + 10);
    const cancelled = await acs.purchaseOrders.cancel(order.id, { reason: 'Ordered twice' });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.statusHistory.at(-1)).toMatchObject({ status: 'cancelled', notes: 'Ordered twice' });
    expect(await onOrder(chair.id)).toBe(before);
  });

  it('a draft is cancelled without touching what is on order', async () => {
    const chair = await byCode('CHR-100');
    const before = await onOrder(chair.id);
    expect((await acs.purchaseOrders.cancel((await chairOrder()).id)).status).toBe('cancelled');
    expect(await onOrder(chair.id)).toBe(before);
  });

  it('a partly received order keeps what arrived and cancels the rest', async () => {
    const chair = await byCode('CHR-100');
    const [onOrderBefore, stockBefore] = [await onOrder(chair.id), (await acs.items.retrieve(chair.id)).inventory.currentStock];
    const order = await acs.purchaseOrders.send((await chairOrder(10)).id);
    await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 4 }] });
    const cancelled = await acs.purchaseOrders.cancel(order.id, { reason: 'Supplier discontinued the colour' });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      items: [{ receivedQuantity: 4 }],
      receipts: [{ items: [{ quantity: 4, value: 770 }] }], // at cost: the price and its sales tax (PUR-55)
    });
    expect(await onOrder(chair.id)).toBe(onOrderBefore);
    expect((await acs.items.retrieve(chair.id)).inventory.currentStock).toBe(stockBefore + 4);
  });

  it('a received or an already cancelled order cannot be cancelled', async () => {
    const received = await acs.purchaseOrders.send((await chairOrder(2)).id);
    await acs.purchaseOrders.receive(received.id);
    expect(await failureOf(acs.purchaseOrders.cancel(received.id))).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      details: [{ status: 'received' }],
    });
    const cancelled = await acs.purchaseOrders.cancel((await chairOrder()).id);
    expect(await failureOf(acs.purchaseOrders.cancel(cancelled.id))).toMatchObject({
      message: expect.stringContaining('already cancelled'),
    });
  });
});
