// The tax return of SST's two-month period, September and October: previewed from the ledger, filed (which
// locks the period for tax), kept as a PDF and a CSV, then paid from the bank. A sale found afterwards and
// dated in October is refused, so it goes into the next return instead.
import { AcsClient, UnprocessableEntityError } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo', now: '2026-11-20T02:00:00Z' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  // The company's taxable period is two months (SST's; `acs.company.update({ taxPeriodMonths: 3 })` for a quarter):
  // without a period, the preview covers the last whole one, here September and October.
  const { taxPeriodMonths } = await acs.company.retrieve();
  // Each tax code's taxable amount and tax; `taxPayableMovement` is 2120's own movement in the period.
  const draft = await acs.taxReturns.preview();
  const period = { periodFrom: draft.periodFrom, periodTo: draft.periodTo };
  const filed = await acs.taxReturns.create(period);
  // The filed return as files, laid out as the reports are.
  const pdf = await acs.taxReturns.download(filed.id!, { format: 'pdf' });
  const csv = await acs.taxReturns.download(filed.id!, { format: 'csv' });
  const paid = await acs.taxReturns.pay(filed.id!, { amount: filed.amountDue, paymentDate: '2026-11-20', reference: 'SST-02' });

  const [customer] = (await acs.customers.list({ limit: 1 })).data;
  const late = await acs.invoices.create({
    customerId: customer.id,
    invoiceDate: '2026-10-30',
    items: [{ description: 'Catering, found late', quantity: 1, unitPrice: 300, taxCode: 'SVC6' }],
  });
  let refused = '';
  try {
    await acs.invoices.send(late.id);
  } catch (error) {
    if (!(error instanceof UnprocessableEntityError) || error.code !== 'PERIOD_LOCKED') throw error;
    refused = error.message;
  }
  // Dated in November, it belongs to the next return.
  await acs.invoices.update(late.id, { invoiceDate: '2026-11-20' });
  await acs.invoices.send(late.id);
  // The next return so far: November and December, to today.
  const next = await acs.taxReturns.preview({ periodFrom: '2026-11-01', periodTo: '2026-11-20' });

  console.log(`${filed.returnNumber}: ${filed.totalTax} ${filed.currency} by ${filed.lines.length} codes, ${paid.status}`);
  return {
    taxPeriodMonths,
    period,
    files: [pdf.filename, csv.filename],
    csvNetTax: csv
      .text()
      .split('\r\n')
      .find((line) => line.startsWith('Summary,,Net tax,')),
    ties: draft.totalTax === draft.taxPayableMovement,
    codes: filed.lines.map((line) => line.taxCode),
    returnNumber: filed.returnNumber,
    totalTax: filed.totalTax,
    paid: { status: paid.status, amountDue: paid.amountDue, journalEntryId: paid.payments[0].journalEntryId },
    refused,
    nextIncludesLateSale: next.lines.some((line) => line.taxCode === 'SVC6' && line.taxAmount >= 18),
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
