// Corrections, credit and foreign currency: amending a sent invoice, voiding a bounced payment, applying
// customer credit, a debit note, a payment at its own exchange rate, marking an invoice sent without an
// email, and the journal's own corrections (a draft deleted, a ledger read page by page).
import { AcsClient, BusinessRuleError } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo', now: '2026-03-10T02:00:00Z' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });

  const customer = await acs.customers.create({ name: 'Pejabat Maju Sdn Bhd', email: 'ap@pejabatmaju.my', paymentTerms: 30 });
  const [desk] = (await acs.items.list({ search: 'desk 1200', active: true, limit: 1 })).data;
  const invoice = await acs.invoices.send(
    (await acs.invoices.create({ customerId: customer.id, invoiceDate: '2026-02-20', items: [{ itemId: desk.id, quantity: 2 }] })).id,
    {},
  );

  // Amending a sent invoice restates it at its own invoiceDate (February's sales and tax stay February's);
  // a change of notes alone writes no entry.
  await acs.invoices.update(invoice.id, { items: [{ itemId: desk.id, quantity: 3 }] });
  const amended = await acs.invoices.retrieve(invoice.id);
  const restatement = await acs.journalEntries.list({ reference: invoice.invoiceNumber });

  const payment = await acs.invoices.payments.create(invoice.id, { amount: 500, paymentMethod: 'cheque', reference: 'CHQ 004417' });
  // The cheque bounced: its entry is reversed, the invoice and the customer's balance are restored.
  await acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Cheque bounced' });
  const afterVoid = await acs.invoices.retrieve(invoice.id);

  // One desk too many was billed, and the customer paid the whole invoice before we noticed.
  await acs.invoices.pay(invoice.id, { amount: afterVoid.amountDue, paymentMethod: 'bank_transfer', reference: 'IBG 55120' });
  const creditNote = await acs.creditNotes.create(invoice.id, {
    reason: 'One desk billed twice',
    items: [{ invoiceLineId: amended.items[0].id, quantity: 1 }],
  });
  const nextInvoice = await acs.invoices.send(
    (
      await acs.invoices.create({
        customerId: customer.id,
        items: [{ description: 'Cable trays', quantity: 4, unitPrice: 45, taxCode: 'NT' }],
      })
    ).id,
    {},
  );
  // Credit beyond what is due stays with the customer; apply it to another invoice of theirs, or refund it.
  await acs.creditNotes.allocations.create(creditNote.id, { invoiceId: nextInvoice.id, amount: 150 });
  // A further charge on an invoice: posted like an invoice, it adds to what the invoice has due.
  await acs.debitNotes.create(invoice.id, {
    reason: 'Extra delivery',
    items: [{ description: 'Delivery', quantity: 1, unitPrice: 80, taxCode: 'SVC6' }],
  });
  const owed = await acs.invoices.retrieve(invoice.id);
  const { creditBalance, currentBalance } = await acs.customers.retrieve(customer.id);

  const usdInvoice = await acs.invoices.send(
    (
      await acs.invoices.create({
        customerId: customer.id,
        currency: 'USD',
        exchangeRate: 4.3,
        items: [{ description: 'Export order', quantity: 1, unitPrice: 1000, taxCode: 'ZR' }],
      })
    ).id,
    {},
  );
  // A USD invoice at 4.30 paid when the dollar is at 4.45: the difference posts to 4920 Realised Exchange Gain/Loss.
  await acs.invoices.payments.create(usdInvoice.id, { amount: usdInvoice.amountDue, exchangeRate: 4.45 });
  const [exchange] = (await acs.accounts.list({ accountNumber: '4920' })).data;

  const walkIn = await acs.customers.create({ name: 'Encik Hafiz', phone: '+60 12-345 6789' });
  const walkInInvoice = await acs.invoices.create({
    customerId: walkIn.id,
    items: [{ description: 'Chair repair', quantity: 1, unitPrice: 60, taxCode: 'SVC8' }],
  });
  // A customer known only by phone: sending with no recipients marks the invoice sent and posts it; no email goes out.
  await acs.invoices.send(walkInInvoice.id, {});
  const markedSent = await acs.invoices.retrieve(walkInInvoice.id);

  const [receivables] = (await acs.accounts.list({ accountNumber: '1130' })).data;
  const [bank] = (await acs.accounts.list({ accountNumber: '1120' })).data;
  const refused = await acs.journalEntries
    .create({
      date: mock.today(),
      lines: [
        { accountId: receivables.id, debit: 10 },
        { accountId: bank.id, credit: 10 },
      ],
    })
    .catch((error: unknown) => error);
  const draftEntry = await acs.journalEntries.create({
    date: mock.today(),
    lines: [
      { accountId: exchange.id, debit: 10 },
      { accountId: bank.id, credit: 10 },
    ],
  });
  // Control accounts (receivables, payables, tax payable, inventory) move only through documents:
  // a manual journal line on one is a BusinessRuleError. Drafts can be deleted; posted entries are voided.
  await acs.journalEntries.delete(draftEntry.id);
  let bankLines = 0;
  for await (const page of acs.accounts.ledgerPages(bank.id, { dateFrom: '2026-01-01' })) bankLines += page.lines.length;

  console.log(
    `${invoice.invoiceNumber} restated in ${restatement.data.map((entry) => entry.date).join(', ')}; owes ${owed.amountDue}, credit ${creditBalance}`,
  );
  return {
    restatement: restatement.data.map((entry) => `${entry.date} ${entry.status}`).sort(),
    afterVoid: { amountPaid: afterVoid.amountPaid, status: afterVoid.status },
    owed: { amountDebited: owed.amountDebited, amountCredited: owed.amountCredited, amountDue: owed.amountDue },
    creditNote: { total: creditNote.total, remainingCredit: creditNote.remainingCredit },
    customer: { creditBalance, currentBalance },
    exchangeGain: (await acs.accounts.retrieve(exchange.id)).balance.net,
    markedSent: markedSent.status,
    refusedIsBusinessRule: refused instanceof BusinessRuleError,
    bankLines,
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
