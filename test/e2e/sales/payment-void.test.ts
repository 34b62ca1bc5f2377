import { beforeEach, describe, expect, it } from 'vitest';
import {
  BusinessRuleError,
  NotFoundError,
  ValidationError,
  type Customer,
  type DocumentLineCreate,
  type Invoice,
} from '../../../src/index.js';
import { Invoice as InvoiceSchema, Payment as PaymentSchema } from '../../../src/contract/index.js';
import { accountByNumber, failureOf, journalEntryCount, sandbox } from '../../support/sandbox.js';

// SALES-54: a payment can be undone (POST /invoices/{id}/payments/{paymentId}/void).

const { mock, acs } = sandbox({ now: '2026-11-20T02:00:00Z' });

let serial = 0;
const newCustomer = (): Promise<Customer> =>
  acs.customers.create({ name: `Payer ${++serial} Sdn Bhd`, email: `ar${serial}@payer.my`, paymentTerms: 30 });

/** 2 x 100.00 at SST10 and 1 x 50.00 untaxed: total 270. */
const LINES: DocumentLineCreate[] = [
  { description: 'Desk lamp', quantity: 2, unitPrice: 100, taxCode: 'SST10' },
  { description: 'Assembly', quantity: 1, unitPrice: 50, taxCode: null },
];

async function sentInvoice(): Promise<{ customer: Customer; invoice: Invoice }> {
  const customer = await newCustomer();
  const draft = await acs.invoices.create({ customerId: customer.id, invoiceDate: '2026-11-02', items: LINES });
  return { customer, invoice: await acs.invoices.send(draft.id) };
}

const net = async (accountNumber: string) => (await accountByNumber(acs, accountNumber)).balance.net;

beforeEach(() => {
  mock.clock.set('2026-11-20T02:00:00Z');
  mock.reset();
});

describe('invoices.payments.void', () => {
  it('voiding a payment restores the invoice and the customer balance, and reverses its entry', async () => {
    const { customer, invoice } = await sentInvoice();
    const [bankBefore, arBefore] = [await net('1120'), await net('1130')];
    const payment = await acs.invoices.payments.create(invoice.id, { amount: 270, paymentDate: '2026-11-10' });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });

    const voided = await acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Cheque bounced' });

    expect(voided).toMatchObject({
      id: payment.id,
      status: 'voided',
      voidReason: 'Cheque bounced',
      voidDate: '2026-11-20',
      voidedAt: expect.any(String),
      amount: 270,
    });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'sent',
      amountPaid: 0,
      amountDue: 270,
      paymentStatus: 'unpaid',
      lastPaymentDate: null,
    });
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(270);
    const entry = await acs.journalEntries.retrieve(payment.journalEntryId);
    expect(entry.status).toBe('void');
    const reversal = await acs.journalEntries.retrieve(entry.reversedByEntryId!);
    expect(reversal).toMatchObject({ date: '2026-11-20', source: { type: 'payment', id: payment.id } });
    expect(await net('1120')).toBeCloseTo(bankBefore, 2);
    expect(await net('1130')).toBeCloseTo(arBefore, 2);
  });

  it('voiding one of two payments leaves the other: partly paid, lastPaymentDate from the payment left', async () => {
    const { customer, invoice } = await sentInvoice();
    const first = await acs.invoices.payments.create(invoice.id, { amount: 100, paymentDate: '2026-11-05' });
    const second = await acs.invoices.payments.create(invoice.id, { amount: 170, paymentDate: '2026-11-12' });

    await acs.invoices.payments.void(invoice.id, second.id, { reason: 'Recorded twice', voidDate: '2026-11-15' });

    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'sent',
      amountPaid: 100,
      amountDue: 170,
      paymentStatus: 'partial',
      lastPaymentDate: '2026-11-05',
    });
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(170);
    expect((await acs.invoices.payments.list(invoice.id)).data.map((p) => [p.id, p.status])).toEqual([
      [first.id, 'posted'],
      [second.id, 'voided'],
    ]);
    expect((await acs.invoices.payments.list(invoice.id, { status: 'posted' })).data.map((p) => p.id)).toEqual([first.id]);
  });

  it('a paid invoice past its due date turns overdue again when its payment is voided', async () => {
    const { invoice } = await sentInvoice();
    const payment = await acs.invoices.payments.create(invoice.id, { amount: 270 });
    mock.clock.advance({ days: 20 });
    await acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Chargeback' });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ status: 'overdue', amountDue: 270 });
  });

  it('after every payment is voided the invoice can again be amended and cancelled', async () => {
    const { customer, invoice } = await sentInvoice();
    const payment = await acs.invoices.payments.create(invoice.id, { amount: 50 });
    expect(await failureOf(acs.invoices.update(invoice.id, { shippingCost: 10 }))).toBeInstanceOf(BusinessRuleError);
    expect(await failureOf(acs.invoices.cancel(invoice.id))).toBeInstanceOf(BusinessRuleError);

    await acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Wrong invoice' });

    expect(await acs.invoices.update(invoice.id, { shippingCost: 10 })).toMatchObject({ total: 280, amountDue: 280 });
    expect(await acs.invoices.cancel(invoice.id, { reason: 'Customer withdrew' })).toMatchObject({ status: 'cancelled' });
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(0);
  });

  it('a payment is voided once: the second void is a BusinessRuleError and changes nothing', async () => {
    const { customer, invoice } = await sentInvoice();
    const payment = await acs.invoices.payments.create(invoice.id, { amount: 100 });
    await acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Bounced' });
    const entries = await journalEntryCount(acs);

    const error = await failureOf(acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Again' }));

    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({
      status: 422,
      code: 'BUSINESS_RULE_VIOLATION',
      details: [expect.objectContaining({ rule: 'the payment is already voided', paymentId: payment.id })],
    });
    expect(await journalEntryCount(acs)).toBe(entries);
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ amountPaid: 0, amountDue: 270 });
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(270);
  });

  it('refuses a void without a reason, dated before the payment, or of a payment of another invoice, changing nothing', async () => {
    const { invoice } = await sentInvoice();
    const other = (await sentInvoice()).invoice;
    const payment = await acs.invoices.payments.create(invoice.id, { amount: 100, paymentDate: '2026-11-10' });
    const entries = await journalEntryCount(acs);

    const noReason = await failureOf(acs.invoices.payments.void(invoice.id, payment.id, { reason: '  ' }));
    expect(noReason).toBeInstanceOf(ValidationError);
    expect(noReason).toMatchObject({ details: [expect.objectContaining({ field: 'reason' })] });
    const early = await failureOf(acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Bounced', voidDate: '2026-11-09' }));
    expect(early).toMatchObject({ status: 422, details: [expect.objectContaining({ field: 'voidDate', code: 'DATE_CONSTRAINT' })] });
    expect(await failureOf(acs.invoices.payments.void(other.id, payment.id, { reason: 'Bounced' }))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(acs.invoices.payments.void(invoice.id, 'pay_missing', { reason: 'Bounced' }))).toBeInstanceOf(NotFoundError);

    expect(await journalEntryCount(acs)).toBe(entries);
    expect((await acs.invoices.payments.list(invoice.id)).data[0]).toMatchObject({ status: 'posted', voidReason: null });
  });

  it('publishes invoice.updated with the restored invoice; the payment shows as voided', async () => {
    const { invoice } = await sentInvoice();
    const payment = await acs.invoices.payments.create(invoice.id, { amount: 270 });
    const seen = mock.events.history.length;
    const voided = await acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Bounced' });
    const events = mock.events.history.slice(seen).filter((e) => e.event.startsWith('invoice.') || e.event.startsWith('payment.'));
    expect(events.map((e) => e.event)).toEqual(['invoice.updated']);
    expect(InvoiceSchema.parse(events[0].data)).toMatchObject({ id: invoice.id, status: 'sent', amountDue: 270 });
    expect(PaymentSchema.parse(voided)).toEqual(voided);
  });
});

describe('payment dates', () => {
  it('a payment dated after the company today is a ValidationError DATE_CONSTRAINT on paymentDate', async () => {
    const { invoice } = await sentInvoice();
    const error = await failureOf(acs.invoices.payments.create(invoice.id, { amount: 10, paymentDate: '2026-11-21' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      details: [expect.objectContaining({ field: 'paymentDate', code: 'DATE_CONSTRAINT', constraint: { max: '2026-11-20' } })],
    });
    expect((await acs.invoices.payments.list(invoice.id)).data).toEqual([]);
    expect(await acs.invoices.payments.create(invoice.id, { amount: 10, paymentDate: '2026-11-20' })).toMatchObject({
      paymentDate: '2026-11-20',
    });
  });

  it("today is the company's: at 01:30 in Kuala Lumpur (17:30 UTC the day before) a payment may carry the local date", async () => {
    const local = sandbox({ now: '2026-11-19T17:30:00Z' });
    const customer = await local.acs.customers.create({ name: 'Night Owl Sdn Bhd', email: 'ap@owl.my' });
    const invoice = await local.acs.invoices.send(
      (await local.acs.invoices.create({ customerId: customer.id, invoiceDate: '2026-11-19', items: LINES })).id,
    );
    expect(await local.acs.invoices.payments.create(invoice.id, { amount: 10, paymentDate: '2026-11-20' })).toMatchObject({
      paymentDate: '2026-11-20',
    });
  });
});
