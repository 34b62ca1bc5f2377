import { beforeEach, describe, expect, it } from 'vitest';
import {
  BusinessRuleError,
  ConflictError,
  ValidationError,
  type Bill,
  type Item,
  type PurchaseOrder,
  type Supplier,
} from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const byCode = async (itemCode: string): Promise<Item> => (await acs.items.list({ itemCode })).data[0];
const supplierNamed = async (search: string): Promise<Supplier> => (await acs.suppliers.list({ search })).data[0];
const balanceOf = async (accountNumber: string) =>
  (await acs.accounts.retrieve((await accountByNumber(acs, accountNumber)).id)).balance.net;
const entryOf = async (journalEntryId: string) => acs.journalEntries.retrieve(journalEntryId);
/** `[accountNumber, debit, credit]` of an entry's lines, sorted. */
const linesOf = async (journalEntryId: string) =>
  (await entryOf(journalEntryId)).lines.map((l) => [l.accountNumber, l.debit, l.credit] as const).sort((a, b) => a[0].localeCompare(b[0]));

/** A sent order of ten chairs at 120 from the Muar factory, `received` of them received. */
async function receivedChairs(received: number): Promise<PurchaseOrder> {
  const chair = await byCode('CHR-100');
  const supplier = await supplierNamed('Perabot');
  const order = await acs.purchaseOrders.create({
    supplierId: supplier.id,
    items: [{ itemId: chair.id, quantity: 10, unitPrice: 120, taxCode: 'SST10' }],
  });
  await acs.purchaseOrders.send(order.id);
  return acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: received }] });
}

/** An approved direct bill from the stationery supplier (net 14, no discount). */
async function approvedExpenseBill(amount = 500, number = 'BT-1001'): Promise<Bill> {
  const supplier = await supplierNamed('Bestari');
  const bill = await acs.bills.create({
    supplierId: supplier.id,
    supplierInvoiceNumber: number,
    items: [{ description: 'Printer toner', quantity: 1, unitPrice: amount, accountCode: '6500' }],
  });
  return acs.bills.approve(bill.id);
}

describe('bills: matching and approval', () => {
  it('approving a bill for received goods clears goods received not invoiced, posts the difference to variance, and credits payables; its SST is a cost, not tax recoverable', async () => {
    const order = await receivedChairs(10);
    const grniBefore = await balanceOf('2150');
    const supplierBefore = (await acs.suppliers.retrieve(order.supplierId)).currentBalance;
    const draft = await acs.bills.create({
      supplierId: order.supplierId,
      supplierInvoiceNumber: 'KPM-7781',
      purchaseOrderId: order.id,
      items: [{ purchaseOrderLineId: order.items[0].id, quantity: 10, unitPrice: 123 }],
    });
    expect(draft).toMatchObject({
      status: 'draft',
      billNumber: expect.stringMatching(/^BILL-\d{6}$/),
      subtotal: 1230,
      taxTotal: 123,
      total: 1353,
      balanceDue: 1353,
      journalEntryId: null,
    });
    expect(draft.items[0]).toMatchObject({ itemId: order.items[0].itemId, taxCode: 'SST10', accountCode: '2150' });
    expect(draft.dueDate).toBe(addDays(draft.billDate, 30));

    const bill = await acs.bills.approve(draft.id);
    expect(bill).toMatchObject({ status: 'open', baseTotal: 1353, approvedBy: expect.any(String) });
    // The receipt valued the chairs at 1,320: 1,200 and the 10% sales tax, which SST gives no credit for (PUR-55).
    expect(await linesOf(bill.journalEntryId!)).toEqual([
      ['2110', 0, 1353],
      ['2150', 1320, 0],
      ['5400', 33, 0],
    ]);
    expect(await balanceOf('2150')).toBe(grniBefore - 1320);
    expect((await acs.suppliers.retrieve(order.supplierId)).currentBalance).toBe(supplierBefore + 1353);
    const after = await acs.purchaseOrders.retrieve(order.id);
    expect(after.items[0].billedQuantity).toBe(10);
    expect(after.billIds).toEqual([bill.id]);
  });

  it('a bill for an order without items bills everything received and not yet billed', async () => {
    const order = await receivedChairs(4);
    const bill = await acs.bills.create({ supplierId: order.supplierId, supplierInvoiceNumber: 'KPM-7782', purchaseOrderId: order.id });
    expect(bill.items).toEqual([expect.objectContaining({ purchaseOrderLineId: order.items[0].id, quantity: 4, unitPrice: 120 })]);
  });

  it('billing more than was received and not yet billed is refused at approval and changes nothing', async () => {
    const order = await receivedChairs(4);
    const bill = await acs.bills.create({
      supplierId: order.supplierId,
      supplierInvoiceNumber: 'KPM-7783',
      purchaseOrderId: order.id,
      items: [{ purchaseOrderLineId: order.items[0].id, quantity: 5 }],
    });
    const grni = await balanceOf('2150');
    const error = await failureOf(acs.bills.approve(bill.id));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toEqual([
      expect.objectContaining({ field: 'items.0.quantity', code: 'MAX_VALUE', constraint: { max: 4 } }),
    ]);
    expect((await acs.bills.retrieve(bill.id)).status).toBe('draft');
    expect(await balanceOf('2150')).toBe(grni);
    expect((await acs.purchaseOrders.retrieve(order.id)).items[0].billedQuantity).toBe(0);
  });

  it('a billed price more than 5% from the order price is refused; within it the difference is variance', async () => {
    const order = await receivedChairs(10);
    const line = order.items[0].id;
    const dear = await acs.bills.create({
      supplierId: order.supplierId,
      supplierInvoiceNumber: 'KPM-7784',
      purchaseOrderId: order.id,
      items: [{ purchaseOrderLineId: line, quantity: 5, unitPrice: 126.01 }],
    });
    const error = await failureOf(acs.bills.approve(dear.id));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect((error as BusinessRuleError).message).toContain('5%');
    const cheaper = await acs.bills.create({
      supplierId: order.supplierId,
      supplierInvoiceNumber: 'KPM-7785',
      purchaseOrderId: order.id,
      items: [{ purchaseOrderLineId: line, quantity: 5, unitPrice: 114, taxCode: null }],
    });
    const approved = await acs.bills.approve(cheaper.id);
    // Half of the 1,320 received (price and tax) against a bill of 570 without tax.
    expect(await linesOf(approved.journalEntryId!)).toEqual([
      ['2110', 0, 570],
      ['2150', 660, 0],
      ['5400', 0, 90],
    ]);
  });

  it('a supplier invoice number is unique per supplier: INVALID_SUPPLIER_INVOICE (409); another supplier may use it', async () => {
    await approvedExpenseBill(100, 'X-42');
    const stationer = await supplierNamed('Bestari');
    const error = await failureOf(
      acs.bills.create({
        supplierId: stationer.id,
        supplierInvoiceNumber: ' x-42 ',
        items: [{ description: 'Pens', quantity: 1, unitPrice: 9, accountCode: '6500' }],
      }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'INVALID_SUPPLIER_INVOICE' });
    const factory = await supplierNamed('Perabot');
    await expect(
      acs.bills.create({
        supplierId: factory.id,
        supplierInvoiceNumber: 'X-42',
        items: [{ description: 'Delivery', quantity: 1, unitPrice: 80, accountCode: '5200' }],
      }),
    ).resolves.toMatchObject({ status: 'draft' });
  });

  it('a direct bill posts each line to its account; an account that is not an expense or asset, or a stock item without its order, is refused', async () => {
    const bill = await approvedExpenseBill(250);
    expect(await linesOf(bill.journalEntryId!)).toEqual([
      ['2110', 0, 250],
      ['6500', 250, 0],
    ]);
    const supplier = await supplierNamed('Bestari');
    const chair = await byCode('CHR-100');
    const error = await failureOf(
      acs.bills.create({
        supplierId: supplier.id,
        supplierInvoiceNumber: 'BT-2',
        items: [
          { description: 'Consulting', quantity: 1, unitPrice: 10, accountCode: '4100' },
          { itemId: chair.id, quantity: 1, unitPrice: 100 },
          { description: 'Nothing', quantity: 1, unitPrice: 1 },
        ],
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toEqual([
      expect.objectContaining({ field: 'items.0.accountCode', code: 'INVALID_CHOICE' }),
      expect.objectContaining({ field: 'items.1.itemId', code: 'INVALID_CHOICE' }),
      expect.objectContaining({ field: 'items.2.accountCode', code: 'REQUIRED_FIELD' }),
    ]);
  });

  it('only a draft is changed or approved', async () => {
    const bill = await approvedExpenseBill();
    expect(await failureOf(acs.bills.update(bill.id, { notes: 'late' }))).toBeInstanceOf(BusinessRuleError);
    expect(await failureOf(acs.bills.approve(bill.id))).toBeInstanceOf(BusinessRuleError);
  });

  it('an approved bill past its due date is overdue by the clock, and the list filters by it', async () => {
    const bill = await approvedExpenseBill();
    expect(bill).toMatchObject({ status: 'open', overdueBy: 0 });
    mock.clock.advance({ days: 20 });
    expect(await acs.bills.retrieve(bill.id)).toMatchObject({ status: 'overdue', overdueBy: 6 });
    expect((await acs.bills.list({ status: 'overdue' })).data.map((b) => b.id)).toContain(bill.id);
  });

  it('publishes bill.created, bill.approved and bill.paid', async () => {
    const seen = mock.events.history.length;
    const bill = await approvedExpenseBill(80);
    await acs.bills.pay(bill.id, { amount: 80 });
    const events = mock.events.history.slice(seen).filter((e) => e.event.startsWith('bill.'));
    expect(events.map((e) => e.event)).toEqual(['bill.created', 'bill.approved', 'bill.paid']);
  });
});

describe('bills: payments', () => {
  it('part and full payments move paidAmount, balanceDue and the status; a paid bill answers BILL_ALREADY_PAID and overpaying is refused', async () => {
    const bill = await approvedExpenseBill(500);
    const bankBefore = await balanceOf('1120');
    const over = await failureOf(acs.bills.pay(bill.id, { amount: 500.01 }));
    expect(over).toBeInstanceOf(ValidationError);
    const part = await acs.bills.pay(bill.id, { amount: 200, reference: 'IBG 1' });
    expect(part).toMatchObject({ status: 'partially_paid', paidAmount: 200, balanceDue: 300 });
    expect(await linesOf(part.payments[0].journalEntryId)).toEqual([
      ['1120', 0, 200],
      ['2110', 200, 0],
    ]);
    const paid = await acs.bills.pay(bill.id, { amount: 300 });
    expect(paid).toMatchObject({ status: 'paid', paidAmount: 500, balanceDue: 0 });
    expect(await balanceOf('1120')).toBe(bankBefore - 500);
    const again = await failureOf(acs.bills.pay(bill.id, { amount: 1 }));
    expect(again).toMatchObject({ status: 422, code: 'BILL_ALREADY_PAID' });
    expect((await acs.suppliers.retrieve(bill.supplierId)).currentBalance).toBe(0);
  });

  it('a draft is approved before it is paid', async () => {
    const supplier = await supplierNamed('Bestari');
    const draft = await acs.bills.create({
      supplierId: supplier.id,
      supplierInvoiceNumber: 'BT-9',
      items: [{ description: 'Pens', quantity: 1, unitPrice: 9, accountCode: '6500' }],
    });
    expect(await failureOf(acs.bills.pay(draft.id, { amount: 9 }))).toBeInstanceOf(BusinessRuleError);
  });

  it('paying the total less the early-payment discount within the discount days settles the bill and credits discounts received', async () => {
    const factory = await supplierNamed('Perabot');
    const draft = await acs.bills.create({
      supplierId: factory.id,
      supplierInvoiceNumber: 'KPM-9001',
      items: [{ description: 'Showroom display', quantity: 1, unitPrice: 1000, accountCode: '6600' }],
    });
    const bill = await acs.bills.approve(draft.id);
    mock.clock.advance({ days: 5 });
    const paid = await acs.bills.pay(bill.id, { amount: 980 });
    expect(paid).toMatchObject({ status: 'paid', paidAmount: 980, discountTaken: 20, balanceDue: 0, payments: [{ discountAmount: 20 }] });
    expect(await linesOf(paid.payments[0].journalEntryId)).toEqual([
      ['1120', 0, 980],
      ['2110', 1000, 0],
      ['4910', 0, 20],
    ]);
  });

  it('after the discount days the discount is gone: the same amount is a part payment', async () => {
    const factory = await supplierNamed('Perabot');
    const draft = await acs.bills.create({
      supplierId: factory.id,
      supplierInvoiceNumber: 'KPM-9002',
      items: [{ description: 'Showroom display', quantity: 1, unitPrice: 1000, accountCode: '6600' }],
    });
    const bill = await acs.bills.approve(draft.id);
    mock.clock.advance({ days: 11 });
    expect(await acs.bills.pay(bill.id, { amount: 980 })).toMatchObject({ status: 'partially_paid', discountTaken: 0, balanceDue: 20 });
  });

  it('voiding a payment reverses its entry and restores the bill and the supplier balance', async () => {
    const bill = await approvedExpenseBill(400);
    const paid = await acs.bills.pay(bill.id, { amount: 400 });
    const ap = await balanceOf('2110');
    const restored = await acs.bills.voidPayment(bill.id, paid.payments[0].id, { reason: 'Paid from the wrong account' });
    expect(restored).toMatchObject({
      status: 'open',
      paidAmount: 0,
      balanceDue: 400,
      payments: [{ status: 'voided', voidReason: 'Paid from the wrong account' }],
    });
    expect((await entryOf(paid.payments[0].journalEntryId)).status).toBe('void');
    expect(await balanceOf('2110')).toBe(ap + 400);
    expect((await acs.suppliers.retrieve(bill.supplierId)).currentBalance).toBe(400);
    expect(await failureOf(acs.bills.voidPayment(bill.id, paid.payments[0].id, { reason: 'again' }))).toBeInstanceOf(BusinessRuleError);
  });

  it('a foreign-currency bill paid at another rate books the difference as a realised exchange gain or loss', async () => {
    const shenzhen = await supplierNamed('Shenzhen');
    const missingRate = await failureOf(
      acs.bills.create({
        supplierId: shenzhen.id,
        supplierInvoiceNumber: 'SZ-1',
        items: [{ description: 'Samples', quantity: 1, unitPrice: 100, accountCode: '6600' }],
      }),
    );
    expect((missingRate as ValidationError).details).toEqual([expect.objectContaining({ field: 'exchangeRate', code: 'REQUIRED_FIELD' })]);
    const draft = await acs.bills.create({
      supplierId: shenzhen.id,
      supplierInvoiceNumber: 'SZ-1',
      exchangeRate: 4.5,
      items: [{ description: 'Samples', quantity: 1, unitPrice: 100, accountCode: '6600' }],
    });
    const bill = await acs.bills.approve(draft.id);
    expect(bill).toMatchObject({ currency: 'USD', total: 100, baseTotal: 450 });
    const paid = await acs.bills.pay(bill.id, { amount: 100, exchangeRate: 4.6 });
    expect(await linesOf(paid.payments[0].journalEntryId)).toEqual([
      ['1120', 0, 460],
      ['2110', 450, 0],
      ['4920', 10, 0],
    ]);
    expect((await acs.suppliers.retrieve(shenzhen.id)).currentBalance).toBe(0);
  });
});

describe('bills: attachments', () => {
  const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0xff, 0xfe, 0x80]);
  const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

  it("stores a bill's files and answers a URL that downloads the exact bytes with their type", async () => {
    const supplier = await supplierNamed('Bestari');
    const bill = await acs.bills.create({
      supplierId: supplier.id,
      supplierInvoiceNumber: 'BT-ATT',
      items: [{ description: 'Paper', quantity: 1, unitPrice: 58, accountCode: '6500' }],
      attachments: [{ filename: 'BT-ATT.pdf', content: base64(pdf), mimeType: 'application/pdf' }],
    });
    expect(bill.attachments).toEqual([
      {
        id: expect.any(String),
        filename: 'BT-ATT.pdf',
        mimeType: 'application/pdf',
        size: pdf.length,
        url: expect.any(String),
        uploadedAt: expect.any(String),
      },
    ]);
    const download = await fetch(bill.attachments[0].url);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    const updated = await acs.bills.update(bill.id, {
      attachments: [{ filename: 'delivery-order.png', content: base64(new Uint8Array([0x89, 0x50, 0x4e, 0x47])), mimeType: 'image/png' }],
    });
    expect(updated.attachments.map((a) => a.filename)).toEqual(['BT-ATT.pdf', 'delivery-order.png']);
  });

  it('an unaccepted type, content that is not base64, or a file over 512 KB is a 422 and writes no bill', async () => {
    const supplier = await supplierNamed('Bestari');
    const count = (await acs.bills.list({ supplierId: supplier.id })).data.length;
    const big = 'A'.repeat(Math.ceil((512 * 1024 + 3) / 3) * 4);
    const error = await failureOf(
      acs.bills.create({
        supplierId: supplier.id,
        supplierInvoiceNumber: 'BT-BAD',
        items: [{ description: 'Paper', quantity: 1, unitPrice: 58, accountCode: '6500' }],
        attachments: [
          { filename: 'run.exe', content: base64(pdf), mimeType: 'application/x-msdownload' },
          { filename: 'scan.pdf', content: 'not base64!', mimeType: 'application/pdf' },
          { filename: 'huge.pdf', content: big, mimeType: 'application/pdf' },
        ],
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toEqual([
      expect.objectContaining({ field: 'attachments.0.mimeType', code: 'INVALID_CHOICE' }),
      expect.objectContaining({ field: 'attachments.1.content', code: 'INVALID_FORMAT' }),
      expect.objectContaining({ field: 'attachments.2.content', code: 'MAX_VALUE' }),
    ]);
    expect((await acs.bills.list({ supplierId: supplier.id })).data.length).toBe(count);
  });
});

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
