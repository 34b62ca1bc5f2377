// Supplier corrections (decisions PUR-58, PUR-59): the factory billed one delivery twice and later adds a
// surcharge. Its credit note on the paid bill is supplier credit: part of it settles the next bill, the
// factory refunds the rest, and a debit note adds the surcharge to that next bill.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const [factory] = (await acs.suppliers.list({ search: 'Perabot Muar' })).data;
  const [payables] = (await acs.accounts.list({ accountNumber: '2110' })).data;
  const deliveries = async (supplierInvoiceNumber: string) => {
    const draft = await acs.bills.create({
      supplierId: factory.id,
      supplierInvoiceNumber,
      items: [{ description: 'Delivery to the showroom', quantity: 2, unitPrice: 100, accountCode: '5200', taxCode: null }],
    });
    return acs.bills.approve(draft.id);
  };

  // 1. A bill for two deliveries, paid; then the factory credits one of them, billed twice: Dr payables, Cr 5200.
  const first = await deliveries('KPM/26/2001');
  await acs.bills.pay(first.id, { amount: first.total });
  const credit = await acs.supplierCreditNotes.create(first.id, {
    reason: 'One delivery billed twice',
    supplierCreditNoteNumber: 'KPM-CN-88',
    items: [{ billLineId: first.items[0].id, quantity: 1 }],
  });

  // 2. The bill is paid, so all 100.00 is supplier credit: 60.00 of it settles part of the next bill.
  const second = await deliveries('KPM/26/2002');
  await acs.supplierCreditNotes.apply(credit.id, { billId: second.id, amount: 60 });

  // 3. The factory pays back the other 40.00: Dr bank, Cr payables.
  const refunded = await acs.supplierCreditNotes.refund(credit.id, { amount: 40, reference: 'IBG 55120' });

  // 4. A weekend surcharge on the second bill: a debit note adds it to what that bill has due.
  const charge = await acs.supplierDebitNotes.create(second.id, {
    reason: 'Weekend delivery surcharge',
    items: [{ description: 'Surcharge', quantity: 1, unitPrice: 25, accountCode: '5200', taxCode: null }],
  });
  const owed = await acs.bills.retrieve(second.id);

  // Aged payables still equals the payables account, supplier credit and debit notes included.
  const aged = await acs.reports.purchasing.agedPayables();
  const ledger = (await acs.accounts.retrieve(payables.id)).balance.net;

  console.log(`${credit.creditNoteNumber} ${refunded.status}; ${charge.debitNoteNumber}; ${owed.billNumber} due ${owed.balanceDue}`);
  return {
    credit: { number: credit.creditNoteNumber, total: credit.total, keptAsCredit: credit.remainingCredit },
    refunded: { status: refunded.status, applied: refunded.amountApplied, refunded: refunded.amountRefunded },
    charge: { number: charge.debitNoteNumber, total: charge.total },
    secondBill: {
      status: owed.status,
      creditedAmount: owed.creditedAmount,
      debitedAmount: owed.debitedAmount,
      balanceDue: owed.balanceDue,
    },
    agedEqualsLedger: Math.abs(aged.totals.total - ledger) < 0.005,
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
