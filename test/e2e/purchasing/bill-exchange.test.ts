import { describe, expect, it } from 'vitest';
import { purchasingSandbox } from './purchasing-sandbox.js';

// A dollar bill at another rate than its goods were received at (PUR-56, IAS 21.28): the received value
// restated at the bill's rate is an exchange difference (4920); purchase price variance (5400) is only the
// billed less the ordered price, at the bill's rate; goods received not invoiced (2150) clears exactly what
// the receipt put there.
const { acs, byCode, supplierId, balanceOf, linesOf } = purchasingSandbox();

/** `quantity` chairs from Shenzhen at 36.50 dollars under `taxCode`, ordered at 4.40 and received in full. */
async function chairsReceivedAt440(quantity: number, taxCode: string | null) {
  const chair = await byCode('CHR-100');
  const supplier = await supplierId('Shenzhen');
  const order = await acs.purchaseOrders.create({
    supplierId: supplier,
    exchangeRate: 4.4,
    items: [{ itemId: chair.id, quantity, unitPrice: 36.5, taxCode }],
  });
  await acs.purchaseOrders.send(order.id);
  return acs.purchaseOrders.receive(order.id);
}

/** A bill of the order's line, `quantity` at `unitPrice` dollars and `exchangeRate`, approved. */
async function billed(
  order: Awaited<ReturnType<typeof chairsReceivedAt440>>,
  n: number,
  bill: { quantity: number; unitPrice: number; exchangeRate: number },
) {
  const draft = await acs.bills.create({
    supplierId: order.supplierId,
    supplierInvoiceNumber: `SZ-FX-${n}`,
    purchaseOrderId: order.id,
    exchangeRate: bill.exchangeRate,
    items: [{ purchaseOrderLineId: order.items[0].id, quantity: bill.quantity, unitPrice: bill.unitPrice }],
  });
  return acs.bills.approve(draft.id);
}

describe("bills: a rate other than the receipt's", () => {
  it('billed at the ordered price at 4.50 on goods received at 4.40: all of the difference is an exchange loss, none is price variance', async () => {
    const order = await chairsReceivedAt440(10, null);
    // 10 x 36.50 = 365.00 dollars, received at 4.40: 1,606.00.
    expect(order.receipts[0].items[0]).toMatchObject({ value: 1606 });
    const grni = await balanceOf('2150');
    const bill = await billed(order, 1, { quantity: 10, unitPrice: 36.5, exchangeRate: 4.5 });
    expect(bill).toMatchObject({ currency: 'USD', total: 365, baseTotal: 1642.5 });
    // 365.00 x (4.50 - 4.40) = 36.50 exchange loss.
    expect(await linesOf(bill.journalEntryId!)).toEqual([
      ['2110', 0, 1642.5],
      ['2150', 1606, 0],
      ['4920', 36.5, 0],
    ]);
    expect(await balanceOf('2150')).toBeCloseTo(grni - 1606, 2);
  });

  it("billed dearer and at a higher rate: the price difference at the bill's rate is variance, the rate on the received value an exchange difference", async () => {
    const order = await chairsReceivedAt440(10, null);
    const bill = await billed(order, 2, { quantity: 10, unitPrice: 37, exchangeRate: 4.5 });
    // Billed 370.00 x 4.50 = 1,665.00; received 1,606.00 restated at 4.50 = 1,642.50: exchange 36.50;
    // variance (37.00 - 36.50) x 10 x 4.50 = 22.50.
    expect(await linesOf(bill.journalEntryId!)).toEqual([
      ['2110', 0, 1665],
      ['2150', 1606, 0],
      ['4920', 36.5, 0],
      ['5400', 22.5, 0],
    ]);
  });

  it('a lower rate is an exchange gain', async () => {
    const order = await chairsReceivedAt440(10, null);
    const bill = await billed(order, 3, { quantity: 10, unitPrice: 36.5, exchangeRate: 4.3 });
    // 365.00 x (4.30 - 4.40) = -36.50: a credit.
    expect(await linesOf(bill.journalEntryId!)).toEqual([
      ['2110', 0, 1569.5],
      ['2150', 1606, 0],
      ['4920', 0, 36.5],
    ]);
  });

  it('SST that is not recoverable is part of the cost (PUR-55): its own rate difference is exchange too, its price difference variance', async () => {
    const order = await chairsReceivedAt440(10, 'SST10');
    // Landed at 36.50 + 10% = 40.15 dollars: 401.50 x 4.40 = 1,766.60 into stock and onto 2150.
    expect(order.receipts[0].items[0]).toMatchObject({ value: 1766.6 });
    const bill = await billed(order, 4, { quantity: 10, unitPrice: 37, exchangeRate: 4.5 });
    expect(bill).toMatchObject({ subtotal: 370, taxTotal: 37, total: 407, baseTotal: 1831.5 });
    // Exchange: 401.50 x 0.10 = 40.15 (36.50 on the price, 3.65 on its tax); variance: (407.00 - 401.50) x 4.50 = 24.75.
    expect(await linesOf(bill.journalEntryId!)).toEqual([
      ['2110', 0, 1831.5],
      ['2150', 1766.6, 0],
      ['4920', 40.15, 0],
      ['5400', 24.75, 0],
    ]);
  });

  it('billed in two parts at two rates, goods received not invoiced clears to the cent what the receipt put there', async () => {
    const order = await chairsReceivedAt440(3, null);
    // 3 x 36.50 x 4.40 = 481.80.
    expect(order.receipts[0].items[0]).toMatchObject({ value: 481.8 });
    const grni = await balanceOf('2150');
    const first = await billed(order, 5, { quantity: 1, unitPrice: 36.5, exchangeRate: 4.5 });
    // A third of 481.80 is 160.60, restated at 4.50: 164.25.
    expect(await linesOf(first.journalEntryId!)).toEqual([
      ['2110', 0, 164.25],
      ['2150', 160.6, 0],
      ['4920', 3.65, 0],
    ]);
    const second = await billed(order, 6, { quantity: 2, unitPrice: 36.5, exchangeRate: 4.6 });
    // The rest, 321.20, restated at 4.60: 335.80.
    expect(await linesOf(second.journalEntryId!)).toEqual([
      ['2110', 0, 335.8],
      ['2150', 321.2, 0],
      ['4920', 14.6, 0],
    ]);
    expect(await balanceOf('2150')).toBeCloseTo(grni - 481.8, 2);
  });
});
