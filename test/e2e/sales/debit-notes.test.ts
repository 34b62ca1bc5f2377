import { beforeEach, describe, expect, it } from 'vitest';
import { UnprocessableEntityError, ValidationError, type Customer, type DocumentLineCreate } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

let serial = 0;
const newCustomer = (fields: Partial<Parameters<typeof acs.customers.create>[0]> = {}): Promise<Customer> =>
  acs.customers.create({ name: `Debit Buyer ${++serial} Sdn Bhd`, email: `dn${serial}@buyer.my`, ...fields });

/** 2 x 100.00 at SST10 and 1 x 50.00 untaxed: total 270. */
const LINES: DocumentLineCreate[] = [
  { description: 'Desk lamp', quantity: 2, unitPrice: 100, taxCode: 'SST10' },
  { description: 'Assembly', quantity: 1, unitPrice: 50, taxCode: null },
];
const SURCHARGE: DocumentLineCreate[] = [{ description: 'Weekend installation', quantity: 2, unitPrice: 40, taxCode: 'SVC8' }];

const sentInvoice = async (customerId: string) => acs.invoices.send((await acs.invoices.create({ customerId, items: LINES })).id);

beforeEach(() => {
  mock.reset();
});

describe('debitNotes.create', () => {
  it('posts like an invoice at its own date and raises what the invoice has due and the customer owes', async () => {
    const customer = await newCustomer();
    const invoice = await sentInvoice(customer.id);
    const { data: note, response } = await acs.debitNotes.create(invoice.id, { reason: 'Weekend work', items: SURCHARGE }).withResponse();

    expect(response.status).toBe(201);
    expect(note).toMatchObject({
      debitNoteNumber: expect.stringMatching(/^DN-\d{6}$/),
      invoiceId: invoice.id,
      debitNoteDate: mock.today(),
      currency: 'MYR',
      subtotal: 80,
      totalTax: 6.4,
      total: 86.4,
      baseTotal: 86.4,
    });
    const entry = await acs.journalEntries.retrieve(note.journalEntryId);
    expect(entry).toMatchObject({ date: mock.today(), reference: note.debitNoteNumber, source: { type: 'debit_note', id: note.id } });
    expect(entry.lines.map((l) => [l.accountNumber, l.debit, l.credit])).toEqual([
      ['1130', 86.4, 0],
      ['4100', 0, 80],
      ['2120', 0, 6.4],
    ]);
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ status: 'sent', amountDebited: 86.4, amountDue: 356.4, total: 270 });
    expect(await acs.customers.retrieve(customer.id)).toMatchObject({ currentBalance: 356.4, totalSales: 356.4 });
    expect(await acs.debitNotes.retrieve(note.id)).toEqual(note);
    expect((await acs.debitNotes.list({ invoiceId: invoice.id })).data).toEqual([note]);
  });

  it('a debit note on a paid invoice makes it payable again, and a payment settles it', async () => {
    const customer = await newCustomer();
    const invoice = await sentInvoice(customer.id);
    await acs.invoices.pay(invoice.id, { amount: 270 });
    await acs.debitNotes.create(invoice.id, {
      reason: 'Late delivery charge',
      items: [{ description: 'Storage', quantity: 1, unitPrice: 30, taxCode: null }],
    });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'sent',
      paymentStatus: 'partial',
      amountPaid: 270,
      amountDebited: 30,
      amountDue: 30,
    });

    const over = await failureOf(acs.invoices.pay(invoice.id, { amount: 30.01 }));
    expect(over).toBeInstanceOf(ValidationError);
    await acs.invoices.pay(invoice.id, { amount: 30 });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid', amountPaid: 300, amountDue: 0 });
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(0);
  });

  it('runs the credit check, and refuses drafts, bad lines and dates before the invoice, changing nothing', async () => {
    const customer = await newCustomer({ creditLimit: 300 });
    const invoice = await sentInvoice(customer.id);
    const entries = (await acs.journalEntries.list({ limit: 1 })).total;

    const limit = await failureOf(acs.debitNotes.create(invoice.id, { reason: 'Extra', items: SURCHARGE }));
    expect(limit).toBeInstanceOf(UnprocessableEntityError);
    expect(limit).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: [expect.objectContaining({ customerId: customer.id, currentBalance: 270, requestedAmount: 86.4 })],
    });
    const lines = await failureOf(
      acs.debitNotes.create(invoice.id, { reason: 'Extra', items: [{ description: 'x', quantity: 1, unitPrice: 5, taxCode: 'GST6' }] }),
    );
    expect((lines as ValidationError).details).toEqual([expect.objectContaining({ field: 'items.0.taxCode', code: 'INVALID_CHOICE' })]);
    const early = await failureOf(
      acs.debitNotes.create(invoice.id, {
        reason: 'Extra',
        debitNoteDate: '2000-01-01',
        items: [{ description: 'x', quantity: 1, unitPrice: 5 }],
      }),
    );
    expect((early as ValidationError).details).toEqual([expect.objectContaining({ field: 'debitNoteDate', code: 'DATE_CONSTRAINT' })]);
    const draft = await acs.invoices.create({ customerId: customer.id, items: LINES });
    expect(await failureOf(acs.debitNotes.create(draft.id, { reason: 'Extra', items: SURCHARGE }))).toMatchObject({
      message: 'a draft invoice is amended, not charged by a debit note',
    });

    expect(await acs.invoices.retrieve(invoice.id)).toEqual(invoice);
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(270);
    expect((await acs.journalEntries.list({ limit: 1 })).total).toBe(entries);
    expect((await acs.debitNotes.list({ customerId: customer.id })).total).toBe(0);
  });

  it("charges a foreign-currency invoice in its currency at the invoice's rate", async () => {
    const customer = await newCustomer({ currency: 'USD' });
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, exchangeRate: 4.5, items: LINES })).id);
    const note = await acs.debitNotes.create(invoice.id, {
      reason: 'Freight',
      items: [{ description: 'Freight', quantity: 1, unitPrice: 10.01, taxCode: null }],
    });
    expect(note).toMatchObject({ currency: 'USD', exchangeRate: 4.5, total: 10.01, baseTotal: 45.05 });
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(1215 + 45.05);
  });

  it('an invoice with a debit note cannot be amended or cancelled; debit_note.created is published', async () => {
    const invoice = await sentInvoice((await newCustomer()).id);
    const seen = mock.events.history.length;
    const note = await acs.debitNotes.create(invoice.id, { reason: 'Extra', items: SURCHARGE });
    expect(mock.events.history.slice(seen).find((e) => e.event === 'debit_note.created')?.data).toEqual(note);
    expect(await failureOf(acs.invoices.update(invoice.id, { shippingCost: 10 }))).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION' });
    expect(await failureOf(acs.invoices.cancel(invoice.id, {}))).toMatchObject({
      message: 'an invoice with credit or debit notes cannot be cancelled; credit what is left instead',
    });
  });
});
