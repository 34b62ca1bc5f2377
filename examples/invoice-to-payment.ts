// Invoice to payment: a customer, an invoice with two lines, sending it, paying it in two parts, a
// credit note for returned goods and a refund of the credit, and the customer balance and the
// receivables ledger afterwards.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });

  const customer = await acs.customers.create({
    name: 'Kafe Sri Pagi Sdn Bhd',
    email: 'accounts@sripagi.my',
    paymentTerms: 30,
    creditLimit: 5000,
  });
  const [chair] = (await acs.items.list({ search: 'chair', active: true, limit: 1 })).data;

  const draft = await acs.invoices.create({
    customerId: customer.id,
    reference: 'Opening of the Bangsar branch',
    items: [
      { itemId: chair.id, quantity: 12, discountPercent: 5 }, // the item's price and sales tax code
      { description: 'Installation of the seating', quantity: 1, unitPrice: 350, taxCode: 'SVC8' },
    ],
  });
  // Sending posts it: debit receivables, credit sales and SST payable. The mock records the email.
  const sent = await acs.invoices.send(draft.id, { message: 'Thank you for your order' });
  console.log(`${sent.invoiceNumber}: total ${sent.total}, due ${sent.dueDate}, emailed to ${mock.outbox.at(-1)?.to}`);

  await acs.invoices.payments.create(sent.id, { amount: 1000, paymentMethod: 'bank_transfer', reference: 'IBG 10442' });
  const afterDeposit = await acs.invoices.retrieve(sent.id);
  console.log(`after the deposit: ${afterDeposit.paymentStatus}, ${afterDeposit.amountDue} due`);
  await acs.invoices.pay(sent.id, { amount: afterDeposit.amountDue, paymentMethod: 'cheque', reference: 'CHQ 000381' });

  const paid = await acs.invoices.retrieve(sent.id); // status 'paid', amountDue 0

  // Two chairs come back damaged: a credit note reverses their sales and tax. The invoice is paid, so
  // the whole credit stays with the customer (`remainingCredit`, the customer's `creditBalance`)...
  const creditNote = await acs.creditNotes.create(sent.id, {
    reason: 'Two chairs returned damaged',
    items: [{ invoiceLineId: sent.items[0].id, quantity: 2 }],
  });
  const { creditBalance } = await acs.customers.retrieve(customer.id);
  console.log(`${creditNote.creditNoteNumber}: ${creditNote.total} credited, ${customer.name} has ${creditBalance} of credit`);
  // ... until it is paid back: debit receivables, credit the bank.
  const refund = await acs.creditNotes.refunds.create(creditNote.id, { amount: creditNote.remainingCredit, reference: 'IBG 20991' });
  console.log(`${refund.refundNumber}: ${refund.amount} refunded`);

  const { currentBalance, totalSales } = await acs.customers.retrieve(customer.id);
  const [receivables] = (await acs.accounts.list({ accountNumber: '1130' })).data;
  const ledger = await acs.accounts.ledger(receivables.id, { dateFrom: mock.today() });
  console.log(`${paid.invoiceNumber} is ${paid.status}; ${customer.name} owes ${currentBalance} of ${totalSales} bought`);
  for (const line of ledger.lines) console.log(`${line.journalNumber} ${line.reference}: +${line.debit} -${line.credit} = ${line.balance}`);
  return { sent, paid, creditNote, refund, customer: { currentBalance, totalSales }, ledger };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
