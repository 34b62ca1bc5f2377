import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, ValidationError } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

// Supplier credit and debit notes on approved bills (implied; decisions PUR-58, PUR-59), the clock pinned.
const { mock, acs } = sandbox({ now: '2026-11-20T09:00:00Z' });

beforeEach(() => {
  mock.reset();
});

const balanceOf = async (accountNumber: string) =>
  (await acs.accounts.retrieve((await accountByNumber(acs, accountNumber)).id)).balance.net;
const linesOf = async (journalEntryId: string) =>
  (await acs.journalEntries.retrieve(journalEntryId)).lines
    .map((l) => [l.accountNumber, l.debit, l.credit] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));
const supplierOf = async () => (await acs.suppliers.list({ search: 'Perabot' })).data[0];
/** Aged payables and the payables account agree (PUR-44). */
const expectAgedPayablesTie = async () =>
  expect((await acs.reports.purchasing.agedPayables()).totals.total).toBeCloseTo(await balanceOf('2110'), 2);

/** An approved bill for six of ten chairs received (SST10, a cost of the goods), at 121 a chair against the order's 120. */
async function billedChairs() {
  const [chair] = (await acs.items.list({ itemCode: 'CHR-100' })).data;
  const supplier = await supplierOf();
  const order = await acs.purchaseOrders.create({
    supplierId: supplier.id,
    orderDate: '2026-10-01',
    items: [{ itemId: chair.id, quantity: 10, unitPrice: 120, taxCode: 'SST10' }],
  });
  await acs.purchaseOrders.send(order.id);
  await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 10 }], date: '2026-10-05' });
  const draft = await acs.bills.create({
    supplierId: supplier.id,
    supplierInvoiceNumber: 'KPM-9001',
    purchaseOrderId: order.id,
    billDate: '2026-11-10',
    items: [{ purchaseOrderLineId: order.items[0].id, quantity: 6, unitPrice: 121 }],
  });
  return { bill: await acs.bills.approve(draft.id), order, supplier };
}

/** An approved courier bill of 200 (no tax) to account 6500. */
async function courierBill(number: string) {
  const supplier = await supplierOf();
  const draft = await acs.bills.create({
    supplierId: supplier.id,
    supplierInvoiceNumber: number,
    billDate: '2026-11-12',
    items: [{ description: 'Courier', quantity: 1, unitPrice: 200, accountCode: '6500', taxCode: null }],
  });
  return acs.bills.approve(draft.id);
}

describe('supplier credit notes', () => {
  it("crediting a matched stock line gives goods received not invoiced back and lowers the bill and the supplier's balance", async () => {
    const { bill, order, supplier } = await billedChairs();
    const before = { supplier: (await acs.suppliers.retrieve(supplier.id)).currentBalance, grni: await balanceOf('2150') };
    const seen = mock.events.history.length;

    const credit = await acs.supplierCreditNotes.create(bill.id, {
      reason: 'Two chairs billed twice',
      supplierCreditNoteNumber: 'KPM-CN-17',
      items: [{ billLineId: bill.items[0].id, quantity: 2 }],
    });
    // 2 x 121 plus SST 10%: all of it settles the open bill.
    expect(credit).toMatchObject({
      creditNoteNumber: 'SCN-000001',
      status: 'applied',
      total: 266.2,
      amountApplied: 266.2,
      remainingCredit: 0,
      applications: [{ billId: bill.id, amount: 266.2 }],
    });
    // The approval's share reversed: Dr payables, Cr GRNI at the value received (2 x 132) and the price variance (2 x 1.10).
    expect(await linesOf(credit.journalEntryId)).toEqual([
      ['2110', 266.2, 0],
      ['2150', 0, 264],
      ['5400', 0, 2.2],
    ]);
    expect(await acs.bills.retrieve(bill.id)).toMatchObject({ creditedAmount: 266.2, balanceDue: 532.4, status: 'partially_paid' });
    expect((await acs.purchaseOrders.retrieve(order.id)).items[0].billedQuantity).toBe(4);
    // GRNI is a liability: its balance grows by the value received and no longer billed.
    expect(await balanceOf('2150')).toBeCloseTo(before.grni + 264, 2);
    expect((await acs.suppliers.retrieve(supplier.id)).currentBalance).toBeCloseTo(before.supplier - 266.2, 2);
    expect(mock.events.history.slice(seen).map((e) => e.event)).toContain('supplier_credit_note.created');
    await expectAgedPayablesTie();
    expect((await acs.supplierCreditNotes.list({ billId: bill.id })).data.map((n) => n.id)).toEqual([credit.id]);
    expect(await acs.supplierCreditNotes.retrieve(credit.id)).toMatchObject({ supplierCreditNoteNumber: 'KPM-CN-17' });
  });

  it('crediting more than was billed less what was credited is refused, and nothing changes', async () => {
    const { bill } = await billedChairs();
    await acs.supplierCreditNotes.create(bill.id, { reason: 'Price', items: [{ billLineId: bill.items[0].id, quantity: 5 }] });
    const entries = (await acs.journalEntries.list({ limit: 1 })).total;
    const error = await failureOf(
      acs.supplierCreditNotes.create(bill.id, { reason: 'Again', items: [{ billLineId: bill.items[0].id, quantity: 2 }] }),
    );
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({ status: 422, message: expect.stringContaining('billed less what was already credited') });
    expect((await acs.journalEntries.list({ limit: 1 })).total).toBe(entries);
    // What is left credits the bill in full; then nothing is left.
    expect(await acs.supplierCreditNotes.create(bill.id, { reason: 'The last chair' })).toMatchObject({ items: [{ quantity: 1 }] });
    expect(await acs.bills.retrieve(bill.id)).toMatchObject({ status: 'paid', balanceDue: 0 });
    // A bill with supplier notes is not voided.
    expect(await failureOf(acs.bills.void(bill.id, { reason: 'Wrong' }))).toBeInstanceOf(BusinessRuleError);
  });

  it('credit on a paid bill stays as supplier credit, is applied to another bill and the rest refunded: Dr bank / Cr payables', async () => {
    const paidBill = await courierBill('CR-1');
    await acs.bills.pay(paidBill.id, { amount: 200 });
    const other = await courierBill('CR-2');
    const supplier = await supplierOf();
    const before = (await acs.suppliers.retrieve(supplier.id)).currentBalance;

    const credit = await acs.supplierCreditNotes.create(paidBill.id, { reason: 'Parcel lost' });
    expect(credit).toMatchObject({ status: 'open', total: 200, amountApplied: 0, remainingCredit: 200, applications: [] });
    expect(await linesOf(credit.journalEntryId)).toEqual([
      ['2110', 200, 0],
      ['6500', 0, 200],
    ]);
    expect((await acs.suppliers.retrieve(supplier.id)).currentBalance).toBeCloseTo(before - 200, 2);
    await expectAgedPayablesTie();

    const applied = await acs.supplierCreditNotes.apply(credit.id, { billId: other.id, amount: 150 });
    expect(applied).toMatchObject({ status: 'open', amountApplied: 150, remainingCredit: 50 });
    expect(await acs.bills.retrieve(other.id)).toMatchObject({ creditedAmount: 150, balanceDue: 50, status: 'partially_paid' });
    const tooMuch = await failureOf(acs.supplierCreditNotes.apply(credit.id, { billId: other.id, amount: 60 }));
    expect(tooMuch).toBeInstanceOf(ValidationError);

    const refunded = await acs.supplierCreditNotes.refund(credit.id, { amount: 50, reference: 'IBG 55120' });
    expect(refunded).toMatchObject({
      status: 'refunded',
      amountRefunded: 50,
      remainingCredit: 0,
      refunds: [{ refundNumber: 'SRF-000001' }],
    });
    expect(await linesOf(refunded.refunds[0].journalEntryId)).toEqual([
      ['1120', 50, 0],
      ['2110', 0, 50],
    ]);
    expect((await acs.suppliers.retrieve(supplier.id)).currentBalance).toBeCloseTo(before - 150, 2);
    expect(await failureOf(acs.supplierCreditNotes.refund(credit.id, { amount: 1 }))).toBeInstanceOf(BusinessRuleError);
    await expectAgedPayablesTie();
    const events = mock.events.history.map((e) => e.event);
    expect(events).toContain('supplier_credit_note.applied');
    expect(events).toContain('supplier_credit_note.refunded');
  });
});

describe('supplier debit notes', () => {
  it('a debit note on a paid bill posts like a small bill, makes the bill due again and grows the supplier balance', async () => {
    const bill = await courierBill('CR-3');
    await acs.bills.pay(bill.id, { amount: 200 });
    const supplier = await supplierOf();
    const before = (await acs.suppliers.retrieve(supplier.id)).currentBalance;

    const charge = await acs.supplierDebitNotes.create(bill.id, {
      reason: 'Weekend delivery surcharge',
      items: [{ description: 'Surcharge', quantity: 1, unitPrice: 35, accountCode: '6500', taxCode: null }],
    });
    expect(charge).toMatchObject({ debitNoteNumber: 'SDN-000001', total: 35, baseTotal: 35, billId: bill.id });
    expect(await linesOf(charge.journalEntryId)).toEqual([
      ['2110', 0, 35],
      ['6500', 35, 0],
    ]);
    expect(await acs.bills.retrieve(bill.id)).toMatchObject({ debitedAmount: 35, balanceDue: 35, status: 'partially_paid' });
    expect((await acs.suppliers.retrieve(supplier.id)).currentBalance).toBeCloseTo(before + 35, 2);
    await expectAgedPayablesTie();
    expect(await acs.bills.pay(bill.id, { amount: 35 })).toMatchObject({ status: 'paid', balanceDue: 0 });
    expect((await acs.supplierDebitNotes.list({ billId: bill.id })).data.map((n) => n.id)).toEqual([charge.id]);
    expect(await acs.supplierDebitNotes.retrieve(charge.id)).toMatchObject({ reason: 'Weekend delivery surcharge' });
    expect(mock.events.history.map((e) => e.event)).toContain('supplier_debit_note.created');
  });

  it("a charge without an item or account posts to the bill's own expense account", async () => {
    const bill = await courierBill('CR-5');
    const charge = await acs.supplierDebitNotes.create(bill.id, {
      reason: 'Fuel',
      items: [{ description: 'Fuel levy', quantity: 1, unitPrice: 8 }],
    });
    expect(charge.items[0]).toMatchObject({ accountCode: '6500', taxCode: expect.any(String) });
    expect(await acs.bills.retrieve(bill.id)).toMatchObject({ debitedAmount: charge.total, balanceDue: 200 + charge.total });
  });

  it('a draft bill takes no debit note', async () => {
    const supplier = await supplierOf();
    const draft = await acs.bills.create({
      supplierId: supplier.id,
      supplierInvoiceNumber: 'CR-4',
      items: [{ description: 'Courier', quantity: 1, unitPrice: 20, accountCode: '6500' }],
    });
    const error = await failureOf(
      acs.supplierDebitNotes.create(draft.id, {
        reason: 'Extra',
        items: [{ description: 'x', quantity: 1, unitPrice: 1, accountCode: '6500' }],
      }),
    );
    expect(error).toMatchObject({ status: 422, message: expect.stringContaining('a draft bill is changed') });
  });
});
