// Closing the books: lock September once its figures are reported, so nothing dated in it posts, voids or
// is amended any more; a late correction lands in October instead, and the lock's moves are audited. A bill
// entered twice in September is voided after the lock: its reversal is dated the first open day.
import { AcsClient, UnprocessableEntityError } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo', now: '2026-10-08T02:00:00Z' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const [bank, sales] = await Promise.all(
    ['1120', '4200'].map(async (accountNumber) => (await acs.accounts.list({ accountNumber, active: true })).data[0]),
  );
  const lines = (amount: number) => [
    { accountId: bank.id, debit: amount },
    { accountId: sales.id, credit: amount },
  ];
  const september = await acs.journalEntries.post((await acs.journalEntries.create({ date: '2026-09-28', lines: lines(120) })).id);
  const [supplier] = (await acs.suppliers.list({ search: 'Bestari' })).data;
  const bill = await acs.bills.create({
    supplierId: supplier.id,
    supplierInvoiceNumber: 'BT-0927',
    billDate: '2026-09-27',
    items: [{ description: 'Printer toner', quantity: 1, unitPrice: 240, accountCode: '6500' }],
  });
  await acs.bills.approve(bill.id);

  // `lockDate` holds everyone; `periodLockDate` (on or after it) holds every key without the admin scope.
  const company = await acs.company.update({ lockDate: '2026-09-30' });
  const late = await acs.journalEntries.create({ date: '2026-09-29', lines: lines(80) });
  let refused = '';
  try {
    await acs.journalEntries.post(late.id);
  } catch (error) {
    if (!(error instanceof UnprocessableEntityError) || error.code !== 'PERIOD_LOCKED') throw error;
    refused = error.message;
  }
  // The late sale goes in the open period; the September entry is undone by a reversal dated October.
  await acs.journalEntries.delete(late.id);
  const october = await acs.journalEntries.post((await acs.journalEntries.create({ date: '2026-10-01', lines: lines(80) })).id);
  const voided = await acs.journalEntries.void(september.id, { reason: 'Billed twice', voidDate: '2026-10-01' });
  // An approved bill with nothing paid is voided (a paid one once its payments are voided).
  const voidedBill = await acs.bills.void(bill.id, { reason: 'Entered twice' });

  console.log(`locked on ${company.lockDate}: ${refused}`);
  return {
    lockDate: company.lockDate,
    refused,
    october: october.status,
    reversal: (await acs.journalEntries.retrieve(voided.reversedByEntryId!)).date,
    bill: { status: voidedBill.status, voidDate: voidedBill.voidDate },
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
