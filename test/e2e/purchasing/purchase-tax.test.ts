import { describe, expect, it } from 'vitest';
import { purchasingSandbox } from './purchasing-sandbox.js';

// Tax on purchases (PUR-55): only a recoverable code's tax goes to tax recoverable (1180); SST, a
// single-stage tax, is part of what the goods (IAS 2.11) or the expense cost.
const { acs, byCode, supplierId, balanceOf, linesOf, addRecoverableCode } = purchasingSandbox();

/** Ten chairs at 120 ordered under `taxCode`, received in full, and billed as ordered; the bill approved. */
async function chairsBilled(taxCode: string) {
  const chair = await byCode('CHR-100');
  const supplier = await supplierId('Perabot');
  const order = await acs.purchaseOrders.create({
    supplierId: supplier,
    items: [{ itemId: chair.id, quantity: 10, unitPrice: 120, taxCode }],
  });
  await acs.purchaseOrders.send(order.id);
  const received = await acs.purchaseOrders.receive(order.id);
  const bill = await acs.bills.create({ supplierId: supplier, supplierInvoiceNumber: `KPM-${taxCode}`, purchaseOrderId: order.id });
  return { chair, received, bill: await acs.bills.approve(bill.id) };
}

describe('tax on purchases', () => {
  it('SST on received goods is part of their stock cost, and the bill posts nothing to tax recoverable', async () => {
    const recoverableBefore = await balanceOf('1180');
    const { chair, received, bill } = await chairsBilled('SST10');
    expect(received.receipts[0].items[0]).toMatchObject({ quantity: 10, value: 1320 });
    const { stockHistory } = await acs.items.retrieve(chair.id, { includeStockHistory: true });
    expect(stockHistory![0]).toMatchObject({ type: 'purchase_receipt', quantity: 10, unitCost: 132, value: 1320 });
    expect(bill).toMatchObject({ subtotal: 1200, taxTotal: 120, total: 1320 });
    expect(await linesOf(bill.journalEntryId!)).toEqual([
      ['2110', 0, 1320],
      ['2150', 1320, 0],
    ]);
    expect(await balanceOf('1180')).toBe(recoverableBefore);
  });

  it('service tax on an expense bill is part of the expense', async () => {
    const bill = await acs.bills.create({
      supplierId: await supplierId('Bestari'),
      supplierInvoiceNumber: 'BT-SVC',
      items: [{ description: 'Printer servicing', quantity: 1, unitPrice: 250, accountCode: '6500', taxCode: 'SVC8' }],
    });
    const approved = await acs.bills.approve(bill.id);
    expect(await linesOf(approved.journalEntryId!)).toEqual([
      ['2110', 0, 270],
      ['6500', 270, 0],
    ]);
  });

  it("a recoverable code (a VAT or GST company's) takes its tax to tax recoverable and leaves the stock at its price", async () => {
    addRecoverableCode();
    expect(await acs.taxCodes.retrieve('GST6')).toMatchObject({ rate: 6, purchaseTaxRecoverable: true });
    expect(await acs.taxCodes.retrieve('SST10')).toMatchObject({ purchaseTaxRecoverable: false });
    const recoverableBefore = await balanceOf('1180');
    const { received, bill } = await chairsBilled('GST6');
    expect(received.receipts[0].items[0]).toMatchObject({ quantity: 10, value: 1200 });
    expect(await linesOf(bill.journalEntryId!)).toEqual([
      ['1180', 72, 0],
      ['2110', 0, 1272],
      ['2150', 1200, 0],
    ]);
    expect(await balanceOf('1180')).toBe(recoverableBefore + 72);
  });

  it("an item's purchase tax code applies to a purchase line although its sales are not taxable", async () => {
    const item = await acs.items.create({
      itemCode: 'BOX-01',
      name: 'Shipping carton',
      type: 'non_inventory',
      pricing: { costPrice: 4, sellingPrice: 0 },
      tax: { taxable: false, salesTaxCode: null, purchaseTaxCode: 'SST10' },
    });
    const order = await acs.purchaseOrders.create({ supplierId: await supplierId('Bestari'), items: [{ itemId: item.id, quantity: 100 }] });
    expect(order.items[0]).toMatchObject({ taxCode: 'SST10', taxAmount: 40 });
    expect(order).toMatchObject({ subtotal: 400, taxTotal: 40, total: 440 });
  });
});
