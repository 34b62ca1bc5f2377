import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, NotFoundError, ValidationError, type Item } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const byCode = async (itemCode: string): Promise<Item> => (await acs.items.list({ itemCode })).data[0];
const onOrder = async (itemId: string) => (await acs.inventory.stock.list({ itemId })).data.reduce((sum, row) => sum + row.onOrderStock, 0);
const balanceOf = async (accountNumber: string) =>
  (await acs.accounts.retrieve((await accountByNumber(acs, accountNumber)).id)).balance.net;

describe('purchasing core: suppliers', () => {
  it('creates a supplier and answers its bank account number masked to the last four characters', async () => {
    const supplier = await acs.suppliers.create({
      name: 'Kayu Jati Trading',
      email: 'Sales@KayuJati.my',
      address: { city: 'Kota Bharu', country: 'my' },
      paymentTerms: { discountDays: 7, discountPercent: 1.5 },
      bankDetails: { accountName: 'Kayu Jati Trading', accountNumber: '1122-3344-5566', bankName: 'CIMB' },
    });
    expect(supplier).toMatchObject({
      supplierNumber: expect.stringMatching(/^SUP-\d{5}$/),
      email: 'sales@kayujati.my',
      address: { country: 'MY' },
      paymentTerms: { termsDays: 30, discountDays: 7, discountPercent: 1.5 },
      currency: 'MYR',
      currentBalance: 0,
      status: 'active',
      bankDetails: { accountNumber: '****5566', bankName: 'CIMB' },
    });
    expect(JSON.stringify(await acs.suppliers.retrieve(supplier.id))).not.toContain('3344');
  });

  it('lists suppliers with offset paging and the field:direction sort', async () => {
    const first = await acs.suppliers.list({ limit: 2, sort: 'name:desc' });
    expect(first.data).toHaveLength(2);
    expect(first.pagination).toMatchObject({ hasMore: true, nextOffset: 2, limit: 2, total: 3 });
    const names: string[] = [];
    for await (const supplier of acs.suppliers.list({ limit: 1, sort: 'name:asc' })) names.push(supplier.name);
    expect(names).toEqual([...names].sort());
    expect(names).toHaveLength(3);
    expect((await acs.suppliers.list({ country: 'cn' })).data.map((s) => s.currency)).toEqual(['USD']);
  });

  it('answers SUPPLIER_NOT_FOUND for an unknown supplier', async () => {
    const error = await failureOf(acs.suppliers.retrieve('sup_missing'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'SUPPLIER_NOT_FOUND' });
  });
});

describe('purchasing core: purchase orders and receipts', () => {
  it("receiving a sent order raises stock at its cost, the maker's sales tax included, and posts Dr inventory / Cr goods received not invoiced", async () => {
    const chair = await byCode('CHR-100');
    const supplier = (await acs.suppliers.list({ search: 'Perabot' })).data[0];
    const order = await acs.purchaseOrders.create({ supplierId: supplier.id, items: [{ itemId: chair.id, quantity: 10, unitPrice: 120 }] });
    // The chair's purchase tax code is SST10: the maker charges sales tax, which a buyer cannot recover (PUR-55).
    expect(order).toMatchObject({
      status: 'draft',
      currency: 'MYR',
      subtotal: 1200,
      taxTotal: 120,
      items: [{ taxCode: 'SST10', receivedQuantity: 0, billedQuantity: 0 }],
    });

    const onOrderBefore = await onOrder(chair.id);
    await acs.purchaseOrders.send(order.id);
    expect(await onOrder(chair.id)).toBe(onOrderBefore + 10);
    expect(await failureOf(acs.purchaseOrders.send(order.id))).toMatchObject({ code: 'PO_ALREADY_SENT' });

    const stockBefore = (await acs.items.retrieve(chair.id)).inventory.currentStock;
    const [inventoryBefore, grniBefore] = [await balanceOf('1140'), await balanceOf('2150')];
    const partial = await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 4, lotNumber: 'L-1' }] });
    expect(partial).toMatchObject({
      status: 'partially_received',
      items: [{ receivedQuantity: 4 }],
      receipts: [{ items: [{ quantity: 4, value: 528, lotNumber: 'L-1' }] }],
    });
    expect(await balanceOf('1140')).toBe(inventoryBefore + 528);
    expect(await balanceOf('2150')).toBe(grniBefore + 528);

    const full = await acs.purchaseOrders.receive(order.id);
    expect(full.status).toBe('received');
    const after = await acs.items.retrieve(chair.id);
    expect(after.inventory.currentStock).toBe(stockBefore + 10);
    expect(await onOrder(chair.id)).toBe(onOrderBefore);
    expect(await failureOf(acs.purchaseOrders.receive(order.id))).toMatchObject({ code: 'PO_ITEMS_FULLY_RECEIVED' });
  });

  it('refuses to receive more than is outstanding and changes nothing', async () => {
    const chair = await byCode('CHR-100');
    const supplier = (await acs.suppliers.list({ search: 'Perabot' })).data[0];
    const order = await acs.purchaseOrders.send(
      (await acs.purchaseOrders.create({ supplierId: supplier.id, items: [{ itemId: chair.id, quantity: 2 }] })).id,
    );
    const error = await failureOf(acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 3 }] }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((await acs.purchaseOrders.retrieve(order.id)).items[0].receivedQuantity).toBe(0);
  });

  it('an order waiting for approval cannot be sent', async () => {
    const supplier = (await acs.suppliers.list({ search: 'Bestari' })).data[0];
    const order = await acs.purchaseOrders.create({
      supplierId: supplier.id,
      requiresApproval: true,
      items: [{ description: 'A4 paper, 5 reams', quantity: 4, unitPrice: 60 }],
    });
    expect(order.approval).toEqual({ required: true, status: 'pending' });
    expect(await failureOf(acs.purchaseOrders.send(order.id))).toBeInstanceOf(BusinessRuleError);
  });
});
