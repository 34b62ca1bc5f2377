// The month end of October, in order: the tax return of September and October filed, its tax paid, the open
// dollar invoice, bill and bank restated at the month's closing rate from the company's rate table (reversed on
// 1 November), then October locked.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo', now: '2026-11-05T02:00:00Z' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const account = async (accountNumber: string) => (await acs.accounts.list({ accountNumber })).data[0];

  // October in dollars: USD 324 invoiced at 4.40 and USD 100 of it paid into the USD bank; USD 500 billed at 4.45.
  const customer = await acs.customers.create({ name: 'Harbour Exports LLC', email: 'ap@harbour.example' });
  const draft = await acs.invoices.create({
    customerId: customer.id,
    invoiceDate: '2026-10-10',
    currency: 'USD',
    exchangeRate: 4.4,
    items: [{ description: 'Consulting', quantity: 2, unitPrice: 150, taxCode: 'SVC8' }],
  });
  const invoice = await acs.invoices.send(draft.id);
  const usdBank = await account('1125');
  await acs.invoices.payments.create(invoice.id, { amount: 100, paymentDate: '2026-10-20', accountId: usdBank.id });
  const [supplier] = (await acs.suppliers.list({ search: 'Shenzhen' })).data;
  const bill = await acs.bills.create({
    supplierId: supplier.id,
    supplierInvoiceNumber: 'SZ-1015',
    billDate: '2026-10-15',
    exchangeRate: 4.45,
    items: [{ description: 'Sample chairs', quantity: 1, unitPrice: 500, accountCode: '6500' }],
  });
  await acs.bills.approve(bill.id);

  // 1. The tax return of SST's two-month period, filed: it locks the period for tax.
  const taxReturn = await acs.taxReturns.create({ periodFrom: '2026-09-01', periodTo: '2026-10-31' });
  // 2. Its tax paid from the bank: Dr 2120 / Cr 1120.
  const paid = await acs.taxReturns.pay(taxReturn.id!, { amount: taxReturn.amountDue, paymentDate: '2026-11-05', reference: 'SST-02' });
  // 3. The closing rate kept in the company's rate table: its last rate of October, on Friday the 30th, is 31 October's.
  await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-30', rate: 4.5 });
  // 4. Open foreign-currency items restated at 31 October from the table; the entry reverses itself on 1 November.
  const revaluation = await acs.currencyRevaluations.create({ date: '2026-10-31' });
  // 5. October locked: nothing dated on or before 31 October posts any more.
  const company = await acs.company.update({ lockDate: '2026-10-31' });

  const receivablesOn = async (asOfDate: string) =>
    (await acs.reports.trialBalance({ asOfDate })).accounts.find((row) => row.accountCode === '1130')!.debit;
  const october = await acs.reports.profitLoss({ fromDate: '2026-10-01', toDate: '2026-10-31' });
  const unrealised = october.sections.otherIncome.accounts.find((line) => line.accountCode === '4930');

  for (const line of revaluation.lines)
    console.log(`${line.documentNumber} ${line.openAmount} ${line.currency}: ${line.historicalRate} -> ${line.newRate}, ${line.gainLoss}`);
  return {
    taxReturn: { returnNumber: taxReturn.returnNumber, status: paid.status },
    revaluation: {
      number: revaluation.revaluationNumber,
      reversalDate: revaluation.reversalDate,
      rates: revaluation.rates,
      lines: revaluation.lines.map((line) => [line.kind, line.documentNumber, line.openAmount, line.difference, line.gainLoss]),
      gainLoss: revaluation.totals.gainLoss,
    },
    receivables: { october31: await receivablesOn('2026-10-31'), november1: await receivablesOn('2026-11-01') },
    unrealisedInOctober: unrealised?.amount,
    lockDate: company.lockDate,
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
