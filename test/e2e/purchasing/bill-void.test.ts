import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

// POST /v1/bills/{id}/void (implied; decisions PUR-54, ACC-33), the clock pinned.
const { mock, acs } = sandbox({ now: '2026-11-20T09:00:00Z' });

beforeEach(() => {
  mock.reset();
});

const balanceOf = async (accountNumber: string) =>
  (await acs.accounts.retrieve((await accountByNumber(acs, accountNumber)).id)).balance.net;
const books = async () => Object.fromEntries(await Promise.all(['2110', '2150', '1180'].map(async (n) => [n, await balanceOf(n)])));

/** An approved bill for six of ten chairs received from the Muar factory, dated `billDate`. */
async function billedChairs(billDate = '2026-11-10') {
  const [chair] = (await acs.items.list({ itemCode: 'CHR-100' })).data;
  const [supplier] = (await acs.suppliers.list({ search: 'Perabot' })).data;
  const order = await acs.purchaseOrders.create({
    supplierId: supplier.id,
    orderDate: '2026-10-01',
    items: [{ itemId: chair.id, quantity: 10, unitPrice: 120, taxCode: 'SST10' }],
  });
  await acs.purchaseOrders.send(order.id);
  await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 10 }], date: '2026-10-05' });
  const before = { books: await books(), supplier: (await acs.suppliers.retrieve(supplier.id)).currentBalance };
  const draft = await acs.bills.create({
    supplierId: supplier.id,
    supplierInvoiceNumber: 'KPM-9001',
    purchaseOrderId: order.id,
    billDate,
    items: [{ purchaseOrderLineId: order.items[0].id, quantity: 6, unitPrice: 121 }],
  });
  return { bill: await acs.bills.approve(draft.id), order, supplier, before };
}

describe('voiding a bill', () => {
  it('voiding an approved bill writes a reversing entry at its date and gives the order and the supplier back what it billed', async () => {
    const { bill, order, supplier, before } = await billedChairs();
    expect((await acs.purchaseOrders.retrieve(order.id)).items[0].billedQuantity).toBe(6);
    const seen = mock.events.history.length;

    const voided = await acs.bills.void(bill.id, { reason: 'Entered twice' });
    expect(voided).toMatchObject({ status: 'void', balanceDue: 0, voidDate: '2026-11-10', voidReason: 'Entered twice' });
    const original = await acs.journalEntries.retrieve(bill.journalEntryId!);
    expect(original.status).toBe('void');
    expect(await acs.journalEntries.retrieve(original.reversedByEntryId!)).toMatchObject({
      date: '2026-11-10',
      source: { type: 'bill', id: bill.id },
    });
    expect(await books()).toEqual(before.books);
    expect((await acs.suppliers.retrieve(supplier.id)).currentBalance).toBe(before.supplier);
    const reopened = await acs.purchaseOrders.retrieve(order.id);
    expect(reopened.items[0].billedQuantity).toBe(0);
    expect(reopened.billIds).not.toContain(bill.id);
    expect(mock.events.history.slice(seen).map((e) => e.event)).toContain('bill.voided');
    expect((await acs.bills.list({ status: 'void' })).data.map((b) => b.id)).toEqual([bill.id]);
    // Aged payables still equals the payables account, with the bill gone from it.
    expect((await acs.reports.purchasing.agedPayables()).totals.total).toBeCloseTo(await balanceOf('2110'), 2);

    // The goods can be billed again.
    const again = await acs.bills.create({
      supplierId: supplier.id,
      supplierInvoiceNumber: 'KPM-9002',
      purchaseOrderId: order.id,
      items: [{ purchaseOrderLineId: order.items[0].id, quantity: 10, unitPrice: 120 }],
    });
    expect(await acs.bills.approve(again.id)).toMatchObject({ status: 'open' });
  });

  it('a paid or partly paid bill is refused until its payments are voided, and nothing changes', async () => {
    const { bill } = await billedChairs();
    const paid = await acs.bills.pay(bill.id, { amount: 100 });
    const count = (await acs.journalEntries.list({ limit: 1 })).total;
    const error = await failureOf(acs.bills.void(bill.id, { reason: 'Wrong supplier' }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({
      status: 422,
      message: expect.stringContaining('void its payments first'),
      details: [expect.objectContaining({ billId: bill.id, status: 'partially_paid' })],
    });
    expect(await acs.bills.retrieve(bill.id)).toMatchObject({ status: 'partially_paid' });
    expect((await acs.journalEntries.list({ limit: 1 })).total).toBe(count);

    await acs.bills.voidPayment(bill.id, paid.payments[0].id, { reason: 'Paid the wrong bill' });
    expect(await acs.bills.void(bill.id, { reason: 'Wrong supplier', voidDate: '2026-11-18' })).toMatchObject({
      status: 'void',
      voidDate: '2026-11-18',
    });
    expect(await failureOf(acs.bills.void(bill.id, { reason: 'again' }))).toMatchObject({
      message: expect.stringContaining('already void'),
    });
  });

  it('a bill dated in a locked period is voided the day after the lock; a void date inside it is refused', async () => {
    const { bill } = await billedChairs('2026-10-20');
    await acs.company.update({ lockDate: '2026-10-31' });
    expect(await failureOf(acs.bills.void(bill.id, { reason: 'Duplicate', voidDate: '2026-10-25' }))).toMatchObject({
      code: 'PERIOD_LOCKED',
      details: [expect.objectContaining({ field: 'voidDate', lockDate: '2026-10-31', source: { type: 'bill', id: bill.id } })],
    });
    // Overdue by now: it moves like open.
    expect(await acs.bills.retrieve(bill.id)).toMatchObject({ status: 'overdue', voidDate: null });
    expect(await acs.bills.void(bill.id, { reason: 'Duplicate' })).toMatchObject({ status: 'void', voidDate: '2026-11-01' });
  });

  it('a draft bill is changed, not voided', async () => {
    const [supplier] = (await acs.suppliers.list({ search: 'Bestari' })).data;
    const draft = await acs.bills.create({
      supplierId: supplier.id,
      supplierInvoiceNumber: 'BT-77',
      items: [{ description: 'Toner', quantity: 1, unitPrice: 50, accountCode: '6500' }],
    });
    expect(await failureOf(acs.bills.void(draft.id, { reason: 'x' }))).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION' });
  });
});
