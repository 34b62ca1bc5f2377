import { beforeEach, describe, expect, it } from 'vitest';
import { lotsOnHand } from '../../../mock-server/domain/inventory/index.js';
import { BusinessRuleError, ValidationError, type PurchaseOrder } from '../../../src/index.js';
import { accountByNumber, failureOf, journalEntryCount, sandbox } from '../../support/sandbox.js';

// Purchase returns of received goods (implied; decisions PUR-61, PUR-62, INV-33), the clock pinned.
const { mock, acs } = sandbox({ now: '2026-11-20T09:00:00Z' });

beforeEach(() => {
  mock.reset();
});

const ctx = () => ({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId });
const balanceOf = async (accountNumber: string) =>
  (await acs.accounts.retrieve((await accountByNumber(acs, accountNumber)).id)).balance.net;
const books = async () => Object.fromEntries(await Promise.all(['1140', '2150', '2110'].map(async (n) => [n, await balanceOf(n)])));
const chair = async () => (await acs.items.list({ itemCode: 'CHR-100' })).data[0];
const stockOf = async (itemId: string, locationId: string) =>
  (await acs.inventory.stock.list({ itemId, locationId })).data[0] ?? { currentStock: 0, onOrderStock: 0, totalValue: 0 };
const linesOf = async (journalEntryId: string) =>
  (await acs.journalEntries.retrieve(journalEntryId)).lines
    .map((l) => [l.accountNumber, l.debit, l.credit] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));

/** Ten chairs at RM 120 from the Muar factory, received on 5 October (in one lot when `lotNumber` is given). */
async function receivedChairs(lotNumber?: string): Promise<PurchaseOrder> {
  const item = await chair();
  const [supplier] = (await acs.suppliers.list({ search: 'Perabot' })).data;
  const order = await acs.purchaseOrders.create({
    supplierId: supplier.id,
    orderDate: '2026-10-01',
    items: [{ itemId: item.id, quantity: 10, unitPrice: 120, taxCode: null }],
  });
  await acs.purchaseOrders.send(order.id);
  const items = [{ lineId: order.items[0].id, quantity: 10, ...(lotNumber ? { lotNumber } : {}) }];
  return acs.purchaseOrders.receive(order.id, { items, date: '2026-10-05' });
}

describe('returning received goods to the supplier', () => {
  it('goods not billed yet leave stock at their receipt cost: Dr goods received not invoiced / Cr inventory', async () => {
    const order = await receivedChairs();
    const receipt = order.receipts[0];
    const before = { books: await books(), stock: await stockOf(order.items[0].itemId!, receipt.locationId) };
    const seen = mock.events.history.length;

    const ret = await acs.purchaseReturns.create({
      purchaseOrderId: order.id,
      receiptId: receipt.id,
      date: '2026-10-08',
      reason: 'Two chairs arrived with broken legs',
      items: [{ lineId: order.items[0].id, quantity: 2 }],
    });
    expect(ret).toMatchObject({
      returnNumber: 'PRT-000001',
      status: 'posted',
      total: 240,
      items: [{ receiptNumber: receipt.receiptNumber, quantity: 2, value: 240, billedQuantity: 0, locationId: receipt.locationId }],
    });
    expect(await linesOf(ret.journalEntryId!)).toEqual([
      ['1140', 0, 240],
      ['2150', 240, 0],
    ]);
    const after = await books();
    expect(after['1140']).toBeCloseTo(before.books['1140'] - 240, 2);
    expect(after['2150']).toBeCloseTo(before.books['2150'] - 240, 2);
    expect(after['2110']).toBe(before.books['2110']);
    // Stock and its log: one movement of its own kind, at the receipt's cost.
    expect((await stockOf(order.items[0].itemId!, receipt.locationId)).currentStock).toBe(before.stock.currentStock - 2);
    const movements = await acs.inventory.reports.movements({ dateFrom: '2026-10-08', dateTo: '2026-10-08', type: 'purchase_return' });
    expect(movements.totals.out).toMatchObject({ quantity: 2, value: 240 });
    // The order counts eight received and two outstanding again, on order until replaced or cancelled.
    const reopened = await acs.purchaseOrders.retrieve(order.id);
    expect(reopened).toMatchObject({ status: 'partially_received', items: [{ receivedQuantity: 8 }] });
    expect((await stockOf(order.items[0].itemId!, receipt.locationId)).onOrderStock).toBe(before.stock.onOrderStock + 2);
    expect(mock.events.history.slice(seen).map((e) => e.event)).toContain('purchase_return.created');
    expect((await acs.purchaseReturns.list({ purchaseOrderId: order.id })).data.map((r) => r.id)).toEqual([ret.id]);
    expect(await acs.purchaseReturns.retrieve(ret.id)).toEqual(ret);
  });

  it('more than received less already returned is refused and changes nothing', async () => {
    const order = await receivedChairs();
    const lineId = order.items[0].id;
    await acs.purchaseReturns.create({ purchaseOrderId: order.id, reason: 'Damaged', items: [{ lineId, quantity: 7 }] });
    const [entries, before] = [await journalEntryCount(acs), await books()];
    const error = await failureOf(
      acs.purchaseReturns.create({ purchaseOrderId: order.id, reason: 'Damaged', items: [{ lineId, quantity: 4 }] }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toMatchObject([{ field: 'items.0.quantity', code: 'MAX_VALUE', constraint: { max: 3 } }]);
    expect(await journalEntryCount(acs)).toBe(entries);
    expect(await books()).toEqual(before);
    expect((await acs.purchaseOrders.retrieve(order.id)).items[0].receivedQuantity).toBe(3);
  });

  it('billed goods returned stay a debit on goods received not invoiced, and no further bill takes them (PUR-61)', async () => {
    const order = await receivedChairs();
    const lineId = order.items[0].id;
    const bill = await acs.bills.create({
      supplierId: order.supplierId,
      supplierInvoiceNumber: 'KPM-7001',
      purchaseOrderId: order.id,
      billDate: '2026-10-06',
      items: [{ purchaseOrderLineId: lineId, quantity: 8 }],
    });
    await acs.bills.approve(bill.id);
    const before = await books();
    // Two unbilled chairs and one billed one go back: the unbilled two clear the line, the billed one is owed back.
    const ret = await acs.purchaseReturns.create({ purchaseOrderId: order.id, reason: 'Wrong colour', items: [{ lineId, quantity: 3 }] });
    expect(ret.items).toMatchObject([{ quantity: 3, value: 360, billedQuantity: 1 }]);
    const after = await books();
    expect(after['2150']).toBeCloseTo(before['2150'] - 360, 2);
    expect(after['2110']).toBe(before['2110']);
    expect((await acs.purchaseOrders.retrieve(order.id)).items[0]).toMatchObject({ receivedQuantity: 7, billedQuantity: 8 });
    const again = await acs.bills.create({
      supplierId: order.supplierId,
      supplierInvoiceNumber: 'KPM-7002',
      purchaseOrderId: order.id,
      items: [{ purchaseOrderLineId: lineId, quantity: 1 }],
    });
    expect(await failureOf(acs.bills.approve(again.id))).toBeInstanceOf(ValidationError);
    // A replacement received fills the billed unit first: goods received not invoiced is back where the bill left it.
    await acs.purchaseOrders.receive(order.id, { items: [{ lineId, quantity: 1 }] });
    expect(await balanceOf('2150')).toBeCloseTo(before['2150'] - 240, 2);
  });

  it("a lot goes back from the receipt's lot, and a lot sold out is refused", async () => {
    const order = await receivedChairs('MUAR-1005');
    const { itemId } = order.items[0];
    const locationId = order.receipts[0].locationId;
    const lotOf = () => lotsOnHand(ctx(), itemId!, locationId).find((lot) => lot.lotNumber === 'MUAR-1005')?.quantity;
    await acs.purchaseReturns.create({
      purchaseOrderId: order.id,
      reason: 'Recalled lot',
      items: [{ lineId: order.items[0].id, quantity: 4 }],
    });
    expect(lotOf()).toBe(6);
    await acs.inventory.adjustments.create({
      locationId,
      reason: 'damaged',
      items: [{ itemId: itemId!, adjustmentQuantity: -((await stockOf(itemId!, locationId)).currentStock - 1) }],
    } as never);
    const error = await failureOf(
      acs.purchaseReturns.create({
        purchaseOrderId: order.id,
        reason: 'Recalled lot',
        items: [{ lineId: order.items[0].id, quantity: 3 }],
      }),
    );
    expect(error).toMatchObject({ status: 422, code: 'INSUFFICIENT_STOCK' });
  });

  it('voiding a return brings the goods back at the value they left with and reverses its entry', async () => {
    const order = await receivedChairs();
    const before = { books: await books(), stock: await stockOf(order.items[0].itemId!, order.receipts[0].locationId) };
    const ret = await acs.purchaseReturns.create({ purchaseOrderId: order.id, reason: 'Damaged' });
    expect(ret.total).toBe(1200);
    expect((await acs.purchaseOrders.retrieve(order.id)).status).toBe('partially_received');
    const voided = await acs.purchaseReturns.void(ret.id, { reason: 'The supplier would not take them' });
    expect(voided).toMatchObject({ status: 'void', voidDate: ret.date, voidReason: 'The supplier would not take them' });
    expect(await books()).toEqual(before.books);
    expect(await stockOf(order.items[0].itemId!, order.receipts[0].locationId)).toMatchObject({
      currentStock: before.stock.currentStock,
      onOrderStock: before.stock.onOrderStock,
    });
    expect(await acs.purchaseOrders.retrieve(order.id)).toMatchObject({ status: 'received', items: [{ receivedQuantity: 10 }] });
    expect(await failureOf(acs.purchaseReturns.void(ret.id, { reason: 'Again' }))).toBeInstanceOf(BusinessRuleError);
  });

  it('a void after a replacement arrived is refused: it would receive more than ordered', async () => {
    const order = await receivedChairs();
    const ret = await acs.purchaseReturns.create({
      purchaseOrderId: order.id,
      reason: 'Damaged',
      items: [{ lineId: order.items[0].id, quantity: 2 }],
    });
    await acs.purchaseOrders.receive(order.id);
    expect(await failureOf(acs.purchaseReturns.void(ret.id, { reason: 'Kept them after all' }))).toBeInstanceOf(BusinessRuleError);
  });

  it('an order that received nothing has nothing to return', async () => {
    const [supplier] = (await acs.suppliers.list({ search: 'Perabot' })).data;
    const order = await acs.purchaseOrders.create({
      supplierId: supplier.id,
      items: [{ itemId: (await chair()).id, quantity: 1, unitPrice: 120 }],
    });
    expect(await failureOf(acs.purchaseReturns.create({ purchaseOrderId: order.id, reason: 'Damaged' }))).toBeInstanceOf(BusinessRuleError);
  });
});
