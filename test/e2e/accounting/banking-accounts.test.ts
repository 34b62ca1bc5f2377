import { beforeEach, describe, expect, it } from 'vitest';
import { ValidationError, type Account } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

let serial = 0;
async function sentInvoice(fields: { currency?: string; exchangeRate?: number } = {}) {
  const customer = await acs.customers.create({
    name: `Banking ${++serial} Sdn Bhd`,
    email: `ap${serial}@banking.my`,
    currency: fields.currency,
  });
  const draft = await acs.invoices.create({
    customerId: customer.id,
    ...fields,
    items: [{ description: 'Service', quantity: 1, unitPrice: 100, taxCode: null }],
  });
  return acs.invoices.send(draft.id);
}

async function refusalFor(account: Account, invoice?: Awaited<ReturnType<typeof sentInvoice>>) {
  const target = invoice ?? (await sentInvoice());
  const error = await failureOf(acs.invoices.pay(target.id, { amount: 10, accountId: account.id }));
  expect(error).toBeInstanceOf(ValidationError);
  const [detail] = (error as ValidationError).details as { field: string; code: string; message: string }[];
  expect(detail).toMatchObject({ field: 'accountId', code: 'INVALID_CHOICE', value: account.id });
  return detail.message;
}

describe('where money is banked (SALES-55)', () => {
  it('a payment goes into an active current-asset account that is no header and no control account', async () => {
    const float = await acs.accounts.create({
      accountNumber: '1161',
      name: 'Collections float',
      type: 'asset',
      category: 'current_asset',
      parentId: (await accountByNumber(acs, '1100')).id,
    });
    const invoice = await sentInvoice();
    const payment = await acs.invoices.pay(invoice.id, { amount: 10, accountId: float.id });
    expect(payment.accountId).toBe(float.id);
    expect((await acs.accounts.retrieve(float.id)).balance.net).toBe(10);
  });

  it('refuses a header account over active accounts, a fixed asset, a control account and an inactive account', async () => {
    expect(await refusalFor(await accountByNumber(acs, '1100'))).toBe(
      'account 1100 is a header account over active accounts; bank in one of its children',
    );
    expect(await refusalFor(await accountByNumber(acs, '1210'))).toBe(
      'account 1210 is a fixed asset account; money is banked in a current asset',
    );
    expect(await refusalFor(await accountByNumber(acs, '1140'))).toBe(
      'account 1140 is the inventory control account; money cannot be banked in it',
    );
    expect(await refusalFor(await accountByNumber(acs, '1130'))).toBe(
      'account 1130 is the accounts receivable control account; money cannot be banked in it',
    );
    const prepayments = await accountByNumber(acs, '1150');
    await acs.accounts.update(prepayments.id, { isActive: false });
    expect(await refusalFor(prepayments)).toBe('account 1150 is inactive');
    expect(await refusalFor(await accountByNumber(acs, '4100'))).toMatch(/is a revenue account/);
  });

  it('a foreign-currency bank account takes payments in its own currency only, naming both currencies', async () => {
    const usd = await accountByNumber(acs, '1125');
    expect(usd).toMatchObject({ currency: 'USD', type: 'asset', category: 'current_asset', isControlAccount: false });
    expect(await refusalFor(usd)).toBe('account 1125 is kept in USD; it takes money in USD only, not MYR');

    const usdInvoice = await sentInvoice({ currency: 'USD', exchangeRate: 4.5 });
    const payment = await acs.invoices.pay(usdInvoice.id, { amount: 100, accountId: usd.id });
    expect(payment).toMatchObject({ currency: 'USD', accountId: usd.id });

    const eurInvoice = await sentInvoice({ currency: 'EUR', exchangeRate: 5 });
    expect(await refusalFor(usd, eurInvoice)).toBe('account 1125 is kept in USD; it takes money in USD only, not EUR');
  });

  it('a company-currency bank account takes payments in any currency, converted at the rate', async () => {
    const bank = await accountByNumber(acs, '1120');
    const invoice = await sentInvoice({ currency: 'USD', exchangeRate: 4.5 });
    await acs.invoices.pay(invoice.id, { amount: 100, accountId: bank.id });
    expect((await acs.accounts.retrieve(bank.id)).balance.net).toBe(bank.balance.net + 450);
  });
});
