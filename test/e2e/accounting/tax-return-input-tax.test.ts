import { beforeEach, describe, expect, it } from 'vitest';
import { createTaxCode } from '../../../mock-server/domain/sales/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

// A VAT or GST company's return (ACC-39): input tax, 1180's movement in the period, is netted against the
// output tax, and the settlement clears both tax accounts in one entry. The seed's SST codes recover nothing.
const { mock, acs } = sandbox({ seed: 'demo', now: '2026-11-20T09:00:00Z' });
const PERIOD = { periodFrom: '2026-09-01', periodTo: '2026-10-31' };

beforeEach(() => {
  mock.reset();
  createTaxCode(
    { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId },
    { code: 'GST6', name: 'Input tax 6%, recoverable', rate: 6, myinvoisTaxType: '06', peppolCategory: 'S', purchaseTaxRecoverable: true },
  );
});

const round = (n: number) => Math.round(n * 100) / 100;
/** An account's debit balance on a date, from the trial balance. */
const debitOn = async (code: string, asOfDate: string) => {
  const row = (await acs.reports.trialBalance({ asOfDate })).accounts.find((r) => r.accountCode === code);
  return row ? round(row.debit - row.credit) : 0;
};

/** An approved expense bill under GST6 dated `billDate`: its recoverable tax goes to 1180. */
async function gstBill(unitPrice: number, billDate = '2026-10-15') {
  const [supplier] = (await acs.suppliers.list({ limit: 1 })).data;
  const bill = await acs.bills.create({
    supplierId: supplier.id,
    supplierInvoiceNumber: `GST-${unitPrice}-${billDate}`,
    billDate,
    items: [{ description: 'Consulting', quantity: 1, unitPrice, accountCode: '6500', taxCode: 'GST6' }],
  });
  return acs.bills.approve(bill.id);
}

const linesOf = async (journalEntryId: string) =>
  (await acs.journalEntries.retrieve(journalEntryId)).lines.map((l) => [l.accountNumber, l.debit, l.credit]).sort();

describe('a return that nets recoverable input tax', () => {
  it("nets 1180's movement in the period against the output tax, to the cent of the ledger", async () => {
    const sst = await acs.taxReturns.preview(PERIOD);
    expect(sst).toMatchObject({ inputTax: 0, taxRecoverableMovement: 0, totalTax: sst.outputTax });
    await gstBill(1000);
    const draft = await acs.taxReturns.preview(PERIOD);
    const recoverable = round((await debitOn('1180', '2026-10-31')) - (await debitOn('1180', '2026-08-31')));
    const payable = round(-(await debitOn('2120', '2026-10-31')) + (await debitOn('2120', '2026-08-31')));
    expect(recoverable).toBe(60);
    expect(draft).toMatchObject({
      outputTax: sst.outputTax,
      inputTax: recoverable,
      taxRecoverableMovement: recoverable,
      taxPayableMovement: payable,
      totalTax: round(payable - recoverable),
      amountDue: round(payable - recoverable),
    });
  });

  it('pays the net: one entry debits 2120 with the output tax and credits 1180 with the input tax and the bank with the rest', async () => {
    await gstBill(1000);
    const filed = await acs.taxReturns.create(PERIOD);
    const bank = await accountByNumber(acs, '1120');
    const part = round(filed.amountDue / 2);
    const first = await acs.taxReturns.pay(filed.id!, { amount: part, accountId: bank.id });
    expect(await linesOf(first.payments[0].journalEntryId)).toEqual(
      [
        ['1120', 0, part],
        ['1180', 0, 60],
        ['2120', round(part + 60), 0],
      ].sort(),
    );
    // The set-off happens once: the rest is an ordinary payment.
    const paid = await acs.taxReturns.pay(filed.id!, { amount: first.amountDue, accountId: bank.id });
    expect(await linesOf(paid.payments[1].journalEntryId)).toEqual(
      [
        ['1120', 0, first.amountDue],
        ['2120', first.amountDue, 0],
      ].sort(),
    );
    expect(paid).toMatchObject({ status: 'paid', amountPaid: filed.totalTax, amountDue: 0 });
    // What the period moved on both tax accounts is cleared: only November's own tax is left on them.
    const today = '2026-11-20';
    expect(await debitOn('1180', today)).toBe(await debitOn('1180', '2026-08-31'));
    const november = await acs.taxReturns.preview({ periodFrom: '2026-11-01', periodTo: today });
    expect(-(await debitOn('2120', today))).toBe(round(-(await debitOn('2120', '2026-08-31')) + november.taxPayableMovement));
  });

  it('takes a refund when the input tax is more than the output tax: Dr the bank and 2120, Cr 1180', async () => {
    const sst = await acs.taxReturns.preview(PERIOD);
    const price = Math.ceil((sst.outputTax / 0.06 + 10_000) / 100) * 100;
    await gstBill(price);
    const filed = await acs.taxReturns.create(PERIOD);
    const input = round(price * 0.06);
    expect(filed).toMatchObject({ inputTax: input, totalTax: round(sst.outputTax - input) });
    expect(filed.amountDue).toBeLessThan(0);
    const refunded = await acs.taxReturns.pay(filed.id!, { amount: -filed.amountDue });
    expect(refunded).toMatchObject({ status: 'paid', amountDue: 0, amountPaid: filed.totalTax });
    expect(await linesOf(refunded.payments[0].journalEntryId)).toEqual(
      [
        ['1120', -filed.amountDue, 0],
        ['1180', 0, input],
        ['2120', sst.outputTax, 0],
      ].sort(),
    );
  });

  it('locks the filed period for tax recoverable too: a recoverable bill dated in it is refused', async () => {
    await acs.taxReturns.create(PERIOD);
    const failure = await failureOf(gstBill(500, '2026-10-20'));
    expect(failure).toMatchObject({ status: 422, code: 'PERIOD_LOCKED', details: [expect.objectContaining({ lock: 'taxReturn' })] });
    // Dated after the period, it belongs to the next return.
    await gstBill(500, '2026-11-10');
    expect((await acs.taxReturns.preview()).inputTax).toBe(30);
  });
});

describe('a return whose input tax equals its output tax', () => {
  it('is paid at filing, its set-off posted as a payment of 0: Dr 2120 / Cr 1180', async () => {
    // A period before the demo books start, holding one sale and one purchase of the same tax.
    const quiet = { periodFrom: '2025-09-01', periodTo: '2025-10-31' };
    expect(await acs.taxReturns.preview(quiet)).toMatchObject({ outputTax: 0, inputTax: 0 });
    const [customer] = (await acs.customers.list({ limit: 1 })).data;
    const invoice = await acs.invoices.create({
      customerId: customer.id,
      invoiceDate: '2025-10-05',
      items: [{ description: 'Advice', quantity: 1, unitPrice: 1000, taxCode: 'GST6' }],
    });
    await acs.invoices.send(invoice.id);
    await gstBill(1000, '2025-10-06');
    const filed = await acs.taxReturns.create(quiet);
    expect(filed).toMatchObject({ outputTax: 60, inputTax: 60, totalTax: 0, amountDue: 0, status: 'paid' });
    expect(filed.payments).toHaveLength(1);
    expect(filed.payments[0]).toMatchObject({ amount: 0, paymentDate: '2026-11-20' });
    expect(await linesOf(filed.payments[0].journalEntryId)).toEqual([
      ['1180', 0, 60],
      ['2120', 60, 0],
    ]);
  });
});
