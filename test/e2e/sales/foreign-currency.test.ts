import { beforeEach, describe, expect, it } from 'vitest';
import { ValidationError, type Customer, type DocumentLineCreate, type Invoice, type JournalEntry } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

// SALES-56 to SALES-58: company-currency amounts computed once, and realised exchange differences.

const { mock, acs } = sandbox({ now: '2026-11-20T02:00:00Z' });

const RATE = 4.3721;
/**
 * Subtotal 127.75, tax 10.62, shipping 12.35: total USD 150.72, which is MYR 658.96 at 4.3721. Converted
 * one by one the parts make 558.54 + 46.43 + 54.00 = 658.97, a cent more.
 */
const LINES: DocumentLineCreate[] = [
  { description: 'Widget', quantity: 3, unitPrice: 33.33, taxCode: 'SST10' },
  { description: 'Setup', quantity: 1, unitPrice: 19.99, taxCode: null },
  { description: 'Support hour', quantity: 7, unitPrice: 1.11, taxCode: 'SVC8' },
];

let serial = 0;
const usdCustomer = (): Promise<Customer> =>
  acs.customers.create({ name: `Overseas ${++serial} Inc`, email: `ap${serial}@overseas.example`, currency: 'USD' });

async function usdInvoice(): Promise<Invoice> {
  const customer = await usdCustomer();
  const draft = await acs.invoices.create({
    customerId: customer.id,
    invoiceDate: '2026-11-02',
    exchangeRate: RATE,
    shippingCost: 12.35,
    items: LINES,
  });
  return acs.invoices.send(draft.id);
}

const net = async (accountNumber: string) => (await accountByNumber(acs, accountNumber)).balance.net;
/** An entry's lines as `[accountNumber, debit, credit]`. */
async function linesOf(entry: JournalEntry): Promise<[string, number, number][]> {
  const numbers = new Map((await acs.accounts.list({ limit: 100 })).data.map((a) => [a.id, a.accountNumber]));
  return entry.lines.map((line) => [numbers.get(line.accountId)!, line.debit, line.credit]);
}

beforeEach(() => {
  mock.clock.set('2026-11-20T02:00:00Z');
  mock.reset();
});

describe('company-currency amounts of an invoice', () => {
  it('baseTotal is the total converted once; the receivable debit equals it to the cent and the entry balances', async () => {
    const draft = await acs.invoices.create({
      customerId: (await usdCustomer()).id,
      exchangeRate: RATE,
      shippingCost: 12.35,
      items: LINES,
    });
    expect(draft).toMatchObject({ currency: 'USD', subtotal: 127.75, totalTax: 10.62, total: 150.72, baseTotal: 658.96 });

    const invoice = await acs.invoices.send(draft.id);
    expect(invoice.baseTotal).toBe(658.96);
    const entry = await acs.journalEntries.retrieve(invoice.journalEntryId!);
    expect(entry).toMatchObject({ totalDebit: 658.96, totalCredit: 658.96 });
    // The cent of rounding goes to the largest income line, never to tax payable (10.62 x 4.3721 = 46.43).
    expect(await linesOf(entry)).toEqual([
      ['1130', 658.96, 0],
      ['4100', 0, 558.53],
      ['4100', 0, 54],
      ['2120', 0, 46.43],
    ]);
  });

  it('an invoice in the company currency shows baseTotal equal to its total', async () => {
    const customer = await acs.customers.create({ name: 'Local Sdn Bhd', email: 'ap@local.my' });
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: LINES })).id);
    expect(invoice).toMatchObject({ currency: 'MYR', exchangeRate: 1, baseTotal: invoice.total });
  });
});

describe('a payment at its own exchange rate', () => {
  it('at a better rate posts a realised exchange gain and clears the receivable exactly', async () => {
    const invoice = await usdInvoice();
    const [ar, fx] = [await net('1130'), await net('4920')];

    const payment = await acs.invoices.payments.create(invoice.id, { amount: 150.72, exchangeRate: 4.4 });

    expect(payment).toMatchObject({ currency: 'USD', amount: 150.72, exchangeRate: 4.4, baseAmount: 663.17 });
    const entry = await acs.journalEntries.retrieve(payment.journalEntryId);
    expect(entry).toMatchObject({ totalDebit: 663.17, totalCredit: 663.17 });
    expect(await linesOf(entry)).toEqual([
      ['1120', 663.17, 0],
      ['1130', 0, 658.96],
      ['4920', 0, 4.21],
    ]);
    expect(await net('1130')).toBeCloseTo(ar - 658.96, 2);
    expect(await net('4920')).toBeCloseTo(fx + 4.21, 2);
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amountDue: 0 });
    expect((await acs.customers.retrieve(invoice.customerId)).currentBalance).toBe(0);
  });

  it('at a worse rate posts a realised exchange loss', async () => {
    const invoice = await usdInvoice();
    const payment = await acs.invoices.payments.create(invoice.id, { amount: 150.72, exchangeRate: 4.3 });
    expect(payment.baseAmount).toBe(648.1);
    expect(await linesOf(await acs.journalEntries.retrieve(payment.journalEntryId))).toEqual([
      ['1120', 648.1, 0],
      ['1130', 0, 658.96],
      ['4920', 10.86, 0],
    ]);
  });

  it('part payments at different rates leave nothing of the invoice in receivables once it is settled', async () => {
    const invoice = await usdInvoice();
    const ar = await net('1130');
    const first = await acs.invoices.payments.create(invoice.id, { amount: 50, exchangeRate: 4.4 });
    const second = await acs.invoices.payments.create(invoice.id, { amount: 100.72, exchangeRate: 4.35 });

    expect(await linesOf(await acs.journalEntries.retrieve(first.journalEntryId))).toEqual([
      ['1120', 220, 0],
      ['1130', 0, 218.61],
      ['4920', 0, 1.39],
    ]);
    expect(await linesOf(await acs.journalEntries.retrieve(second.journalEntryId))).toEqual([
      ['1120', 438.13, 0],
      ['1130', 0, 440.35],
      ['4920', 2.22, 0],
    ]);
    expect(await net('1130')).toBeCloseTo(ar - 658.96, 2);
    expect((await acs.customers.retrieve(invoice.customerId)).currentBalance).toBe(0);
  });

  it("without a rate the payment takes the invoice's and posts no exchange difference", async () => {
    const invoice = await usdInvoice();
    const payment = await acs.invoices.payments.create(invoice.id, { amount: 150.72 });
    expect(payment).toMatchObject({ exchangeRate: RATE, baseAmount: 658.96 });
    expect(await linesOf(await acs.journalEntries.retrieve(payment.journalEntryId))).toEqual([
      ['1120', 658.96, 0],
      ['1130', 0, 658.96],
    ]);
  });

  it('voiding a foreign payment restores the receivable, the bank, the exchange account and the invoice', async () => {
    const invoice = await usdInvoice();
    const first = await acs.invoices.payments.create(invoice.id, { amount: 50, exchangeRate: 4.4 });
    const [ar, bank, fx] = [await net('1130'), await net('1120'), await net('4920')];
    const second = await acs.invoices.payments.create(invoice.id, { amount: 100.72, exchangeRate: 4.35 });

    await acs.invoices.payments.void(invoice.id, second.id, { reason: 'Wire recalled' });

    expect(await net('1130')).toBeCloseTo(ar, 2);
    expect(await net('1120')).toBeCloseTo(bank, 2);
    expect(await net('4920')).toBeCloseTo(fx, 2);
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'sent',
      amountPaid: 50,
      amountDue: 100.72,
      paymentStatus: 'partial',
    });
    expect((await acs.customers.retrieve(invoice.customerId)).currentBalance).toBe(440.35);

    // Paid again at yet another rate, the receivable of the invoice is cleared to the cent.
    await acs.invoices.payments.create(invoice.id, { amount: 100.72, exchangeRate: 4.5 });
    expect(await net('1130')).toBeCloseTo(ar - 440.35, 2);
    expect((await acs.customers.retrieve(invoice.customerId)).currentBalance).toBe(0);
    expect(first.status).toBe('posted');
  });

  it('an invoice in the company currency takes exchangeRate 1 or none: another rate is INVALID_CHOICE and records nothing', async () => {
    const customer = await acs.customers.create({ name: 'Local Two Sdn Bhd', email: 'ap@local2.my' });
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: LINES })).id);
    const error = await failureOf(acs.invoices.payments.create(invoice.id, { amount: 10, exchangeRate: 4.4 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ details: [expect.objectContaining({ field: 'exchangeRate', code: 'INVALID_CHOICE' })] });
    expect((await acs.invoices.payments.list(invoice.id)).data).toEqual([]);
    expect(await acs.invoices.payments.create(invoice.id, { amount: 10, exchangeRate: 1 })).toMatchObject({
      exchangeRate: 1,
      baseAmount: 10,
    });
  });
});
