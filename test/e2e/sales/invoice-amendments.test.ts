import { beforeEach, describe, expect, it } from 'vitest';
import type { Customer, DocumentLineCreate, Invoice } from '../../../src/index.js';
import { accountByNumber, journalEntryCount, sandbox } from '../../support/sandbox.js';

// SALES-35: an amended invoice is restated at its own invoice date. The clock is in
// March; the invoices are February's.
const { mock, acs } = sandbox({ now: '2026-03-10T02:00:00Z' });

let serial = 0;
const newCustomer = (): Promise<Customer> =>
  acs.customers.create({ name: `Amended Buyer ${++serial} Sdn Bhd`, email: `ap${serial}@amended.my`, paymentTerms: 30 });

/** 2 x 100.00 at SST10 and 1 x 50.00 untaxed: sales 250, tax 20, total 270. */
const LINES: DocumentLineCreate[] = [
  { description: 'Desk lamp', quantity: 2, unitPrice: 100, taxCode: 'SST10' },
  { description: 'Assembly', quantity: 1, unitPrice: 50, taxCode: null },
];

const FEBRUARY = { dateFrom: '2026-02-01', dateTo: '2026-02-28' };
const MARCH = { dateFrom: '2026-03-01', dateTo: '2026-03-31' };

async function sentFebruaryInvoice(customer?: Customer): Promise<Invoice> {
  const draft = await acs.invoices.create({ customerId: (customer ?? (await newCustomer())).id, invoiceDate: '2026-02-10', items: LINES });
  return acs.invoices.send(draft.id);
}

/** The sales and SST payable ledgers' totals for a period. */
async function salesAndTax(period: { dateFrom: string; dateTo: string }) {
  const totals = async (accountNumber: string) => {
    const ledger = await acs.accounts.ledger((await accountByNumber(acs, accountNumber)).id, period);
    return { debit: ledger.totalDebit, credit: ledger.totalCredit };
  };
  return { sales: await totals('4100'), tax: await totals('2120') };
}

beforeEach(() => {
  mock.reset();
});

describe('amending a sent invoice', () => {
  it('amending a February invoice in March restates it in February: reversal and new posting dated the invoice date, March untouched', async () => {
    const customer = await newCustomer();
    const sent = await sentFebruaryInvoice(customer);
    const februaryBefore = await salesAndTax(FEBRUARY);
    const marchBefore = await salesAndTax(MARCH);

    const amended = await acs.invoices.update(sent.id, {
      items: [{ description: 'Desk lamp', quantity: 3, unitPrice: 100, taxCode: 'SST10' }],
    });

    expect(amended).toMatchObject({ invoiceDate: '2026-02-10', total: 330, amountDue: 330 });
    const original = await acs.journalEntries.retrieve(sent.journalEntryId!);
    expect(original).toMatchObject({ status: 'void', voidDate: '2026-02-10' });
    expect(await acs.journalEntries.retrieve(original.reversedByEntryId!)).toMatchObject({ date: '2026-02-10', totalDebit: 270 });
    expect(await acs.journalEntries.retrieve(amended.journalEntryId!)).toMatchObject({
      date: '2026-02-10',
      status: 'posted',
      totalDebit: 330,
    });

    // February: the 250 of sales and 20 of tax taken back, 300 and 30 posted; March as it was.
    expect(await salesAndTax(FEBRUARY)).toEqual({
      sales: { debit: februaryBefore.sales.debit + 250, credit: februaryBefore.sales.credit + 300 },
      tax: { debit: februaryBefore.tax.debit + 20, credit: februaryBefore.tax.credit + 30 },
    });
    expect(await salesAndTax(MARCH)).toEqual(marchBefore);
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(330);
  });

  it('a new invoice date moves the posting: the reversal stays on the old date, the new entry takes the new one', async () => {
    const sent = await sentFebruaryInvoice();
    const amended = await acs.invoices.update(sent.id, { invoiceDate: '2026-02-20' });
    const original = await acs.journalEntries.retrieve(sent.journalEntryId!);
    expect(original).toMatchObject({ status: 'void', voidDate: '2026-02-10' });
    expect((await acs.journalEntries.retrieve(original.reversedByEntryId!)).date).toBe('2026-02-10');
    expect(await acs.journalEntries.retrieve(amended.journalEntryId!)).toMatchObject({ date: '2026-02-20', totalDebit: 270 });
    expect(amended).toMatchObject({ invoiceDate: '2026-02-20', dueDate: '2026-03-22' });
  });

  it('an amendment of the notes only writes no journal entry and keeps the posting', async () => {
    const sent = await sentFebruaryInvoice();
    const entries = await journalEntryCount(acs);
    const amended = await acs.invoices.update(sent.id, { notes: 'Deliver to the loading bay', reference: 'PO-7781' });
    expect(amended).toMatchObject({
      notes: 'Deliver to the loading bay',
      reference: 'PO-7781',
      journalEntryId: sent.journalEntryId,
      total: 270,
    });
    expect(await journalEntryCount(acs)).toBe(entries);
    expect((await acs.journalEntries.retrieve(sent.journalEntryId!)).status).toBe('posted');
  });

  it('sending the same lines, date and amounts again writes no journal entry and keeps the lines', async () => {
    const sent = await sentFebruaryInvoice();
    const entries = await journalEntryCount(acs);
    const amended = await acs.invoices.update(sent.id, {
      items: LINES,
      invoiceDate: '2026-02-10',
      shippingCost: 0,
      currency: sent.currency,
    });
    expect(amended.journalEntryId).toBe(sent.journalEntryId);
    expect(amended.items.map((line) => line.id)).toEqual(sent.items.map((line) => line.id));
    expect(await journalEntryCount(acs)).toBe(entries);
  });

  it('a new line description at the same amounts changes no posted amount: no journal entry', async () => {
    const sent = await sentFebruaryInvoice();
    const entries = await journalEntryCount(acs);
    const amended = await acs.invoices.update(sent.id, { items: [{ ...LINES[0], description: 'Brass desk lamp' }, LINES[1]] });
    expect(amended.items[0].description).toBe('Brass desk lamp');
    expect(amended.journalEntryId).toBe(sent.journalEntryId);
    expect(await journalEntryCount(acs)).toBe(entries);
  });

  it('the same lines again keep an invoice on its sales order; an invoice with payments takes them too', async () => {
    const customer = await newCustomer();
    const order = await acs.salesOrders.create({ customerId: customer.id, items: LINES });
    await acs.salesOrders.updateStatus(order.id, { status: 'confirmed' });
    const invoice = await acs.invoices.send((await acs.salesOrders.convertToInvoice(order.id, {})).id);
    await acs.invoices.pay(invoice.id, { amount: 70 });
    const resent = invoice.items.map(({ description, quantity, unitPrice, discountPercent, taxCode }) => ({
      description,
      quantity,
      unitPrice,
      discountPercent,
      taxCode,
    }));

    const amended = await acs.invoices.update(invoice.id, { items: resent, notes: 'Balance at month end' });

    expect(amended).toMatchObject({ salesOrderId: order.id, journalEntryId: invoice.journalEntryId, amountPaid: 70, amountDue: 200 });
    expect((await acs.salesOrders.retrieve(order.id)).invoicing).toMatchObject({ status: 'invoiced', invoiceIds: [invoice.id] });
  });
});

describe('a cancelled invoice', () => {
  it('owes nothing: amountDue is 0 and receivables hold nothing for it', async () => {
    const customer = await newCustomer();
    const receivables = await accountByNumber(acs, '1130');
    const sent = await sentFebruaryInvoice(customer);
    const cancelled = await acs.invoices.cancel(sent.id, { reason: 'Ordered by mistake' });
    expect(cancelled).toMatchObject({ status: 'cancelled', total: 270, amountPaid: 0, amountDue: 0 });
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(0);
    expect((await acs.accounts.retrieve(receivables.id)).balance.net).toBeCloseTo(receivables.balance.net, 2);
    expect((await acs.invoices.list({ customerId: customer.id, status: 'cancelled' }).toArray()).map((i) => i.amountDue)).toEqual([0]);
  });
});
