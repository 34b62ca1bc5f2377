import { beforeEach, describe, expect, it } from 'vitest';
import { contract, Customer, CustomerCreateParams, CustomerUpdateParams } from '../../../src/contract/index.js';
import { parseOrRefuse } from '../../../mock-server/kernel/validation.js';
import {
  contactsTable,
  createContact,
  createCustomer,
  customerMatches,
  customersTable,
  deleteCustomer,
  presentCustomer,
  recordCustomerActivity,
  retrieveCustomer,
  updateCustomer,
} from '../../../mock-server/domain/sales/index.js';
import { refusal, world, type World } from '../support/domain.js';

let w: World;
beforeEach(() => {
  w = world();
});

/** A write as the service takes it: read by its endpoint's contract (the field rules), then by the domain (the record's). */
const create = (input: Record<string, unknown>) =>
  createCustomer(
    w.ctx,
    parseOrRefuse(CustomerCreateParams, input, input, 'body', 'request body', { invalid: contract.sales.customersCreate.invalid }),
  );
const update = (customerId: string, input: Record<string, unknown>) =>
  updateCustomer(
    w.ctx,
    customerId,
    parseOrRefuse(CustomerUpdateParams, input, input, 'body', 'request body', { invalid: contract.sales.customersUpdate.invalid }),
  );

const newCustomer = (overrides: Record<string, unknown> = {}) =>
  create({ name: 'Syarikat Maju Jaya', email: 'Accounts@MajuJaya.my', ...overrides });

/** Refuses with 400 INVALID_CUSTOMER_DATA and returns the fields named in `details`. */
function invalidFields(fn: () => unknown): string[] {
  const error = refusal(fn);
  expect(error.status).toBe(400);
  expect(error.code).toBe('INVALID_CUSTOMER_DATA');
  for (const detail of error.details) expect(detail).toMatchObject({ field: expect.any(String), message: expect.any(String) });
  return error.details.map((detail) => detail.field);
}

describe('creating a customer', () => {
  it('numbers customers in sequence after the seeded ones and fills the defaults', () => {
    const seeded = customersTable(w.ctx).size;
    const customer = newCustomer();
    expect(customer.customerNumber).toBe(`CUST-${String(seeded + 1).padStart(5, '0')}`);
    expect(newCustomer({ email: 'second@majujaya.my' }).customerNumber).toBe(`CUST-${String(seeded + 2).padStart(5, '0')}`);
    expect(customer).toMatchObject({
      type: 'business',
      currency: 'MYR',
      paymentTerms: 30,
      creditLimit: 0,
      currentBalance: 0,
      totalSales: 0,
      lastSaleDate: null,
      status: 'active',
      tags: [],
      customFields: {},
      address: null,
    });
  });

  it('numbers customers per company: each company has its own sequence', () => {
    const other = w.ctxFor(w.seeded.companies.find((company) => company.id !== w.ctx.companyId)!.id);
    const seededHere = customersTable(w.ctx).size;
    const seededThere = customersTable(other).size;
    expect(newCustomer().customerNumber).toBe(`CUST-${String(seededHere + 1).padStart(5, '0')}`);
    expect(createCustomer(other, { name: 'Kedai Lain', email: 'akaun@lain.my' }).customerNumber).toBe(
      `CUST-${String(seededThere + 1).padStart(5, '0')}`,
    );
    expect(newCustomer({ email: 'third@majujaya.my' }).customerNumber).toBe(`CUST-${String(seededHere + 2).padStart(5, '0')}`);
  });

  it('stores the email trimmed and lower-cased, and presents the record in the wire shape', () => {
    const customer = newCustomer({ email: '  Accounts@MajuJaya.MY ' });
    expect(customer.email).toBe('accounts@majujaya.my');
    const presented = presentCustomer(w.ctx, customer);
    expect(Customer.parse(presented)).toEqual(presented);
    expect(presented.contacts).toEqual([]);
  });

  it('takes a phone instead of an email', () => {
    expect(create({ name: 'Pak Ali', phone: '+60 12-345 6789' })).toMatchObject({ email: null, phone: '+60 12-345 6789' });
  });

  it('refuses a missing name with 400 INVALID_CUSTOMER_DATA, and creates nothing and uses no number', () => {
    const before = customersTable(w.ctx).size;
    expect(invalidFields(() => create({ email: 'a@b.my' }))).toEqual(['name']);
    expect(invalidFields(() => create({ name: '   ', email: 'a@b.my' }))).toEqual(['name']);
    expect(customersTable(w.ctx).size).toBe(before);
    expect(newCustomer().customerNumber).toBe(`CUST-${String(before + 1).padStart(5, '0')}`);
  });

  it('refuses a customer with neither email nor phone', () => {
    expect(invalidFields(() => create({ name: 'Nobody' }))).toEqual(['email']);
  });

  it.each([
    ['a malformed email', { email: 'accounts.majujaya.my' }, 'email'],
    ['payment terms above 365', { paymentTerms: 366 }, 'paymentTerms'],
    ['negative payment terms', { paymentTerms: -1 }, 'paymentTerms'],
    ['fractional payment terms', { paymentTerms: 1.5 }, 'paymentTerms'],
    ['a negative credit limit', { creditLimit: -100 }, 'creditLimit'],
    ['a credit limit with three decimals', { creditLimit: 10.005 }, 'creditLimit'],
    ['a currency that is not ISO 4217', { currency: 'RM' }, 'currency'],
    ['a malformed phone', { phone: 'call me' }, 'phone'],
    ['a website that is not an address', { website: 'not a site' }, 'website'],
    ['street2 in a billing address', { billingAddress: { street: '1 Jalan', street2: 'Level 2' } }, 'billingAddress.street2'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name'],
    ['an empty tag', { tags: ['ok', ' '] }, 'tags.1'],
    ['an address part named like a prototype member', { address: { propertyIsEnumerable: [] } }, 'address.propertyIsEnumerable'],
    // Free-form fields that once had no bound (SALES-2), and a website the URL parser threw on (a 500).
    ['a street over 200 characters', { address: { street: 'x'.repeat(201) } }, 'address.street'],
    ['a postal code over 20 characters', { billingAddress: { postalCode: '1'.repeat(21) } }, 'billingAddress.postalCode'],
    ['a city over 100 characters', { shippingAddress: { city: 'x'.repeat(101) } }, 'shippingAddress.city'],
    ['a website over 2048 characters', { website: `https://example.com/${'p'.repeat(2048)}` }, 'website'],
    ['a website with a 20,000-character host', { website: 'T'.repeat(20_000) }, 'website'],
    ['a phone over 30 characters', { phone: `+60 3-${'-'.repeat(30)}1234 5678` }, 'phone'],
  ] as const)('refuses %s naming the field', (_case, change, field) => {
    expect(invalidFields(() => newCustomer(change))).toEqual([field]);
  });

  it('refuses a custom field that is not text as a malformed body, 422 VALIDATION_ERROR', () => {
    expect(refusal(() => newCustomer({ customFields: { size: 3 } }))).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'customFields.size' }],
    });
  });

  it('lists every problem of a body at once', () => {
    expect(invalidFields(() => create({ email: 'nope', paymentTerms: 400 })).sort()).toEqual(['email', 'name', 'paymentTerms']);
  });

  it('accepts payment terms of 0 and 365', () => {
    expect(newCustomer({ paymentTerms: 0 }).paymentTerms).toBe(0);
    expect(newCustomer({ email: 'b@majujaya.my', paymentTerms: 365 }).paymentTerms).toBe(365);
  });

  it('refuses read-only figures and the customer number, but accepts their current values', () => {
    expect(invalidFields(() => newCustomer({ currentBalance: 500 }))).toEqual(['currentBalance']);
    expect(invalidFields(() => newCustomer({ totalSales: 1 }))).toEqual(['totalSales']);
    expect(invalidFields(() => newCustomer({ lastSaleDate: '2026-01-01' }))).toEqual(['lastSaleDate']);
    expect(invalidFields(() => newCustomer({ customerNumber: 'CUST-99999' }))).toEqual(['customerNumber']);
    expect(newCustomer({ currentBalance: 0, totalSales: 0, lastSaleDate: null }).currentBalance).toBe(0);
  });

  it('refuses an email another customer has, in any case, with 409 CONFLICT naming it', () => {
    const first = newCustomer();
    const error = refusal(() => create({ name: 'Copy', email: 'ACCOUNTS@majujaya.my' }));
    expect(error.status).toBe(409);
    expect(error.details).toEqual([{ resource: 'customer', field: 'email', value: 'accounts@majujaya.my', existingId: first.id }]);
  });

  it('dedupes tags and keeps addresses without empty parts', () => {
    const customer = newCustomer({ tags: ['vip', 'vip ', 'north'], address: { street: '1 Jalan Satu', city: ' ', country: 'MY' } });
    expect(customer.tags).toEqual(['vip', 'north']);
    expect(customer.address).toEqual({ street: '1 Jalan Satu', country: 'MY' });
  });
});

describe('updating a customer', () => {
  it('changes the fields sent, clears one sent as null, and keeps the rest', () => {
    const customer = newCustomer({ website: 'majujaya.my', phone: '03-1234 5678', tags: ['a'] });
    w.clock.advance({ minutes: 5 });
    const updated = update(customer.id, { creditLimit: 5000, website: null, status: 'blocked' });
    expect(updated).toMatchObject({
      creditLimit: 5000,
      website: null,
      status: 'blocked',
      phone: '03-1234 5678',
      tags: ['a'],
      name: customer.name,
    });
    expect(updated.updatedAt > customer.updatedAt).toBe(true);
    expect(update(customer.id, { status: 'active' }).status).toBe('active');
  });

  it('is not a change to send the same values back', () => {
    const customer = newCustomer();
    w.clock.advance({ minutes: 5 });
    const { contacts: _contacts, id: _id, createdAt: _c, updatedAt: _u, ...wire } = presentCustomer(w.ctx, customer);
    expect(update(customer.id, wire)).toBe(customer);
  });

  it('refuses removing both email and phone, and changes nothing', () => {
    const customer = newCustomer();
    expect(invalidFields(() => update(customer.id, { email: null }))).toEqual(['email']);
    expect(retrieveCustomer(w.ctx, customer.id)).toBe(customer);
  });

  it('refuses setting the balance', () => {
    const customer = newCustomer();
    expect(invalidFields(() => update(customer.id, { currentBalance: 10, name: 'Renamed' }))).toEqual(['currentBalance']);
    expect(retrieveCustomer(w.ctx, customer.id).name).toBe(customer.name);
  });

  it('refuses taking another customer’s email but allows keeping its own', () => {
    const first = newCustomer();
    const second = newCustomer({ email: 'second@majujaya.my' });
    expect(refusal(() => update(second.id, { email: first.email })).status).toBe(409);
    expect(update(first.id, { email: 'ACCOUNTS@majujaya.my', name: 'Maju' }).name).toBe('Maju');
  });

  it('an unknown id is 404 CUSTOMER_NOT_FOUND', () => {
    const error = refusal(() => update('cus_missing', { name: 'x' }));
    expect(error.status).toBe(404);
    expect(error.code).toBe('CUSTOMER_NOT_FOUND');
    expect(error.details).toEqual([{ resource: 'customer', id: 'cus_missing', field: 'customerId' }]);
  });

  it('refuses a currency change once the customer has documents', () => {
    const customer = newCustomer();
    w.store.table<{ id: string; customerId: string }>(w.ctx.companyId, 'invoices').insert({ id: 'inv_test', customerId: customer.id });
    const error = refusal(() => update(customer.id, { currency: 'SGD' }));
    expect(error.code).toBe('BUSINESS_RULE_VIOLATION');
    expect(error.details[0]).toMatchObject({ customerId: customer.id, invoices: 1 });
    expect(retrieveCustomer(w.ctx, customer.id).currency).toBe('MYR');
  });
});

describe('deleting a customer', () => {
  it('deletes a customer without transactions, with its contacts', () => {
    const customer = newCustomer();
    createContact(w.ctx, customer.id, { name: 'Aisyah' });
    expect(deleteCustomer(w.ctx, customer.id)).toEqual({ id: customer.id, deleted: true });
    expect(refusal(() => retrieveCustomer(w.ctx, customer.id)).code).toBe('CUSTOMER_NOT_FOUND');
    expect(contactsTable(w.ctx).byIndex('customerId', customer.id)).toEqual([]);
  });

  it('refuses a customer with a balance, and changes nothing', () => {
    const customer = newCustomer();
    recordCustomerActivity(w.ctx, customer.id, { balanceDelta: 10 });
    const error = refusal(() => deleteCustomer(w.ctx, customer.id));
    expect(error.status).toBe(422);
    expect(error.code).toBe('BUSINESS_RULE_VIOLATION');
    expect(error.details[0]).toMatchObject({ customerId: customer.id, currentBalance: 10 });
    expect(retrieveCustomer(w.ctx, customer.id).currentBalance).toBe(10);
  });

  it('refuses a customer with a sales document, counting them by kind', () => {
    const customer = newCustomer();
    w.store.table<{ id: string; customerId: string }>(w.ctx.companyId, 'quotes').insert({ id: 'quo_test', customerId: customer.id });
    const error = refusal(() => deleteCustomer(w.ctx, customer.id));
    expect(error.details[0]).toMatchObject({ rule: expect.stringContaining('cannot be deleted'), quotes: 1 });
    expect(retrieveCustomer(w.ctx, customer.id)).toBe(customer);
  });
});

describe('recording a customer’s activity', () => {
  it('adds exact decimals to the balance and the sales total', () => {
    const customer = newCustomer();
    recordCustomerActivity(w.ctx, customer.id, { balanceDelta: 0.1, salesDelta: '0.10', saleDate: '2026-11-01' });
    const after = recordCustomerActivity(w.ctx, customer.id, { balanceDelta: '0.2', salesDelta: 0.2, saleDate: '2026-10-01' });
    expect(after).toMatchObject({ currentBalance: 0.3, totalSales: 0.3, lastSaleDate: '2026-11-01' });
    expect(recordCustomerActivity(w.ctx, customer.id, { balanceDelta: -0.3 }).currentBalance).toBe(0);
  });

  it('keeps the later sale date', () => {
    const customer = newCustomer();
    recordCustomerActivity(w.ctx, customer.id, { balanceDelta: 1, saleDate: '2026-09-01' });
    expect(recordCustomerActivity(w.ctx, customer.id, { balanceDelta: 1, saleDate: '2026-09-02' }).lastSaleDate).toBe('2026-09-02');
  });

  it('refuses an amount with more than two decimals, and an unknown customer', () => {
    const customer = newCustomer();
    expect(() => recordCustomerActivity(w.ctx, customer.id, { balanceDelta: 0.005 })).toThrow(TypeError);
    expect(refusal(() => recordCustomerActivity(w.ctx, 'cus_missing', { balanceDelta: 1 })).code).toBe('CUSTOMER_NOT_FOUND');
    expect(retrieveCustomer(w.ctx, customer.id).currentBalance).toBe(0);
  });
});

describe('the list filters', () => {
  const rows = () => customersTable(w.ctx).all();

  it('match any of the tags, case-insensitively', () => {
    const names = rows()
      .filter(customerMatches({ tags: ['RETAIL', 'education'] }))
      .map((row) => row.name);
    expect(names.sort()).toEqual(['Ahmad Faizal bin Osman', 'Kedai Runcit Harmoni', 'Universiti Teknologi Kelana']);
  });

  it('bound the credit limit and the balance, both ends inclusive', () => {
    expect(
      rows()
        .filter(customerMatches({ creditLimitMin: 20_000, creditLimitMax: 50_000 }))
        .map((row) => row.creditLimit)
        .sort(),
    ).toEqual([20_000, 50_000]);
    // Own tag: the demo seed's invoices give other customers balances too.
    const at250 = newCustomer({ tags: ['range-test'] });
    const below = newCustomer({ email: 'below@majujaya.my', tags: ['range-test'] });
    recordCustomerActivity(w.ctx, at250.id, { balanceDelta: 250 });
    recordCustomerActivity(w.ctx, below.id, { balanceDelta: 249.99 });
    const owing = (filters: Parameters<typeof customerMatches>[0]) =>
      rows()
        .filter(customerMatches({ tags: ['range-test'], ...filters }))
        .map((row) => row.id);
    expect(owing({ balanceMin: 250 })).toEqual([at250.id]);
    expect(owing({ balanceMax: 250, balanceMin: 249.99 })).toEqual([at250.id, below.id]);
    expect(owing({ balanceMax: 249.99 })).toEqual([below.id]);
  });

  it('read a date-only createdBefore as the whole day', () => {
    const customer = newCustomer();
    const today = customer.createdAt.slice(0, 10);
    expect(
      rows()
        .filter(customerMatches({ createdAfter: today, createdBefore: today }))
        .map((row) => row.id),
    ).toEqual([customer.id]);
    expect(
      rows()
        .filter(customerMatches({ createdAfter: customer.createdAt }))
        .map((row) => row.id),
    ).toEqual([customer.id]);
  });

  it('refuse a range that cannot match', () => {
    expect(refusal(() => customerMatches({ balanceMin: 10, balanceMax: 5 })).details[0]).toMatchObject({
      field: 'balanceMax',
      code: 'MIN_VALUE',
    });
    expect(refusal(() => customerMatches({ createdAfter: '2026-02-01', createdBefore: '2026-01-31' })).details[0]).toMatchObject({
      field: 'createdBefore',
      code: 'DATE_CONSTRAINT',
    });
  });

  it('filter by status, type and currency', () => {
    expect(
      rows()
        .filter(customerMatches({ status: 'blocked' }))
        .map((row) => row.name),
    ).toEqual(['Klinik Dr. Wong']);
    expect(rows().filter(customerMatches({ type: 'individual' })).length).toBe(2);
    expect(rows().filter(customerMatches({ currency: 'myr' })).length).toBe(rows().length);
  });
});

describe('presenting a customer', () => {
  it('lists its active contacts, the primary one first', () => {
    const customer = newCustomer();
    createContact(w.ctx, customer.id, { name: 'First' });
    createContact(w.ctx, customer.id, { name: 'Gone', isActive: false });
    createContact(w.ctx, customer.id, { name: 'Boss', title: 'Director', isPrimary: true });
    const { contacts } = presentCustomer(w.ctx, customer);
    expect(contacts.map((c) => [c.name, c.isPrimary])).toEqual([
      ['Boss', true],
      ['First', false],
    ]);
    expect(contacts[0]).toEqual({ id: expect.any(String), name: 'Boss', email: null, phone: null, title: 'Director', isPrimary: true });
  });
});
