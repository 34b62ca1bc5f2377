import { beforeEach, describe, expect, it } from 'vitest';
import {
  BusinessRuleError,
  NotFoundError,
  type ValidationError,
  type Customer,
  type DocumentLineCreate,
  type Invoice,
} from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

let serial = 0;
/** A customer of the test's own, so the demo customers' figures do not matter. */
const newCustomer = (fields: Partial<Parameters<typeof acs.customers.create>[0]> = {}): Promise<Customer> =>
  acs.customers.create({ name: `Credit Buyer ${++serial} Sdn Bhd`, email: `cn${serial}@buyer.my`, ...fields });

/** 2 x 100.00 at SST10 and 1 x 50.00 untaxed, shipping 30: subtotal 250, tax 20, total 300. */
const LINES: DocumentLineCreate[] = [
  { description: 'Desk lamp', quantity: 2, unitPrice: 100, taxCode: 'SST10' },
  { description: 'Assembly', quantity: 1, unitPrice: 50, taxCode: null },
];

const sentInvoice = async (
  customerId: string,
  items = LINES,
  fields: Partial<Parameters<typeof acs.invoices.create>[0]> = {},
): Promise<Invoice> => acs.invoices.send((await acs.invoices.create({ customerId, items, shippingCost: 30, ...fields })).id);

const entryLines = async (journalEntryId: string) =>
  (await acs.journalEntries.retrieve(journalEntryId)).lines.map((l) => [l.accountNumber, l.debit, l.credit]);

beforeEach(() => {
  mock.reset();
});

describe('creditNotes.create', () => {
  it('crediting a whole invoice posts Dr income, Dr tax payable, Dr sales for shipping, Cr receivables, and settles the invoice', async () => {
    const customer = await newCustomer();
    const invoice = await sentInvoice(customer.id);
    const { data: note, response } = await acs.creditNotes.create(invoice.id, { reason: 'Order cancelled by the customer' }).withResponse();

    expect(response.status).toBe(201);
    expect(note).toMatchObject({
      creditNoteNumber: expect.stringMatching(/^CN-\d{6}$/),
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      creditNoteDate: mock.today(),
      status: 'applied',
      currency: 'MYR',
      subtotal: 250,
      totalTax: 20,
      shippingCost: 30,
      total: 300,
      baseTotal: 300,
      amountApplied: 300,
      remainingCredit: 0,
      allocations: [expect.objectContaining({ invoiceId: invoice.id, amount: 300, allocationDate: mock.today() })],
    });
    expect(note.items.map((l) => [l.invoiceLineId, l.quantity, l.lineTotal, l.taxAmount])).toEqual(
      invoice.items.map((l) => [l.id, l.quantity, l.lineTotal, l.taxAmount]),
    );
    expect(await entryLines(note.journalEntryId)).toEqual([
      ['1130', 0, 300],
      ['4100', 250, 0],
      ['4100', 30, 0],
      ['2120', 20, 0],
    ]);
    expect(await acs.journalEntries.retrieve(note.journalEntryId)).toMatchObject({
      date: mock.today(),
      reference: note.creditNoteNumber,
      source: { type: 'credit_note', id: note.id },
    });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      amountCredited: 300,
      amountPaid: 0,
      amountDue: 0,
    });
    expect(await acs.customers.retrieve(customer.id)).toMatchObject({ currentBalance: 0, creditBalance: 0 });
    expect(await acs.creditNotes.retrieve(note.id)).toEqual(note);
  });

  it('credits chosen lines and quantities at the invoice prices; the last credit of a line takes its remainder', async () => {
    const customer = await newCustomer();
    // 3 x 10.01 less 33.3333%: the line is 20.02 with 2.00 tax, one unit alone 6.67 with 0.67.
    const invoice = await sentInvoice(
      customer.id,
      [{ description: 'Filter', quantity: 3, unitPrice: 10.01, discountPercent: 33.3333, taxCode: 'SST10' }],
      { shippingCost: 0 },
    );
    const line = invoice.items[0];
    expect([line.lineTotal, line.taxAmount, invoice.total]).toEqual([20.02, 2, 22.02]);

    const first = await acs.creditNotes.create(invoice.id, { reason: 'One returned', items: [{ invoiceLineId: line.id, quantity: 1 }] });
    expect(first.items.map((l) => [l.quantity, l.unitPrice, l.discountPercent, l.discountAmount, l.lineTotal, l.taxAmount])).toEqual([
      [1, 10.01, 33.3333, 3.34, 6.67, 0.67],
    ]);
    expect(first).toMatchObject({ total: 7.34, status: 'applied' });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'sent',
      paymentStatus: 'partial',
      amountCredited: 7.34,
      amountDue: 14.68,
    });

    const second = await acs.creditNotes.create(invoice.id, {
      reason: 'Another returned',
      items: [{ invoiceLineId: line.id, quantity: 1 }],
    });
    const last = await acs.creditNotes.create(invoice.id, { reason: 'The rest' });
    expect(last.items.map((l) => [l.quantity, l.lineTotal, l.taxAmount])).toEqual([[1, 6.68, 0.66]]);
    expect([first, second, last].reduce((sum, note) => sum + note.total * 100, 0) / 100).toBe(22.02);
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amountCredited: 22.02, amountDue: 0 });
    expect((await acs.creditNotes.list({ invoiceId: invoice.id })).data.map((n) => n.creditNoteNumber)).toEqual(
      [last, second, first].map((n) => n.creditNoteNumber),
    );
  });

  it('crediting more than was invoiced less what was already credited is refused, and changes nothing', async () => {
    const customer = await newCustomer();
    const invoice = await sentInvoice(customer.id);
    const lamp = invoice.items[0];
    await acs.creditNotes.create(invoice.id, { reason: 'One lamp broken', items: [{ invoiceLineId: lamp.id, quantity: 1 }] });
    const before = {
      invoice: await acs.invoices.retrieve(invoice.id),
      customer: await acs.customers.retrieve(customer.id),
      entries: (await acs.journalEntries.list({ limit: 1 })).total,
    };

    const over = await failureOf(
      acs.creditNotes.create(invoice.id, { reason: 'Both lamps', items: [{ invoiceLineId: lamp.id, quantity: 2 }] }),
    );
    expect(over).toBeInstanceOf(BusinessRuleError);
    expect(over).toMatchObject({
      message: 'a credit note cannot credit more than was invoiced less what was already credited',
      details: [
        expect.objectContaining({
          invoiceId: invoice.id,
          lines: [{ invoiceLineId: lamp.id, invoicedQuantity: 2, creditedQuantity: 1, requestedQuantity: 2 }],
        }),
      ],
    });
    const shipping = await failureOf(acs.creditNotes.create(invoice.id, { reason: 'Shipping twice', items: [], shippingCost: 30.01 }));
    expect(shipping).toBeInstanceOf(BusinessRuleError);
    const unknown = await failureOf(
      acs.creditNotes.create(invoice.id, { reason: 'x', items: [{ invoiceLineId: 'ln_nothing', quantity: 1 }] }),
    );
    expect((unknown as ValidationError).details).toEqual([
      expect.objectContaining({ field: 'items.0.invoiceLineId', code: 'INVALID_CHOICE' }),
    ]);

    expect(await acs.invoices.retrieve(invoice.id)).toEqual(before.invoice);
    expect(await acs.customers.retrieve(customer.id)).toEqual(before.customer);
    expect((await acs.journalEntries.list({ limit: 1 })).total).toBe(before.entries);
    expect((await acs.creditNotes.list({ invoiceId: invoice.id })).total).toBe(1);
  });

  it('only a sent, overdue or paid invoice is credited: a draft is amended instead, a cancelled one refused', async () => {
    const customer = await newCustomer();
    const draft = await acs.invoices.create({ customerId: customer.id, items: LINES });
    expect(await failureOf(acs.creditNotes.create(draft.id, { reason: 'x' }))).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'a draft invoice is amended, not credited',
    });
    const cancelled = await acs.invoices.cancel((await sentInvoice(customer.id)).id, { reason: 'Wrong customer' });
    expect(await failureOf(acs.creditNotes.create(cancelled.id, { reason: 'x' }))).toMatchObject({
      message: 'a cancelled invoice cannot be credited',
    });
    expect(await failureOf(acs.creditNotes.create('inv_nothing', { reason: 'x' }))).toBeInstanceOf(NotFoundError);
    const overdue = await sentInvoice(customer.id);
    mock.clock.advance({ days: 45 });
    expect((await acs.creditNotes.create(overdue.id, { reason: 'Late complaint' })).status).toBe('applied');
  });

  it('an invoice with a credit note can no longer be amended or cancelled', async () => {
    const invoice = await sentInvoice((await newCustomer()).id);
    await acs.creditNotes.create(invoice.id, { reason: 'Assembly not done', items: [{ invoiceLineId: invoice.items[1].id, quantity: 1 }] });
    expect(await failureOf(acs.invoices.update(invoice.id, { items: LINES.slice(0, 1) }))).toMatchObject({
      message: 'an invoice with credit or debit notes cannot change its lines, amounts or date; issue another note',
    });
    expect(await failureOf(acs.invoices.cancel(invoice.id, { reason: 'x' }))).toMatchObject({
      message: 'an invoice with credit or debit notes cannot be cancelled; credit what is left instead',
    });
    // Fields without money still change, and what is due stays as the credit left it.
    expect(await acs.invoices.update(invoice.id, { notes: 'Assembly credited' })).toMatchObject({ amountCredited: 50, amountDue: 250 });
  });
});

describe('customer credit', () => {
  it('credit beyond what the invoice has due becomes customer credit, shown on the customer', async () => {
    const customer = await newCustomer();
    const ar = await accountByNumber(acs, '1130');
    const invoice = await sentInvoice(customer.id);
    await acs.invoices.pay(invoice.id, { amount: 200 });

    const note = await acs.creditNotes.create(invoice.id, { reason: 'Everything returned' });
    expect(note).toMatchObject({ status: 'open', total: 300, amountApplied: 100, remainingCredit: 200, baseRemainingCredit: 200 });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amountPaid: 200, amountCredited: 100, amountDue: 0 });
    expect(await acs.customers.retrieve(customer.id)).toMatchObject({ currentBalance: -200, creditBalance: 200 });
    expect((await acs.customers.summary(customer.id)).summary.currentBalance).toBe(-200);
    expect((await acs.accounts.retrieve(ar.id)).balance.net).toBeCloseTo(ar.balance.net + 300 - 200 - 300, 2);
    expect((await acs.creditNotes.list({ customerId: customer.id, status: 'open' })).data.map((n) => n.id)).toEqual([note.id]);
  });

  it('crediting an invoice already paid in full leaves the whole credit with the customer', async () => {
    const customer = await newCustomer();
    const invoice = await sentInvoice(customer.id);
    await acs.invoices.pay(invoice.id, { amount: 300 });
    const note = await acs.creditNotes.create(invoice.id, { reason: 'Shipping refunded', items: [], shippingCost: 30 });
    expect(note).toMatchObject({ total: 30, amountApplied: 0, remainingCredit: 30, allocations: [] });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amountCredited: 0, amountDue: 0 });
    expect(await acs.customers.retrieve(customer.id)).toMatchObject({ currentBalance: -30, creditBalance: 30 });
  });

  it('applies credit to another open invoice of the same customer and currency', async () => {
    const customer = await newCustomer();
    const first = await sentInvoice(customer.id);
    await acs.invoices.pay(first.id, { amount: 300 });
    const note = await acs.creditNotes.create(first.id, {
      reason: 'Lamps returned',
      items: [{ invoiceLineId: first.items[0].id, quantity: 2 }],
    });
    const next = await sentInvoice(customer.id);

    const { data: applied, response } = await acs.creditNotes.allocations
      .create(note.id, { invoiceId: next.id, amount: 150 })
      .withResponse();
    expect(response.status).toBe(201);
    expect(applied).toMatchObject({ status: 'open', amountApplied: 150, remainingCredit: 70 });
    expect(applied.allocations.at(-1)).toMatchObject({ invoiceId: next.id, invoiceNumber: next.invoiceNumber, amount: 150 });
    expect(await acs.invoices.retrieve(next.id)).toMatchObject({
      status: 'sent',
      paymentStatus: 'partial',
      amountCredited: 150,
      amountDue: 150,
    });
    // Both sit in receivables: the customer's balance is what it was.
    expect(await acs.customers.retrieve(customer.id)).toMatchObject({ currentBalance: 80, creditBalance: 70 });

    const rest = await acs.creditNotes.allocations.create(note.id, { invoiceId: next.id, amount: 70 });
    expect(rest).toMatchObject({ status: 'applied', remainingCredit: 0 });
    await acs.invoices.pay(next.id, { amount: 80 });
    expect(await acs.invoices.retrieve(next.id)).toMatchObject({ status: 'paid', amountCredited: 220, amountPaid: 80, amountDue: 0 });
    expect(await failureOf(acs.creditNotes.allocations.create(note.id, { invoiceId: next.id, amount: 1 }))).toMatchObject({
      message: 'a credit note that is applied has no credit left to apply',
    });
  });

  it('credit applied across exchange rates books the difference as a realised exchange gain or loss', async () => {
    const customer = await newCustomer({ currency: 'USD' });
    const lines = [{ description: 'Licence', quantity: 1, unitPrice: 100, taxCode: null }];
    const paidEarly = await sentInvoice(customer.id, lines, { shippingCost: 0, exchangeRate: 4.5 });
    await acs.invoices.pay(paidEarly.id, { amount: 100 });
    const note = await acs.creditNotes.create(paidEarly.id, { reason: 'Licence returned' }); // 100 USD of credit worth 450.00
    const later = await sentInvoice(customer.id, lines, { shippingCost: 0, exchangeRate: 4.2 }); // 100 USD owed, worth 420.00

    await acs.creditNotes.allocations.create(note.id, { invoiceId: later.id, amount: 60 });
    // 60 USD of credit carried at 270.00 clears 60 USD of debt carried at 252.00: the liability goes for less, a gain of 18.00.
    const { data: entries } = await acs.journalEntries.list({ reference: note.creditNoteNumber, sort: 'journalNumber:asc' });
    expect(await entryLines(entries.at(-1)!.id)).toEqual([
      ['1130', 18, 0],
      ['4920', 0, 18],
    ]);
    await acs.creditNotes.allocations.create(note.id, { invoiceId: later.id, amount: 40 });
    expect(await acs.invoices.retrieve(later.id)).toMatchObject({ status: 'paid', amountCredited: 100, amountDue: 0 });
    expect(await acs.customers.retrieve(customer.id)).toMatchObject({ currentBalance: 0, creditBalance: 0 });
    const [receivables, exchange] = await Promise.all([accountByNumber(acs, '1130'), accountByNumber(acs, '4920')]);
    expect(
      (await acs.accounts.ledger(receivables.id, { dateFrom: mock.today() })).lines.reduce((sum, l) => sum + l.debit - l.credit, 0),
    ).toBeCloseTo(0, 2);
    expect((await acs.accounts.retrieve(exchange.id)).balance.net).toBe(30);
  });

  it("credit is not applied to another customer's invoice, another currency, more than is left or due, or a paid invoice", async () => {
    const customer = await newCustomer();
    const paid = await sentInvoice(customer.id);
    await acs.invoices.pay(paid.id, { amount: 300 });
    const note = await acs.creditNotes.create(paid.id, { reason: 'All returned' });
    const other = await sentInvoice((await newCustomer()).id);
    const dollars = await sentInvoice(customer.id, LINES, { currency: 'USD', exchangeRate: 4.5 });
    const open = await sentInvoice(customer.id, [{ description: 'Cable', quantity: 1, unitPrice: 500, taxCode: null }]);
    const before = await acs.creditNotes.retrieve(note.id);

    expect(await failureOf(acs.creditNotes.allocations.create(note.id, { invoiceId: other.id, amount: 10 }))).toMatchObject({
      message: "credit is applied only to the same customer's invoices",
    });
    expect(await failureOf(acs.creditNotes.allocations.create(note.id, { invoiceId: dollars.id, amount: 10 }))).toMatchObject({
      message: 'credit is applied only to invoices in its own currency',
    });
    expect(await failureOf(acs.creditNotes.allocations.create(note.id, { invoiceId: paid.id, amount: 10 }))).toMatchObject({
      message: 'the invoice is already paid',
    });
    const tooMuch = await failureOf(acs.creditNotes.allocations.create(note.id, { invoiceId: open.id, amount: 300.01 }));
    expect((tooMuch as ValidationError).details).toEqual([
      expect.objectContaining({ field: 'amount', code: 'MAX_VALUE', constraint: { max: 300 } }),
    ]);

    expect(await acs.creditNotes.retrieve(note.id)).toEqual(before);
    expect(await acs.invoices.retrieve(open.id)).toMatchObject({ amountCredited: 0, amountDue: 530 });
  });

  it("credits a foreign-currency invoice at the invoice's rate, in its currency", async () => {
    const customer = await newCustomer({ currency: 'USD' });
    const invoice = await sentInvoice(
      customer.id,
      [
        { description: 'Licence', quantity: 1, unitPrice: 33.33, taxCode: null },
        { description: 'Support', quantity: 1, unitPrice: 66.67, taxCode: null },
      ],
      { shippingCost: 0, exchangeRate: 4.4444 },
    );
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(444.44);

    const first = await acs.creditNotes.create(invoice.id, {
      reason: 'Licence not used',
      items: [{ invoiceLineId: invoice.items[0].id, quantity: 1 }],
    });
    expect(first).toMatchObject({ currency: 'USD', exchangeRate: 4.4444, total: 33.33, baseTotal: 148.13 });
    expect(await entryLines(first.journalEntryId)).toEqual([
      ['1130', 0, 148.13],
      ['4100', 148.13, 0],
    ]);
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(296.31);
    const rest = await acs.creditNotes.create(invoice.id, { reason: 'Support cancelled' });
    expect(rest).toMatchObject({ total: 66.67, baseTotal: 296.31, status: 'applied' });
    expect(await acs.customers.retrieve(customer.id)).toMatchObject({ currentBalance: 0, creditBalance: 0 });
  });
});

describe('events', () => {
  it('credit_note.created carries the credit note, applied to its invoice, beside the invoice.updated', async () => {
    const invoice = await sentInvoice((await newCustomer()).id);
    const seen = mock.events.history.length;
    const note = await acs.creditNotes.create(invoice.id, { reason: 'Returned' });
    const events = mock.events.history.slice(seen);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['invoice.updated', 'credit_note.created']));
    expect(events.find((e) => e.event === 'credit_note.created')!.data).toEqual(note);
    expect((events.find((e) => e.event === 'invoice.updated')!.data as Invoice).amountCredited).toBe(300);
  });
});
