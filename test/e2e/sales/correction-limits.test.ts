import { beforeEach, describe, expect, it } from 'vitest';
import { ValidationError, type Invoice } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const tomorrow = () => new Date(Date.parse(`${mock.today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function paidInvoice(): Promise<Invoice> {
  const customer = await acs.customers.create({ name: 'Limits Sdn Bhd', email: 'ap@limits.my' });
  const sent = await acs.invoices.send(
    (
      await acs.invoices.create({
        customerId: customer.id,
        items: [{ description: 'Service', quantity: 1, unitPrice: 100, taxCode: null }],
      })
    ).id,
  );
  await acs.invoices.pay(sent.id, { amount: 100 });
  return acs.invoices.retrieve(sent.id);
}

const dateRefusal = async (promise: Promise<unknown>, field: string) => {
  const error = await failureOf(promise);
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).details).toEqual([
    expect.objectContaining({ field, code: 'DATE_CONSTRAINT', constraint: { max: mock.today() } }),
  ]);
};

describe('corrections are not dated after the company today', () => {
  it('a payment void, a credit note, a debit note and an allocation dated tomorrow are refused and change nothing', async () => {
    const invoice = await paidInvoice();
    const [payment] = (await acs.invoices.payments.list(invoice.id)).data;
    await dateRefusal(acs.invoices.payments.void(invoice.id, payment!.id, { reason: 'Bounced', voidDate: tomorrow() }), 'voidDate');
    await dateRefusal(acs.creditNotes.create(invoice.id, { reason: 'Returned', creditNoteDate: tomorrow() }), 'creditNoteDate');
    await dateRefusal(
      acs.debitNotes.create(invoice.id, {
        reason: 'Extra',
        debitNoteDate: tomorrow(),
        items: [{ description: 'Delivery', quantity: 1, unitPrice: 10, taxCode: null }],
      }),
      'debitNoteDate',
    );
    const note = await acs.creditNotes.create(invoice.id, { reason: 'Returned' });
    const next = await acs.invoices.send(
      (
        await acs.invoices.create({
          customerId: invoice.customerId,
          items: [{ description: 'More', quantity: 1, unitPrice: 50, taxCode: null }],
        })
      ).id,
    );
    await dateRefusal(
      acs.creditNotes.allocations.create(note.id, { invoiceId: next.id, amount: 10, allocationDate: tomorrow() }),
      'allocationDate',
    );
    expect(await acs.invoices.retrieve(next.id)).toMatchObject({ amountCredited: 0, amountDue: 50 });
    expect((await acs.invoices.payments.list(invoice.id)).data[0]).toMatchObject({ status: 'posted' });
  });
});

describe('a payment at its own exchange rate', () => {
  it('is refused when it comes to more than the largest amount in the company currency, and changes nothing', async () => {
    const customer = await acs.customers.create({ name: 'Huge Rate Ltd', email: 'ap@hugerate.example', currency: 'USD' });
    const invoice = await acs.invoices.send(
      (
        await acs.invoices.create({
          customerId: customer.id,
          exchangeRate: 1.00000001,
          items: [{ description: 'Export', quantity: 1, unitPrice: 999_999_999.99, taxCode: null }],
        })
      ).id,
    );
    const error = await failureOf(acs.invoices.payments.create(invoice.id, { amount: 999_999_999, exchangeRate: 1_000_000 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toEqual([expect.objectContaining({ field: 'amount', code: 'MAX_VALUE' })]);
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ amountPaid: 0, paymentStatus: 'unpaid' });
  });
});
