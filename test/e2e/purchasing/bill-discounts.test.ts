import { describe, expect, it } from 'vitest';
import { purchasingSandbox } from './purchasing-sandbox.js';

// An early-payment discount on a bill with tax (PUR-57): the discount is 2% of the tax-inclusive total; a
// recoverable code's tax follows it, so its share comes off tax recoverable (1180), which keeps the tax
// actually paid; tax that is not recoverable was part of the cost, so all of the discount is discount received (4910).
const { mock, acs, supplierId, balanceOf, linesOf, addRecoverableCode } = purchasingSandbox();

/** A display bill of 1,000.00 under `taxCode` from the Muar factory (2/10 net 30), approved. */
async function approvedDisplayBill(taxCode: string) {
  const draft = await acs.bills.create({
    supplierId: await supplierId('Perabot'),
    supplierInvoiceNumber: `KPM-D-${taxCode}`,
    items: [{ description: 'Showroom display', quantity: 1, unitPrice: 1000, accountCode: '6600', taxCode }],
  });
  return acs.bills.approve(draft.id);
}

describe('bills: early-payment discounts and tax', () => {
  it('under a recoverable code the tax share of the discount comes off tax recoverable; voiding the payment puts it back', async () => {
    addRecoverableCode();
    const recoverable = await balanceOf('1180');
    const bill = await approvedDisplayBill('GST6');
    expect(bill).toMatchObject({ subtotal: 1000, taxTotal: 60, total: 1060 });
    mock.clock.advance({ days: 5 });
    // 2% of 1,060.00 = 21.20, of which 60/1,060 is tax: 1.20; the price's share 20.00 is discount received.
    const paid = await acs.bills.pay(bill.id, { amount: 1038.8 });
    expect(paid).toMatchObject({ status: 'paid', discountTaken: 21.2, balanceDue: 0 });
    expect(await linesOf(paid.payments[0].journalEntryId)).toEqual([
      ['1120', 0, 1038.8],
      ['1180', 0, 1.2],
      ['2110', 1060, 0],
      ['4910', 0, 20],
    ]);
    // Tax recoverable holds the tax paid: 6% of the 980.00 the display cost after the discount.
    expect(await balanceOf('1180')).toBeCloseTo(recoverable + 58.8, 2);
    await acs.bills.voidPayment(bill.id, paid.payments[0].id, { reason: 'Paid from the wrong account' });
    expect(await balanceOf('1180')).toBeCloseTo(recoverable + 60, 2);
  });

  it('under SST, which is not recoverable, the whole discount is discount received and tax recoverable does not move', async () => {
    const recoverable = await balanceOf('1180');
    const bill = await approvedDisplayBill('SVC8');
    expect(await linesOf(bill.journalEntryId!)).toEqual([
      ['2110', 0, 1080],
      ['6600', 1080, 0],
    ]);
    mock.clock.advance({ days: 5 });
    // 2% of 1,080.00 = 21.60, all of it discount received: the 80.00 of service tax was a cost, never recoverable.
    const paid = await acs.bills.pay(bill.id, { amount: 1058.4 });
    expect(await linesOf(paid.payments[0].journalEntryId)).toEqual([
      ['1120', 0, 1058.4],
      ['2110', 1080, 0],
      ['4910', 0, 21.6],
    ]);
    expect(await balanceOf('1180')).toBe(recoverable);
  });
});
