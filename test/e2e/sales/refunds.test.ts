import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, ValidationError, type Customer, type DocumentLineCreate } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';
import { TestReceiver } from '../../webhooks/receiver.js';

const { mock, acs } = sandbox();

let serial = 0;
const newCustomer = (): Promise<Customer> =>
  acs.customers.create({ name: `Refund Buyer ${++serial} Sdn Bhd`, email: `rf${serial}@buyer.my` });

/** 2 x 100.00 at SST10 and 1 x 50.00 untaxed: total 270. */
const LINES: DocumentLineCreate[] = [
  { description: 'Desk lamp', quantity: 2, unitPrice: 100, taxCode: 'SST10' },
  { description: 'Assembly', quantity: 1, unitPrice: 50, taxCode: null },
];

/** A customer with 270 of credit: an invoice paid in full, then credited in full. */
async function customerWithCredit() {
  const customer = await newCustomer();
  const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: LINES })).id);
  await acs.invoices.pay(invoice.id, { amount: 270 });
  const note = await acs.creditNotes.create(invoice.id, { reason: 'Everything returned' });
  return { customer, invoice, note };
}

beforeEach(() => {
  mock.reset();
});

describe('creditNotes.refunds.create', () => {
  it('a refund posts Dr receivables, Cr bank, lowers remainingCredit and raises the customer balance back', async () => {
    const { customer, note } = await customerWithCredit();
    const bank = await accountByNumber(acs, '1120');
    const { data: refund, response } = await acs.creditNotes.refunds
      .create(note.id, { amount: 100, reference: 'IBG 20991' })
      .withResponse();

    expect(response.status).toBe(201);
    expect(refund).toMatchObject({
      refundNumber: expect.stringMatching(/^RF-\d{6}$/),
      creditNoteId: note.id,
      creditNoteNumber: note.creditNoteNumber,
      customerId: customer.id,
      amount: 100,
      currency: 'MYR',
      refundDate: mock.today(),
      paymentMethod: 'bank_transfer',
      accountId: bank.id,
      reference: 'IBG 20991',
    });
    const entry = await acs.journalEntries.retrieve(refund.journalEntryId);
    expect(entry).toMatchObject({ reference: refund.refundNumber, source: { type: 'refund', id: refund.id } });
    expect(entry.lines.map((l) => [l.accountNumber, l.debit, l.credit])).toEqual([
      ['1130', 100, 0],
      ['1120', 0, 100],
    ]);
    expect(await acs.creditNotes.retrieve(note.id)).toMatchObject({
      status: 'open',
      amountRefunded: 100,
      remainingCredit: 170,
      refunds: [{ id: refund.id, refundNumber: refund.refundNumber, amount: 100, refundDate: mock.today() }],
    });
    expect(await acs.customers.retrieve(customer.id)).toMatchObject({ currentBalance: -170, creditBalance: 170 });

    const cash = await acs.creditNotes.refunds.create(note.id, { amount: 170, paymentMethod: 'cash' });
    expect(cash.accountId).toBe((await accountByNumber(acs, '1110')).id);
    expect(await acs.creditNotes.retrieve(note.id)).toMatchObject({ status: 'refunded', remainingCredit: 0, amountRefunded: 270 });
    expect(await acs.customers.retrieve(customer.id)).toMatchObject({ currentBalance: 0, creditBalance: 0 });
    expect((await acs.refunds.list({ creditNoteId: note.id })).data.map((r) => r.id)).toEqual([cash.id, refund.id]);
    expect(await acs.refunds.retrieve(refund.id)).toEqual(refund);
  });

  it('a refund above the remaining credit, dated after today, or into a non-bank account is refused and changes nothing', async () => {
    const { customer, note } = await customerWithCredit();
    const entries = (await acs.journalEntries.list({ limit: 1 })).total;
    const sales = await accountByNumber(acs, '4100');

    const over = await failureOf(acs.creditNotes.refunds.create(note.id, { amount: 270.01 }));
    expect((over as ValidationError).details).toEqual([
      expect.objectContaining({ field: 'amount', code: 'MAX_VALUE', constraint: { max: 270 } }),
    ]);
    const future = await failureOf(acs.creditNotes.refunds.create(note.id, { amount: 10, refundDate: '2099-01-01' }));
    expect((future as ValidationError).details).toEqual([expect.objectContaining({ field: 'refundDate', code: 'DATE_CONSTRAINT' })]);
    expect(await failureOf(acs.creditNotes.refunds.create(note.id, { amount: 10, accountId: sales.id }))).toBeInstanceOf(ValidationError);

    expect(await acs.creditNotes.retrieve(note.id)).toEqual(note);
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(-270);
    expect((await acs.journalEntries.list({ limit: 1 })).total).toBe(entries);
    expect((await acs.refunds.list({ customerId: customer.id })).total).toBe(0);
  });

  it('the account a refund was paid out of cannot be deleted: 422 ACCOUNT_IN_USE naming the refund', async () => {
    const { note } = await customerWithCredit();
    const float = await acs.accounts.create({ accountNumber: '1179', name: 'Refund float', type: 'asset', category: 'current_asset' });
    const refund = await acs.creditNotes.refunds.create(note.id, { amount: 20, accountId: float.id });
    const error = await failureOf(acs.accounts.delete(float.id));
    expect(error).toMatchObject({ status: 422, code: 'ACCOUNT_IN_USE' });
    expect((error as BusinessRuleError).details).toEqual(
      expect.arrayContaining([{ kind: 'refund', id: refund.id, number: refund.refundNumber, field: 'accountId' }]),
    );
  });

  it('a credit note with no credit left cannot be refunded', async () => {
    const customer = await newCustomer();
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: LINES })).id);
    const note = await acs.creditNotes.create(invoice.id, { reason: 'Returned' });
    const error = await failureOf(acs.creditNotes.refunds.create(note.id, { amount: 1 }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({ message: 'a credit note that is applied has no credit left to refund' });
  });
});

describe('the books after a mixed sequence', () => {
  it('receivables = sum of customer balances = open amounts due less unapplied credit, and tax payable follows the notes', async () => {
    const ar = await accountByNumber(acs, '1130');
    const tax = await accountByNumber(acs, '2120');
    const customers = await Promise.all([newCustomer(), newCustomer()]);
    const [a, b] = customers;
    const send = async (customerId: string) =>
      acs.invoices.send((await acs.invoices.create({ customerId, items: LINES, shippingCost: 15 })).id);

    const a1 = await send(a.id);
    const a2 = await send(a.id);
    const b1 = await send(b.id);
    await acs.invoices.pay(a1.id, { amount: 200 });
    const credit = await acs.creditNotes.create(a1.id, {
      reason: 'Lamps returned',
      items: [{ invoiceLineId: a1.items[0].id, quantity: 2 }],
    });
    await acs.creditNotes.allocations.create(credit.id, { invoiceId: a2.id, amount: 50 });
    await acs.creditNotes.refunds.create(credit.id, { amount: 25 });
    const debit = await acs.debitNotes.create(b1.id, {
      reason: 'Rush delivery',
      items: [{ description: 'Rush', quantity: 1, unitPrice: 40, taxCode: 'SST10' }],
    });
    await acs.invoices.pay(b1.id, { amount: 100 });
    await acs.creditNotes.create(b1.id, { reason: 'Assembly not done', items: [{ invoiceLineId: b1.items[1].id, quantity: 1 }] });

    const invoices = (await acs.invoices.list({ limit: 100 })).data.filter((i) => customers.some((c) => c.id === i.customerId));
    const notes = (await acs.creditNotes.list({ status: 'open', limit: 100 })).data.filter((n) =>
      customers.some((c) => c.id === n.customerId),
    );
    const cents = (values: number[]) => values.reduce((sum, v) => sum + Math.round(v * 100), 0);
    const due = cents(invoices.map((i) => i.amountDue));
    const unapplied = cents(notes.map((n) => n.baseRemainingCredit));
    const balances = await Promise.all(customers.map((c) => acs.customers.retrieve(c.id)));

    const arMoved = Math.round(((await acs.accounts.retrieve(ar.id)).balance.net - ar.balance.net) * 100);
    expect(arMoved).toBe(cents(balances.map((c) => c.currentBalance)));
    expect(arMoved).toBe(due - unapplied);
    expect(cents(balances.map((c) => c.creditBalance))).toBe(unapplied);
    // Tax: three invoices' 20, the debit note's 4, less the two lamps' 20 (the assembly line is untaxed).
    const taxMoved = Math.round(((await acs.accounts.retrieve(tax.id)).balance.net - tax.balance.net) * 100);
    expect(Math.abs(taxMoved)).toBe(cents([20, 20, 20, debit.totalTax, -credit.totalTax]));
  });
});

describe('events', () => {
  let receiver: TestReceiver;
  beforeAll(async () => {
    receiver = await TestReceiver.start();
  });
  afterAll(() => receiver.close());

  it('refund.created and credit_note.created reach a webhook subscription like the other events', async () => {
    receiver.clear();
    await acs.webhooks.subscribe({
      url: `${receiver.url}/hooks`,
      events: ['credit_note.created', 'refund.created'],
      secret: 'whsec_refund_tests_0000000001',
    });
    const { note } = await customerWithCredit();
    const refund = await acs.creditNotes.refunds.create(note.id, { amount: 70 });
    await mock.webhooks.settled();
    const bodies = receiver.received.map((r) => JSON.parse(r.body.toString('utf8')));
    expect(bodies.map((b) => [b.event, b.data.id])).toEqual([
      ['credit_note.created', note.id],
      ['refund.created', refund.id],
    ]);
    expect(bodies[1].data).toEqual(refund);
  });
});
