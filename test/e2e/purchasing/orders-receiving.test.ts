import { PURCHASING_USERS } from '../../../mock-server/seed/oauth.js';
import { describe, expect, it } from 'vitest';
import { lotsOnHand } from '../../../mock-server/domain/inventory/index.js';
import { addDays } from '../../../mock-server/domain/shared/calendar.js';
import { BusinessRuleError, ValidationError, type PurchaseOrder } from '../../../src/index.js';
import { accountByNumber, failureOf, journalEntryCount } from '../../support/sandbox.js';
import { purchasingSandbox } from './purchasing-sandbox.js';

const { mock, acs, ctx, byCode, supplierId } = purchasingSandbox();
const locationId = async (code: string) => (await acs.inventory.locations.list()).data.find((l) => l.code === code)!.id;
const stockAt = async (itemId: string, at: string) =>
  (await acs.inventory.stock.list({ itemId, locationId: at })).data[0] ?? { currentStock: 0, onOrderStock: 0 };
const onOrder = async (itemId: string) => (await acs.inventory.stock.list({ itemId })).data.reduce((sum, row) => sum + row.onOrderStock, 0);
const balanceOf = async (accountNumber: string) =>
  (await acs.accounts.retrieve((await accountByNumber(acs, accountNumber)).id)).balance.net;
const sentOrder = async (body: Parameters<typeof acs.purchaseOrders.create>[0]): Promise<PurchaseOrder> =>
  acs.purchaseOrders.send((await acs.purchaseOrders.create(body)).id);

describe('receiving goods against a purchase order', () => {
  it('a lot with an expiry date reaches the lot balances and raises an expiry warning', async () => {
    const paper = await byCode('PAP-A4');
    const rule = await acs.inventory.alerts.createRule({ name: 'Paper expiry', type: 'expiry_warning', conditions: { threshold: 30 } });
    const order = await sentOrder({ supplierId: await supplierId('Bestari'), items: [{ itemId: paper.id, quantity: 25 }] });
    const expiryDate = addDays(mock.today(), 20);
    await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 25, lotNumber: 'BST-0917', expiryDate }] });
    expect(lotsOnHand(ctx(), paper.id, await locationId('WH-SJ'))).toContainEqual({ lotNumber: 'BST-0917', expiryDate, quantity: 25 });
    const alerts = (await acs.inventory.alerts.list({ ruleId: rule.id })).data;
    expect(alerts).toMatchObject([{ type: 'expiry_warning', lot: { lotNumber: 'BST-0917', expiryDate, quantity: 25 } }]);
  });

  it("goods received at another location than the order's arrive there and leave on-order where the order put them", async () => {
    const chair = await byCode('CHR-100');
    const [warehouse, showroom] = [await locationId('WH-SJ'), await locationId('SR-PJ')];
    const before = { warehouse: await stockAt(chair.id, warehouse), showroom: await stockAt(chair.id, showroom) };
    const order = await sentOrder({
      supplierId: await supplierId('Perabot'),
      locationId: warehouse,
      items: [{ itemId: chair.id, quantity: 6, unitPrice: 180 }],
    });
    expect((await stockAt(chair.id, warehouse)).onOrderStock).toBe(before.warehouse.onOrderStock + 6);
    const received = await acs.purchaseOrders.receive(order.id, { locationId: showroom });
    expect(received.receipts[0].locationId).toBe(showroom);
    expect(await stockAt(chair.id, showroom)).toMatchObject({ currentStock: before.showroom.currentStock + 6 });
    expect(await stockAt(chair.id, warehouse)).toMatchObject({
      currentStock: before.warehouse.currentStock,
      onOrderStock: before.warehouse.onOrderStock,
    });
  });

  it('non-stock lines, a service item or a description, are received without stock and without an entry', async () => {
    const service = await byCode('SVC-INS');
    const order = await sentOrder({
      supplierId: await supplierId('Perabot'),
      items: [
        { itemId: service.id, quantity: 3, unitPrice: 90 },
        { description: 'Courier, Muar to Subang Jaya', quantity: 1, unitPrice: 150 },
      ],
    });
    const [entries, grni] = [await journalEntryCount(acs), await balanceOf('2150')];
    const received = await acs.purchaseOrders.receive(order.id);
    expect(received).toMatchObject({ status: 'received', items: [{ receivedQuantity: 3 }, { receivedQuantity: 1 }] });
    expect(received.receipts[0]).toMatchObject({ journalEntryId: null, items: [{ value: 0 }, { value: 0 }] });
    expect(await journalEntryCount(acs)).toBe(entries);
    expect(await balanceOf('2150')).toBe(grni);
  });

  it('a foreign-currency order receives at its unit price times the exchange rate in the company currency', async () => {
    const chair = await byCode('CHR-100');
    const order = await sentOrder({
      supplierId: await supplierId('Shenzhen'),
      exchangeRate: 4.45,
      items: [{ itemId: chair.id, quantity: 10, unitPrice: 36.5, taxCode: null }],
    });
    expect(order).toMatchObject({ currency: 'USD', total: 365 });
    const [inventory, grni] = [await balanceOf('1140'), await balanceOf('2150')];
    const received = await acs.purchaseOrders.receive(order.id);
    expect(received.receipts[0].items[0]).toMatchObject({ unitPrice: 36.5, value: 1624.25 });
    expect(await balanceOf('1140')).toBeCloseTo(inventory + 1624.25, 2);
    expect(await balanceOf('2150')).toBeCloseTo(grni + 1624.25, 2);
  });

  it('refuses a draft, and answers PO_ITEMS_FULLY_RECEIVED once everything arrived', async () => {
    const order = await acs.purchaseOrders.create({
      supplierId: await supplierId('Bestari'),
      items: [{ description: 'Toner', quantity: 2, unitPrice: 120 }],
    });
    const draft = await failureOf(acs.purchaseOrders.receive(order.id));
    expect(draft).toBeInstanceOf(BusinessRuleError);
    expect(draft).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION', details: [{ status: 'draft' }] });
    await acs.purchaseOrders.send(order.id);
    await acs.purchaseOrders.receive(order.id);
    expect(await failureOf(acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 1 }] }))).toMatchObject({
      status: 422,
      code: 'PO_ITEMS_FULLY_RECEIVED',
    });
  });

  it('a refused receipt changes nothing: stock, ledger and the order', async () => {
    const [chair, desk] = [await byCode('CHR-100'), await byCode('DSK-160')];
    const order = await sentOrder({
      supplierId: await supplierId('Perabot'),
      items: [
        { itemId: chair.id, quantity: 5 },
        { itemId: desk.id, quantity: 2 },
      ],
    });
    const before = {
      chair: (await acs.items.retrieve(chair.id)).inventory.currentStock,
      entries: await journalEntryCount(acs),
      inventory: await balanceOf('1140'),
      onOrder: await onOrder(chair.id),
    };
    const error = await failureOf(
      acs.purchaseOrders.receive(order.id, {
        items: [
          { lineId: order.items[0].id, quantity: 5 },
          { lineId: order.items[1].id, quantity: 3 },
        ],
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toMatchObject([{ field: 'items.1.quantity', code: 'MAX_VALUE' }]);
    expect((await acs.items.retrieve(chair.id)).inventory.currentStock).toBe(before.chair);
    expect(await journalEntryCount(acs)).toBe(before.entries);
    expect(await balanceOf('1140')).toBe(before.inventory);
    expect(await onOrder(chair.id)).toBe(before.onOrder);
    expect(await acs.purchaseOrders.retrieve(order.id)).toMatchObject({
      status: 'sent',
      receipts: [],
      items: [{ receivedQuantity: 0 }, { receivedQuantity: 0 }],
    });
  });

  it('refuses a receipt dated before the order or in the future, and a lot on a non-stock line', async () => {
    const today = mock.today();
    const order = await sentOrder({
      supplierId: await supplierId('Perabot'),
      orderDate: addDays(today, -3),
      items: [
        { itemId: (await byCode('CHR-100')).id, quantity: 2 },
        { description: 'Crating', quantity: 1, unitPrice: 40 },
      ],
    });
    expect(
      ((await failureOf(acs.purchaseOrders.receive(order.id, { date: addDays(today, -4) }))) as ValidationError).details,
    ).toMatchObject([{ field: 'date', code: 'DATE_CONSTRAINT' }]);
    expect(((await failureOf(acs.purchaseOrders.receive(order.id, { date: addDays(today, 1) }))) as ValidationError).details).toMatchObject(
      [{ field: 'date', code: 'DATE_CONSTRAINT' }],
    );
    const lot = await failureOf(
      acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[1].id, quantity: 1, lotNumber: 'CR-1' }] }),
    );
    expect((lot as ValidationError).details).toMatchObject([{ field: 'items.0.lotNumber', code: 'INVALID_CHOICE' }]);
    expect((await acs.purchaseOrders.receive(order.id, { date: addDays(today, -1) })).receipts[0].date).toBe(addDays(today, -1));
  });

  it('onOrderStock follows an order through sending, a partial receipt and cancelling the rest', async () => {
    const desk = await byCode('DSK-160');
    const start = await onOrder(desk.id);
    const order = await acs.purchaseOrders.create({ supplierId: await supplierId('Perabot'), items: [{ itemId: desk.id, quantity: 8 }] });
    expect(await onOrder(desk.id)).toBe(start);
    // Eight desks pass the demo's RM 5,000 rule: the purchasing manager approves them first.
    const [step] = (await acs.purchasing.approvals.listPending({ purchaseOrderId: order.id })).data;
    const manager = mock.credentials.oauth!.users.find((u) => u.email === PURCHASING_USERS.manager.email)!.id;
    await acs.purchasing.approvals.approve(step.id, { approverId: manager });
    await acs.purchaseOrders.send(order.id);
    expect(await onOrder(desk.id)).toBe(start + 8);
    await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 3 }] });
    expect(await onOrder(desk.id)).toBe(start + 5);
    await acs.purchaseOrders.cancel(order.id);
    expect(await onOrder(desk.id)).toBe(start);
  });
});
