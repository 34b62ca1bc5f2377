import { beforeEach, describe, expect, it } from 'vitest';
import { AcsError, ValidationError } from '../../../src/index.js';
import { ISO_4217_CODES } from '../../../src/contract/currencies.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

// SALES-29: document currencies are ISO 4217 codes; one list answers every field.

const { mock, acs } = sandbox();

const lines = [{ description: 'Consulting', quantity: 1, unitPrice: 100, taxCode: null }];
const buyer = () => acs.customers.create({ name: 'Currency Buyer Sdn Bhd', email: 'ap@currency.my' });

/** The refusal of an unknown code: 422 VALIDATION_ERROR, INVALID_CHOICE on the field, the value echoed. */
async function expectUnknownCurrency(call: PromiseLike<unknown>, field: string): Promise<void> {
  const error = await failureOf(call);
  expect(error).toBeInstanceOf(ValidationError);
  expect(error).toMatchObject({
    status: 422,
    code: 'VALIDATION_ERROR',
    details: [expect.objectContaining({ field, code: 'INVALID_CHOICE', value: 'XYZ' })],
  });
}

beforeEach(() => {
  mock.reset();
});

describe('currency codes', () => {
  it('an unknown code such as XYZ is INVALID_CHOICE on every document that takes a currency', async () => {
    const customer = await buyer();
    await expectUnknownCurrency(
      acs.invoices.create({ customerId: customer.id, currency: 'XYZ', exchangeRate: 2, items: lines }),
      'currency',
    );
    await expectUnknownCurrency(acs.quotes.create({ customerId: customer.id, currency: 'XYZ', exchangeRate: 2, items: lines }), 'currency');
    await expectUnknownCurrency(
      acs.salesOrders.create({ customerId: customer.id, currency: 'XYZ', exchangeRate: 2, items: lines }),
      'currency',
    );
    const draft = await acs.invoices.create({ customerId: customer.id, items: lines });
    await expectUnknownCurrency(acs.invoices.update(draft.id, { currency: 'XYZ', exchangeRate: 2 }), 'currency');
    expect((await acs.invoices.list({ customerId: customer.id })).data).toHaveLength(1);
  });

  it("a customer's, an account's and an item's currency are checked against the same list", async () => {
    await expectUnknownCurrency(acs.customers.create({ name: 'Nowhere Ltd', email: 'ap@nowhere.example', currency: 'XYZ' }), 'currency');
    const customer = await buyer();
    await expectUnknownCurrency(acs.customers.update(customer.id, { currency: 'XYZ' }), 'currency');
    await expectUnknownCurrency(
      acs.accounts.create({ accountNumber: '1170', name: 'Odd bank', type: 'asset', category: 'current_asset', currency: 'XYZ' }),
      'currency',
    );
    await expectUnknownCurrency(
      acs.items.create({ itemCode: 'CUR-1', name: 'Odd price', type: 'service', pricing: { currency: 'XYZ' } }),
      'pricing.currency',
    );
  });

  it('a known code is taken: a customer may write it in lower case; a malformed one stays the customer rule (400)', async () => {
    expect(await acs.customers.create({ name: 'Lion City Pte Ltd', email: 'ap@lion.sg', currency: 'sgd' })).toMatchObject({
      currency: 'SGD',
    });
    const malformed = await failureOf(acs.customers.create({ name: 'Short Code Ltd', email: 'ap@short.example', currency: 'US' }));
    expect(malformed).toBeInstanceOf(AcsError);
    expect(malformed).toMatchObject({
      status: 400,
      code: 'INVALID_CUSTOMER_DATA',
      details: [expect.objectContaining({ field: 'currency' })],
    });
    const customer = await buyer();
    expect(await acs.invoices.create({ customerId: customer.id, currency: 'JPY', exchangeRate: 0.0291, items: lines })).toMatchObject({
      currency: 'JPY',
    });
  });

  it('the list holds the active codes and leaves out the test and no-currency codes and withdrawn ones', () => {
    for (const code of ['MYR', 'USD', 'SGD', 'EUR', 'JPY', 'CNY', 'IDR', 'THB', 'XCG', 'ZWG']) expect(ISO_4217_CODES.has(code)).toBe(true);
    for (const code of ['XYZ', 'XTS', 'XXX', 'HRK', 'myr']) expect(ISO_4217_CODES.has(code)).toBe(false);
  });
});
