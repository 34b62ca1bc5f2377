import { beforeEach, describe, expect, it } from 'vitest';
import { EINVOICE_STATUSES } from '../../../src/contract/index.js';
import { ValidationError, type Customer } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

// SALES-31, SALES-24, SALES-66: posting without an email, a tax code on every line, no invented e-invoice status.
const { mock, acs } = sandbox();

let serial = 0;
/** A customer known only by phone (document 2: on create `email` or `phone` is required). */
const phoneOnlyCustomer = (): Promise<Customer> =>
  acs.customers.create({ name: `Walk-in buyer ${++serial}`, phone: `+60 12-555 ${String(1000 + serial)}` });

beforeEach(() => {
  mock.reset();
});

describe('marking an invoice as sent', () => {
  it('a customer known only by phone can be created and invoiced', async () => {
    const customer = await phoneOnlyCustomer();
    expect(customer).toMatchObject({ email: null, phone: expect.any(String) });
    const draft = await acs.invoices.create({
      customerId: customer.id,
      items: [{ description: 'Office chair', quantity: 1, unitPrice: 300 }],
    });
    expect(draft).toMatchObject({ status: 'draft', customer: { id: customer.id, email: null } });
  });

  it('sending with no recipients marks it sent and posts it, with nothing in the outbox', async () => {
    const customer = await phoneOnlyCustomer();
    const draft = await acs.invoices.create({
      customerId: customer.id,
      items: [{ description: 'Repair visit', quantity: 2, unitPrice: 100, taxCode: 'SVC8' }],
    });
    const outbox = mock.outbox.length;

    const sent = await acs.invoices.send(draft.id, {});

    expect(sent).toMatchObject({ status: 'sent', sentAt: expect.any(String), journalEntryId: expect.any(String), total: 216 });
    const entry = await acs.journalEntries.retrieve(sent.journalEntryId!);
    expect(entry).toMatchObject({ status: 'posted', reference: sent.invoiceNumber, totalDebit: 216, totalCredit: 216 });
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(216);
    expect(mock.outbox).toHaveLength(outbox);
  });

  it('the message is still recorded when `to` is given', async () => {
    const customer = await phoneOnlyCustomer();
    const draft = await acs.invoices.create({ customerId: customer.id, items: [{ description: 'Desk', quantity: 1, unitPrice: 450 }] });
    const sent = await acs.invoices.send(draft.id, { to: ['buyer@gmail.com'] });
    expect(sent.status).toBe('sent');
    expect(mock.outbox.filter((m) => m.documentId === draft.id)).toEqual([
      expect.objectContaining({ kind: 'invoice', to: ['buyer@gmail.com'] }),
    ]);
  });

  it('a copy without a `to` is refused, and the invoice stays a draft', async () => {
    const customer = await phoneOnlyCustomer();
    const draft = await acs.invoices.create({ customerId: customer.id, items: [{ description: 'Desk', quantity: 1, unitPrice: 450 }] });
    const error = await failureOf(acs.invoices.send(draft.id, { cc: ['boss@buyer.my'] }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 422, details: [{ field: 'to', code: 'REQUIRED_FIELD' }] });
    expect((await acs.invoices.retrieve(draft.id)).status).toBe('draft');
  });

  it('a quote with no recipients is marked as sent too, with nothing in the outbox', async () => {
    const customer = await phoneOnlyCustomer();
    const quote = await acs.quotes.create({ customerId: customer.id, items: [{ description: 'Desk', quantity: 1, unitPrice: 450 }] });
    const sent = await acs.quotes.send(quote.id, {});
    expect(sent.status).toBe('sent');
    expect(mock.outbox.filter((m) => m.documentId === quote.id)).toEqual([]);
  });
});

describe('the tax code of every invoice line', () => {
  it('a line with taxCode null and a line of a non-taxable item name the not-taxable code', async () => {
    const notTaxable = (await acs.taxCodes.list({ peppolCategory: 'O' })).data;
    expect(notTaxable.map((code) => [code.code, code.rate])).toEqual([['NT', 0]]);
    const warranty = (await acs.items.list({ search: 'WTY-EXT' })).data[0];
    expect(warranty.tax.taxable).toBe(false);

    const invoice = await acs.invoices.create({
      customerId: (await phoneOnlyCustomer()).id,
      items: [
        { description: 'Courtesy call', quantity: 1, unitPrice: 0, taxCode: null },
        { itemId: warranty.id, quantity: 1 },
        { description: 'Repair visit', quantity: 1, unitPrice: 100, taxCode: 'SVC8' },
      ],
    });
    expect(invoice.items.map((line) => [line.taxCode, line.taxRate])).toEqual([
      ['NT', 0],
      ['NT', 0],
      ['SVC8', 8],
    ]);
  });
});

describe('the e-invoice block of an invoice', () => {
  it('has a null status before an e-invoice exists, never an invented one', async () => {
    const draft = await acs.invoices.create({
      customerId: (await phoneOnlyCustomer()).id,
      items: [{ description: 'Desk', quantity: 1, unitPrice: 450 }],
    });
    expect(draft.einvoice).toEqual({ status: null, submittedAt: null, acceptedAt: null, uuid: null, validationHash: null });
    expect((await acs.invoices.send(draft.id, {})).einvoice.status).toBeNull();
    for (const invoice of (await acs.invoices.list({ limit: 100 })).data) {
      expect(invoice.einvoice.status === null || (EINVOICE_STATUSES as readonly string[]).includes(invoice.einvoice.status)).toBe(true);
    }
  });
});
