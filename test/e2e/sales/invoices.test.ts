import { beforeEach, describe, expect, it } from 'vitest';
import {
  BusinessRuleError,
  NotFoundError,
  PermissionDeniedError,
  UnprocessableEntityError,
  ValidationError,
  type Customer,
  type DocumentLineCreate,
} from '../../../src/index.js';
import { Invoice as InvoiceSchema, Payment as PaymentSchema } from '../../../src/contract/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs, readOnlyClient } = sandbox();

let serial = 0;
/** A customer of the test's own, so the demo customers' figures do not matter. */
const newCustomer = (fields: Partial<Parameters<typeof acs.customers.create>[0]> = {}): Promise<Customer> =>
  acs.customers.create({ name: `Buyer ${++serial} Sdn Bhd`, email: `ap${serial}@buyer.my`, paymentTerms: 30, ...fields });

/** 2 x 100.00 at SST10 and 1 x 50.00 untaxed: subtotal 250, tax 20, total 270. */
const LINES: DocumentLineCreate[] = [
  { description: 'Desk lamp', quantity: 2, unitPrice: 100, taxCode: 'SST10' },
  { description: 'Assembly', quantity: 1, unitPrice: 50, taxCode: null },
];

const receivableAccount = () => accountByNumber(acs, '1130');

beforeEach(() => {
  mock.reset();
});

describe('invoices.create and retrieve', () => {
  it('creates a draft (201) with its number, totals and due date from the customer terms', async () => {
    const customer = await newCustomer({ paymentTerms: 14 });
    const { data: invoice, response } = await acs.invoices
      .create({ customerId: customer.id, invoiceDate: '2026-11-02', reference: 'Q4 order', items: LINES })
      .withResponse();
    expect(response.status).toBe(201);
    expect(invoice).toMatchObject({
      status: 'draft',
      invoiceDate: '2026-11-02',
      dueDate: '2026-11-16',
      subtotal: 250,
      totalTax: 20,
      total: 270,
      amountDue: 270,
      paymentStatus: 'unpaid',
      overdueBy: 0,
      customer: { id: customer.id, name: customer.name, email: customer.email },
      journalEntryId: null,
    });
    expect(invoice.items.map((l) => [l.lineTotal, l.taxRate, l.taxAmount])).toEqual([
      [200, 10, 20],
      [50, 0, 0],
    ]);
    expect(await acs.invoices.retrieve(invoice.id)).toEqual(invoice);
  });

  it('bad lines are ValidationError 422 naming each field, and create nothing', async () => {
    const customer = await newCustomer();
    const before = (await acs.invoices.list({ customerId: customer.id })).total;
    const error = await failureOf(
      acs.invoices.create({
        customerId: customer.id,
        items: [
          { description: 'x', quantity: 1, unitPrice: 10, taxCode: 'GST6' },
          { description: 'y', quantity: -1, unitPrice: 5 },
        ],
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details!.map((d) => `${d.field} ${d.code}`).sort()).toEqual(['items.1.quantity MIN_VALUE']);
    const taxError = await failureOf(
      acs.invoices.create({ customerId: customer.id, items: [{ description: 'x', quantity: 1, unitPrice: 10, taxCode: 'GST6' }] }),
    );
    expect((taxError as ValidationError).details).toEqual([
      expect.objectContaining({ field: 'items.0.taxCode', code: 'INVALID_CHOICE', value: 'GST6' }),
    ]);
    expect((await acs.invoices.list({ customerId: customer.id })).total).toBe(before);
  });

  it('a total too large to stay exact to the cent is a ValidationError MAX_VALUE on total, and creates nothing', async () => {
    const customer = await newCustomer();
    const items = [{ description: 'y', quantity: 99_999_999, unitPrice: 99_999_999.99 }];
    const error = await failureOf(acs.invoices.create({ customerId: customer.id, items }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toEqual([expect.objectContaining({ field: 'total', code: 'MAX_VALUE' })]);
    // Each field has its own bound first (MOCK-8): a quantity over 1e9 and a price over 999,999,999,999.99.
    const fields = await failureOf(
      acs.invoices.create({ customerId: customer.id, items: [{ description: 'x', quantity: 1e15, unitPrice: 1e15 }] }),
    );
    expect((fields as ValidationError).details).toEqual([
      expect.objectContaining({ field: 'items.0.quantity', code: 'MAX_VALUE' }),
      expect.objectContaining({ field: 'items.0.unitPrice', code: 'MAX_VALUE' }),
    ]);
    expect((await acs.invoices.list({ customerId: customer.id })).total).toBe(0);
  });

  it('an unknown customer is NotFoundError CUSTOMER_NOT_FOUND; an unknown invoice NotFoundError', async () => {
    expect(await failureOf(acs.invoices.create({ customerId: 'cus_nobody', items: LINES }))).toMatchObject({
      status: 404,
      code: 'CUSTOMER_NOT_FOUND',
    });
    expect(await failureOf(acs.invoices.retrieve('inv_nothing'))).toBeInstanceOf(NotFoundError);
  });

  it('a read-only key cannot create an invoice', async () => {
    const readOnly = readOnlyClient();
    const error = await failureOf(readOnly.invoices.create({ customerId: 'cus_x', items: LINES }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
  });
});

describe('sending and paying an invoice', () => {
  it('send posts the invoice, raises the customer balance and records the message in mock.outbox', async () => {
    const customer = await newCustomer();
    const ar = await receivableAccount();
    const draft = await acs.invoices.create({ customerId: customer.id, items: LINES });

    const sent = await acs.invoices.send(draft.id, { cc: ['boss@buyer.my'], message: 'Thank you' });

    expect(sent).toMatchObject({ status: 'sent', sentAt: expect.any(String), journalEntryId: expect.any(String) });
    const entry = await acs.journalEntries.retrieve(sent.journalEntryId!);
    expect(entry).toMatchObject({
      status: 'posted',
      reference: sent.invoiceNumber,
      totalDebit: 270,
      source: { type: 'invoice', id: sent.id },
    });
    expect(entry.lines.map((l) => [l.accountNumber, l.debit, l.credit])).toEqual([
      ['1130', 270, 0],
      ['4100', 0, 250],
      ['2120', 0, 20],
    ]);
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(270);
    expect((await acs.accounts.retrieve(ar.id)).balance.net).toBeCloseTo(ar.balance.net + 270, 2);
    expect(mock.outbox.filter((m) => m.documentId === sent.id)).toEqual([
      expect.objectContaining({ kind: 'invoice', to: [customer.email], cc: ['boss@buyer.my'], message: 'Thank you', attachPDF: true }),
    ]);
  });

  it('pays in two parts, through payments.create and the short form pay, until the invoice is paid', async () => {
    const customer = await newCustomer();
    const bank = await accountByNumber(acs, '1120');
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: LINES })).id);

    const { data: first, response } = await acs.invoices.payments
      .create(invoice.id, { amount: 100, paymentDate: mock.today(), paymentMethod: 'bank_transfer', reference: 'IBG 1' })
      .withResponse();
    expect(response.status).toBe(201);
    expect(first).toMatchObject({
      invoiceId: invoice.id,
      amount: 100,
      accountId: bank.id,
      paymentMethod: 'bank_transfer',
      reference: 'IBG 1',
    });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'sent',
      amountPaid: 100,
      amountDue: 170,
      paymentStatus: 'partial',
    });

    const second = await acs.invoices.pay(invoice.id, { amount: 170, paymentMethod: 'ewallet' });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amountPaid: 270,
      amountDue: 0,
      paymentStatus: 'paid',
      lastPaymentDate: mock.today(),
    });
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(0);
    expect((await acs.invoices.payments.list(invoice.id)).data.map((p) => [p.id, p.amount])).toEqual([
      [first.id, 100],
      [second.id, 170],
    ]);
    const paymentEntry = await acs.journalEntries.retrieve(second.journalEntryId);
    expect(paymentEntry.lines.map((l) => [l.accountNumber, l.debit, l.credit])).toEqual([
      ['1120', 170, 0],
      ['1130', 0, 170],
    ]);
  });

  it('a refused payment leaves amountDue, the customer balance and the ledger as they were', async () => {
    const customer = await newCustomer();
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: LINES })).id);
    const ar = await receivableAccount();
    const entries = (await acs.journalEntries.list({ limit: 1 })).total;

    const over = await failureOf(acs.invoices.payments.create(invoice.id, { amount: 270.01 }));
    expect(over).toBeInstanceOf(ValidationError);
    expect((over as ValidationError).details).toEqual([
      expect.objectContaining({ field: 'amount', code: 'MAX_VALUE', constraint: { max: 270 } }),
    ]);
    expect(await failureOf(acs.invoices.pay(invoice.id, { amount: 0 }))).toBeInstanceOf(ValidationError);

    expect(await acs.invoices.retrieve(invoice.id)).toEqual(invoice);
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(270);
    expect((await acs.accounts.retrieve(ar.id)).balance).toEqual(ar.balance);
    expect((await acs.journalEntries.list({ limit: 1 })).total).toBe(entries);
    expect((await acs.invoices.payments.list(invoice.id)).data).toEqual([]);
  });

  it('over the credit limit, send is 422 INSUFFICIENT_FUNDS with the spec details, and the invoice stays a draft', async () => {
    const customer = await newCustomer({ creditLimit: 250 });
    const draft = await acs.invoices.create({ customerId: customer.id, items: LINES });
    const error = await failureOf(acs.invoices.send(draft.id));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(error).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_FUNDS',
      details: [{ customerId: customer.id, currentBalance: 0, creditLimit: 250, availableCredit: 250, requestedAmount: 270 }],
    });
    expect(await acs.invoices.retrieve(draft.id)).toEqual(draft);
    expect(mock.outbox.filter((m) => m.documentId === draft.id)).toEqual([]);
  });

  it('paying a draft is a BusinessRuleError', async () => {
    const draft = await acs.invoices.create({ customerId: (await newCustomer()).id, items: LINES });
    expect(await failureOf(acs.invoices.pay(draft.id, { amount: 10 }))).toBeInstanceOf(BusinessRuleError);
  });
});

describe('invoices.update and cancel', () => {
  it('a paid invoice cannot be modified', async () => {
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: (await newCustomer()).id, items: LINES })).id);
    await acs.invoices.pay(invoice.id, { amount: 270 });
    const error = await failureOf(acs.invoices.update(invoice.id, { notes: 'Too late' }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({
      message: 'a paid invoice cannot be modified',
      details: [expect.objectContaining({ rule: 'a paid invoice cannot be modified', status: 'paid' })],
    });
  });

  it('a sent invoice without payments is re-posted with its new lines', async () => {
    const customer = await newCustomer();
    const sent = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: LINES })).id);
    const changed = await acs.invoices.update(sent.id, {
      items: [{ description: 'Desk lamp', quantity: 1, unitPrice: 100, taxCode: 'SST10' }],
    });
    expect(changed).toMatchObject({ status: 'sent', total: 110, amountDue: 110 });
    expect((await acs.journalEntries.retrieve(sent.journalEntryId!)).status).toBe('void');
    expect((await acs.journalEntries.retrieve(changed.journalEntryId!)).totalDebit).toBe(110);
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(110);
  });

  it('amending a sent invoice publishes one invoice.updated, carrying the re-posted invoice', async () => {
    const sent = await acs.invoices.send((await acs.invoices.create({ customerId: (await newCustomer()).id, items: LINES })).id);
    const seen = mock.events.history.length;
    const changed = await acs.invoices.update(sent.id, {
      items: [{ description: 'Desk lamp', quantity: 1, unitPrice: 100, taxCode: 'SST10' }],
    });
    const updates = mock.events.history.slice(seen).filter((e) => e.event === 'invoice.updated');
    expect(updates).toHaveLength(1);
    expect(updates[0].data).toEqual(changed);
  });

  it('cancelling a sent invoice reverses its posting and the customer balance', async () => {
    const customer = await newCustomer();
    const ar = await receivableAccount();
    const sent = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: LINES })).id);
    const cancelled = await acs.invoices.cancel(sent.id, { reason: 'Wrong customer' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellationReason: 'Wrong customer', amountDue: 0 });
    const original = await acs.journalEntries.retrieve(sent.journalEntryId!);
    expect(original.status).toBe('void');
    expect((await acs.journalEntries.retrieve(original.reversedByEntryId!)).source).toEqual({ type: 'invoice', id: sent.id });
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(0);
    expect((await acs.accounts.retrieve(ar.id)).balance.net).toBeCloseTo(ar.balance.net, 2);
  });
});

describe('invoices.list', () => {
  it('filters by customer, status, payment status, dates, totals and search; overdue follows the mock clock', async () => {
    const customer = await newCustomer({ paymentTerms: 10 });
    const make = async (items: DocumentLineCreate[]) =>
      acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items })).id);
    const small = await make([{ description: 'Small', quantity: 1, unitPrice: 10, taxCode: null }]);
    const big = await make([{ description: 'Big', quantity: 1, unitPrice: 1000, taxCode: null }]);
    await acs.invoices.pay(big.id, { amount: 1000 });
    const draft = await acs.invoices.create({ customerId: customer.id, items: LINES });
    const ids = async (query: Parameters<typeof acs.invoices.list>[0]) =>
      (await acs.invoices.list({ customerId: customer.id, ...query }).toArray({ limit: 100 })).map((i) => i.id).sort();

    expect(await ids({})).toEqual([small.id, big.id, draft.id].sort());
    expect(await ids({ status: 'sent' })).toEqual([small.id]);
    expect(await ids({ paymentStatus: 'paid' })).toEqual([big.id]);
    expect(await ids({ totalMin: 100, totalMax: 1000 })).toEqual([big.id, draft.id].sort());
    expect(await ids({ total: { lt: 100 } })).toEqual([small.id]);
    expect(await ids({ search: small.invoiceNumber })).toEqual([small.id]);
    expect(await ids({ overdue: true })).toEqual([]);

    mock.clock.advance({ days: 12 });
    expect(await ids({ overdue: true })).toEqual([small.id]);
    expect(await ids({ status: 'overdue' })).toEqual([small.id]);
    expect(await acs.invoices.retrieve(small.id)).toMatchObject({ status: 'overdue', overdueBy: 2 });
    expect(await acs.invoices.retrieve(big.id)).toMatchObject({ status: 'paid', overdueBy: 0 });
  });

  it('filters by invoice date and due date ranges, both bounds inclusive', async () => {
    const customer = await newCustomer({ paymentTerms: 30 });
    const at = (invoiceDate: string, dueDate: string) =>
      acs.invoices.create({ customerId: customer.id, invoiceDate, dueDate, items: LINES });
    const march = await at('2026-03-01', '2026-03-31');
    const april = await at('2026-04-15', '2026-05-15');
    const may = await at('2026-05-01', '2026-06-30');
    const ids = async (query: Parameters<typeof acs.invoices.list>[0]) =>
      (await acs.invoices.list({ customerId: customer.id, ...query })).data.map((i) => i.id);

    expect(await ids({ invoiceDateFrom: '2026-04-15' })).toEqual([may.id, april.id]);
    expect(await ids({ invoiceDateTo: '2026-04-15' })).toEqual([april.id, march.id]);
    expect(await ids({ invoiceDateFrom: '2026-03-02', invoiceDateTo: '2026-04-30' })).toEqual([april.id]);
    expect(await ids({ dueDateFrom: '2026-05-15' })).toEqual([may.id, april.id]);
    expect(await ids({ dueDateTo: '2026-05-15' })).toEqual([april.id, march.id]);
    expect(await ids({ dueDateFrom: '2026-04-01', dueDateTo: '2026-06-29' })).toEqual([april.id]);
  });

  it('finds the demo documents: an overdue invoice among them', async () => {
    const overdue = await acs.invoices.list({ overdue: true });
    expect(overdue.data.length).toBeGreaterThan(0);
    for (const invoice of overdue.data) expect(invoice).toMatchObject({ status: 'overdue', overdueBy: expect.any(Number) });
  });
});

describe('events and analytics', () => {
  it('publishes invoice.created, invoice.sent, invoice.updated and payment.received with the records as the API shows them', async () => {
    const customer = await newCustomer();
    const seen = mock.events.history.length;
    const draft = await acs.invoices.create({ customerId: customer.id, items: LINES });
    await acs.invoices.send(draft.id);
    const payment = await acs.invoices.pay(draft.id, { amount: 70 });
    const events = mock.events.history.slice(seen).filter((e) => e.event.startsWith('invoice.') || e.event.startsWith('payment.'));
    // In write order: a payment is stored, then the invoice it pays is updated.
    expect(events.map((e) => e.event)).toEqual([
      'invoice.created',
      'invoice.updated',
      'invoice.sent',
      'payment.received',
      'invoice.updated',
    ]);
    for (const event of events.filter((e) => e.event.startsWith('invoice.')))
      expect(InvoiceSchema.parse(event.data)).toMatchObject({ id: draft.id });
    expect(events.find((e) => e.event === 'invoice.sent')!.data).toMatchObject({ status: 'sent' });
    expect(PaymentSchema.parse(events.find((e) => e.event === 'payment.received')!.data)).toEqual(payment);
    expect(events.at(-1)!.data).toMatchObject({ amountPaid: 70, amountDue: 200, paymentStatus: 'partial' });
  });

  it('customers.summary and analytics.salesFunnel read the documents', async () => {
    const customer = await newCustomer({ creditLimit: 1000 });
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: LINES })).id);
    await acs.invoices.pay(invoice.id, { amount: 270 });
    await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: LINES })).id);
    const { summary } = await acs.customers.summary(customer.id);
    expect(summary).toMatchObject({
      totalInvoices: 2,
      totalSales: 540,
      currentBalance: 270,
      creditUtilization: 27,
      paymentHistory: { onTimePayments: 1, latePayments: 0, averagePaymentDays: 0 },
    });
    const funnel = await acs.analytics.salesFunnel({ customerId: customer.id });
    expect(funnel.stages.map((s) => [s.stage, s.count, s.value])).toEqual([
      ['quote', 0, 0],
      ['order', 0, 0],
      ['invoice', 2, 540],
      ['paid', 1, 270],
    ]);
  });
});
