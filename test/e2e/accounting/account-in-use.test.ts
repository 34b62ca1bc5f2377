import { beforeEach, describe, expect, it } from 'vitest';
import { UnprocessableEntityError } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

let serial = 0;
const newAccount = (type: 'revenue' | 'asset' = 'revenue') =>
  acs.accounts.create(
    type === 'revenue'
      ? { accountNumber: `49${50 + ++serial}`, name: `Sundry income ${serial}`, type, category: 'other_revenue' }
      : { accountNumber: `11${70 + ++serial}`, name: `Collection account ${serial}`, type, category: 'current_asset' },
  );

async function sentInvoiceCrediting(incomeAccountId: string) {
  const item = await acs.items.create({
    itemCode: `SVC-${++serial}`,
    name: 'Consulting',
    type: 'service',
    pricing: { sellingPrice: 100 },
    accounting: { incomeAccountId },
  });
  const customer = await acs.customers.create({ name: `In Use ${serial} Sdn Bhd`, email: `ap${serial}@inuse.my` });
  const draft = await acs.invoices.create({ customerId: customer.id, items: [{ itemId: item.id, quantity: 1, taxCode: null }] });
  return { item, invoice: await acs.invoices.send(draft.id) };
}

describe('ACCOUNT_IN_USE names what uses the account (ACC-29)', () => {
  it('an account an item names can be neither deleted nor deactivated: 422 naming the item', async () => {
    const income = await newAccount();
    const item = await acs.items.create({
      itemCode: 'CONS-1',
      name: 'Consulting hour',
      type: 'service',
      pricing: { sellingPrice: 200 },
      accounting: { incomeAccountId: income.id },
    });
    const reference = { kind: 'item', id: item.id, number: 'CONS-1', field: 'accounting.incomeAccountId' };

    const deleting = await failureOf(acs.accounts.delete(income.id));
    expect(deleting).toBeInstanceOf(UnprocessableEntityError);
    expect(deleting).toMatchObject({ status: 422, code: 'ACCOUNT_IN_USE', details: [reference] });
    expect((deleting as Error).message).toContain('item CONS-1');

    const deactivating = await failureOf(acs.accounts.update(income.id, { isActive: false }));
    expect(deactivating).toMatchObject({ status: 422, code: 'ACCOUNT_IN_USE', details: [reference] });
    expect((await acs.accounts.retrieve(income.id)).isActive).toBe(true);
  });

  it('an account a posted invoice line credits cannot be deleted: its posted lines and the invoice are named', async () => {
    const income = await newAccount();
    const { item, invoice } = await sentInvoiceCrediting(income.id);
    const error = await failureOf(acs.accounts.delete(income.id));
    expect(error).toMatchObject({ code: 'ACCOUNT_IN_USE' });
    expect((error as UnprocessableEntityError).details).toEqual([
      { kind: 'journal_lines', transactionCount: 1, lastTransactionDate: invoice.invoiceDate },
      { kind: 'item', id: item.id, number: item.itemCode, field: 'accounting.incomeAccountId' },
      { kind: 'invoice', id: invoice.id, number: invoice.invoiceNumber, field: 'items.0.incomeAccountId' },
    ]);
  });

  it('an unused account deletes', async () => {
    const income = await newAccount();
    expect(await acs.accounts.delete(income.id)).toEqual({ id: income.id, deleted: true });
  });

  it('the bank and cash accounts payments default to cannot be deactivated: the posting default is named', async () => {
    for (const [number, role] of [
      ['1120', 'bank'],
      ['1110', 'cash'],
      ['4100', 'sales'],
    ] as const) {
      const account = await accountByNumber(acs, number);
      const error = await failureOf(acs.accounts.update(account.id, { isActive: false }));
      expect(error).toMatchObject({ code: 'ACCOUNT_IN_USE' });
      // The demo's items and invoices name the sales account too; the posting default comes first.
      expect((error as UnprocessableEntityError).details?.[0]).toEqual({
        kind: 'posting_default',
        id: role,
        number: null,
        field: 'systemRole',
      });
    }
  });

  it('a bank account payments went into cannot be deleted, but can be deactivated: payments are history', async () => {
    const collection = await newAccount('asset');
    const { invoice } = await sentInvoiceCrediting((await accountByNumber(acs, '4200')).id);
    const payment = await acs.invoices.pay(invoice.id, { amount: invoice.total, accountId: collection.id });

    const error = await failureOf(acs.accounts.delete(collection.id));
    expect(error).toMatchObject({ code: 'ACCOUNT_IN_USE' });
    expect((error as UnprocessableEntityError).details).toContainEqual({
      kind: 'payment',
      id: payment.id,
      number: payment.paymentNumber,
      field: 'accountId',
    });
    expect((error as Error).message).toMatch(/deactivate it instead$/);

    expect((await acs.accounts.update(collection.id, { isActive: false })).isActive).toBe(false);
  });

  it('a cancelled invoice no longer keeps its income account active', async () => {
    const income = await newAccount();
    const { item, invoice } = await sentInvoiceCrediting(income.id);
    await acs.items.update(item.id, { accounting: { incomeAccountId: (await accountByNumber(acs, '4100')).id } });
    expect(await failureOf(acs.accounts.update(income.id, { isActive: false }))).toMatchObject({
      code: 'ACCOUNT_IN_USE',
      details: [{ kind: 'invoice', id: invoice.id }],
    });
    await acs.invoices.cancel(invoice.id, { reason: 'Issued in error' });
    expect((await acs.accounts.update(income.id, { isActive: false })).isActive).toBe(false);
  });
});
