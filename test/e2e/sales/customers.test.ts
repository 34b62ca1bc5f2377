import { beforeEach, describe, expect, it } from 'vitest';
import {
  BusinessRuleError,
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  type Customer,
} from '../../../src/index.js';
import { recordCustomerActivity } from '../../../mock-server/domain/sales/index.js';
import type { DomainEvent } from '../../../mock-server/events/bus.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs, readOnlyClient } = sandbox();

beforeEach(() => {
  mock.reset();
});

/** How many customers the company has: the list's `total`. */
const customerCount = async () => (await acs.customers.list({ limit: 1 })).total;

const byName = async (name: string): Promise<Customer> => {
  const page = await acs.customers.list({ search: name });
  const found = page.data.find((customer) => customer.name === name);
  if (!found) throw new Error(`no demo customer ${name}`);
  return found;
};

/** Moves a customer's balance the way a sent invoice does, through the domain (the sales endpoints own that). */
const owe = (customerId: string, amount: number) =>
  recordCustomerActivity({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId }, customerId, {
    balanceDelta: amount,
  });

describe('customers.list', () => {
  it('lists the demo customers by name, 50 a page by default, each with its contacts', async () => {
    const page = await acs.customers.list();
    expect(page.total).toBe(9);
    expect(page.data.map((c) => c.name)).toEqual([...page.data.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    const moden = page.data.find((c) => c.name === 'Syarikat Pejabat Moden Sdn Bhd')!;
    expect(moden.contacts.map((c) => [c.name, c.isPrimary])).toEqual([
      ['Aminah Yusof', true],
      ['Raj Kumar', false],
    ]);
  });

  it('searches name, email and customer number', async () => {
    expect((await acs.customers.list({ search: 'harmoni' })).data.map((c) => c.name)).toEqual(['Kedai Runcit Harmoni']);
    expect((await acs.customers.list({ search: 'utk.edu' })).data.map((c) => c.name)).toEqual(['Universiti Teknologi Kelana']);
    expect((await acs.customers.list({ search: 'CUST-00001' })).data.map((c) => c.customerNumber)).toEqual(['CUST-00001']);
  });

  it('filters by status, type, any of the tags, currency and credit limit', async () => {
    expect((await acs.customers.list({ status: 'blocked' })).data.map((c) => c.name)).toEqual(['Klinik Dr. Wong']);
    expect((await acs.customers.list({ type: 'individual' })).data.map((c) => c.name)).toEqual(['Ahmad Faizal bin Osman', 'Tan Mei Chen']);
    const tagged = await acs.customers.list({ tags: ['education', 'hospitality'] });
    expect(tagged.data.map((c) => c.name)).toEqual(['Hotel Seri Melaka Sdn Bhd', 'Universiti Teknologi Kelana']);
    expect((await acs.customers.list({ currency: 'SGD' })).total).toBe(0);
    const limits = await acs.customers.list({ creditLimitMin: 50_000, sort: 'name', order: 'desc' });
    expect(limits.data.map((c) => c.creditLimit)).toEqual([100_000, 50_000, 80_000]);
  });

  it('filters and sorts by balance as invoices and payments move it', async () => {
    // New customers under their own tag, so documents the demo seed may hold do not count.
    const hotel = await acs.customers.create({ name: 'Balance Hotel', email: 'a@balance.my', tags: ['e2e-balance'] });
    const uni = await acs.customers.create({ name: 'Balance Uni', email: 'b@balance.my', tags: ['e2e-balance'] });
    await acs.customers.create({ name: 'Balance Nil', email: 'c@balance.my', tags: ['e2e-balance'] });
    owe(hotel.id, 1250.5);
    owe(uni.id, 800);
    const owing = await acs.customers.list({ tags: ['e2e-balance'], balanceMin: 0.01, sort: 'currentBalance', order: 'desc' });
    expect(owing.data.map((c) => [c.name, c.currentBalance])).toEqual([
      ['Balance Hotel', 1250.5],
      ['Balance Uni', 800],
    ]);
    expect((await acs.customers.list({ tags: ['e2e-balance'], balanceMax: 1000, balanceMin: 500 })).data.map((c) => c.id)).toEqual([
      uni.id,
    ]);
    expect((await acs.customers.list({ tags: ['e2e-balance'], currentBalance: { gt: 1000 } })).data.map((c) => c.id)).toEqual([hotel.id]);
  });

  it('filters by creation time: a date covers its whole day', async () => {
    const all = (await acs.customers.list()).data;
    const newest = [...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    const day = newest.createdAt.slice(0, 10);
    expect((await acs.customers.list({ createdAfter: day })).data.map((c) => c.id)).toEqual([newest.id]);
    expect((await acs.customers.list({ createdBefore: day })).total).toBe(all.length);
    expect((await acs.customers.list({ createdAfter: newest.createdAt, createdBefore: newest.createdAt })).total).toBe(1);
  });

  it('pages with a cursor, every customer once', async () => {
    const seen: string[] = [];
    for await (const customer of acs.customers.list({ limit: 4, sort: 'createdAt' })) seen.push(customer.customerNumber);
    expect(seen).toEqual([
      'CUST-00001',
      'CUST-00002',
      'CUST-00003',
      'CUST-00004',
      'CUST-00005',
      'CUST-00006',
      'CUST-00007',
      'CUST-00008',
      'CUST-00009',
    ]);
  });

  it('refuses a limit over 100, an unknown sort field, a bad date and an empty range with 422', async () => {
    for (const query of [{ limit: 101 }, { sort: 'email' }, { createdAfter: 'last week' }, { creditLimitMin: 10, creditLimitMax: 1 }]) {
      const error = await failureOf(acs.customers.list(query));
      expect(error, JSON.stringify(query)).toBeInstanceOf(ValidationError);
    }
  });
});

describe('customers.create', () => {
  it('creates with 201 and the next customer number, and publishes customer.created with the record', async () => {
    const events: DomainEvent[] = [];
    const off = mock.events.on('customer.created', (event) => events.push(event));
    const { data: created, response } = await acs.customers
      .create({
        name: 'Syarikat Maju Jaya',
        email: 'Accounts@MajuJaya.my',
        phone: '+60 3-8888 1234',
        paymentTerms: 45,
        creditLimit: 25_000,
        tags: ['wholesale'],
        billingAddress: { street: '3, Jalan Maju', city: 'Shah Alam', postalCode: '40000', country: 'MY' },
      })
      .withResponse();
    off();
    expect(response.status).toBe(201);
    expect(created).toMatchObject({
      customerNumber: 'CUST-00010',
      email: 'accounts@majujaya.my',
      type: 'business',
      currency: 'MYR',
      currentBalance: 0,
      totalSales: 0,
      lastSaleDate: null,
      status: 'active',
      contacts: [],
    });
    expect(await acs.customers.retrieve(created.id)).toEqual(created);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'customer.created', companyId: mock.credentials.companyId, data: created });
  });

  it('a missing name, a bad email and payment terms over 365 are one 400 INVALID_CUSTOMER_DATA, and nothing is created', async () => {
    const before = await customerCount();
    // @ts-expect-error the SDK's type requires `name`; the service answers the same rule with 400
    const error = await failureOf(acs.customers.create({ email: 'not-an-email', paymentTerms: 400 }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_CUSTOMER_DATA' });
    const fields = (error as InvalidRequestError).details!.map((d) => d.field).sort();
    expect(fields).toEqual(['email', 'name', 'paymentTerms']);
    expect(await customerCount()).toBe(before);
    expect((await acs.customers.create({ name: 'Next', phone: '0312345678' })).customerNumber).toBe('CUST-00010');
  });

  it('neither email nor phone is refused on email', async () => {
    const error = await failureOf(acs.customers.create({ name: 'Silent Sdn Bhd' }));
    expect(error).toMatchObject({ status: 400, code: 'INVALID_CUSTOMER_DATA', details: [{ field: 'email' }] });
  });

  it('a body of the wrong JSON types is the generic 422 VALIDATION_ERROR', async () => {
    const error = await failureOf(acs.customers.create({ name: 'X', email: 'x@x.my', paymentTerms: '30' as never }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ details: [{ field: 'paymentTerms', code: 'INVALID_FORMAT' }] });
  });

  it('setting the balance is refused; the read value is accepted', async () => {
    const error = await failureOf(acs.customers.create({ name: 'Rich', email: 'rich@x.my', currentBalance: 1000 }));
    expect(error).toMatchObject({ status: 400, details: [{ field: 'currentBalance' }] });
    const created = await acs.customers.create({ name: 'Rich', email: 'rich@x.my', currentBalance: 0 });
    expect(created.currentBalance).toBe(0);
  });

  it('an email another customer has is a ConflictError naming it', async () => {
    const harmoni = await byName('Kedai Runcit Harmoni');
    const error = await failureOf(acs.customers.create({ name: 'Copycat', email: 'ORDER@harmoni.com.my' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ details: [{ field: 'email', existingId: harmoni.id }] });
  });

  it('a read-only key cannot create customers', async () => {
    const readOnly = readOnlyClient();
    const error = await failureOf(readOnly.customers.create({ name: 'X', email: 'x@x.my' }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((await readOnly.customers.list()).total).toBe(9);
  });
});

describe('customers.retrieve, update and delete', () => {
  it('an unknown id is a NotFoundError with code CUSTOMER_NOT_FOUND', async () => {
    const error = await failureOf(acs.customers.retrieve('cus_doesnotexist'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'CUSTOMER_NOT_FOUND', details: [{ resource: 'customer', id: 'cus_doesnotexist' }] });
  });

  it('update changes the fields sent and clears one sent as null', async () => {
    const moden = await byName('Syarikat Pejabat Moden Sdn Bhd');
    const updated = await acs.customers.update(moden.id, { creditLimit: 75_000, website: null, status: 'blocked', tags: ['wholesale'] });
    expect(updated).toMatchObject({ creditLimit: 75_000, website: null, status: 'blocked', tags: ['wholesale'], email: moden.email });
    expect(await acs.customers.retrieve(moden.id)).toEqual(updated);
  });

  it('a client may PUT back the record it read', async () => {
    const tan = await byName('Tan Mei Chen');
    const { id, createdAt, updatedAt, contacts, ...fields } = tan;
    expect(await acs.customers.update(id, { ...fields, name: 'Tan Mei Chen (Puchong)' })).toMatchObject({
      name: 'Tan Mei Chen (Puchong)',
      createdAt,
    });
  });

  it('update refuses payment terms out of range and a changed balance, and changes nothing', async () => {
    const tan = await byName('Tan Mei Chen');
    // The field rules (the contract's) are read first, then the record's (read-only figures need the stored customer).
    const terms = await failureOf(acs.customers.update(tan.id, { paymentTerms: 366, totalSales: 99, name: 'Renamed' }));
    expect(terms).toMatchObject({ status: 400, code: 'INVALID_CUSTOMER_DATA' });
    expect((terms as InvalidRequestError).details!.map((d) => d.field)).toEqual(['paymentTerms']);
    const balance = await failureOf(acs.customers.update(tan.id, { paymentTerms: 60, totalSales: 99, name: 'Renamed' }));
    expect(balance).toMatchObject({ status: 400, code: 'INVALID_CUSTOMER_DATA' });
    expect((balance as InvalidRequestError).details!.map((d) => d.field)).toEqual(['totalSales']);
    expect(await acs.customers.retrieve(tan.id)).toEqual(tan);
  });

  it('delete removes a customer without transactions', async () => {
    const created = await acs.customers.create({ name: 'Short-lived', phone: '0311112222' });
    expect(await acs.customers.delete(created.id)).toEqual({ id: created.id, deleted: true });
    await expect(acs.customers.retrieve(created.id)).rejects.toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });
  });

  it('delete refuses a customer with a balance as a BusinessRuleError, and keeps it', async () => {
    const hotel = await acs.customers.create({ name: 'Owing Hotel', email: 'owing@hotel.my' });
    owe(hotel.id, 99.99);
    const error = await failureOf(acs.customers.delete(hotel.id));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(error).toMatchObject({ status: 422, details: [{ customerId: hotel.id, currentBalance: 99.99 }] });
    expect((await acs.customers.retrieve(hotel.id)).currentBalance).toBe(99.99);
  });
});

describe('customers.contacts', () => {
  it('lists a customer’s contacts, the primary one first', async () => {
    const moden = await byName('Syarikat Pejabat Moden Sdn Bhd');
    const page = await acs.customers.contacts.list(moden.id);
    expect(page.data.map((c) => [c.name, c.isPrimary, c.customerId])).toEqual([
      ['Aminah Yusof', true, moden.id],
      ['Raj Kumar', false, moden.id],
    ]);
    expect((await acs.customers.contacts.list(moden.id, { search: 'finance' })).data.map((c) => c.name)).toEqual(['Raj Kumar']);
  });

  it('create answers 201; a new primary contact demotes the old one, on the list and on the customer', async () => {
    const moden = await byName('Syarikat Pejabat Moden Sdn Bhd');
    const { data: contact, response } = await acs.customers.contacts
      .create(moden.id, { name: 'Hafiz Rahman', email: 'hafiz@pejabatmoden.com.my', title: 'CFO', isPrimary: true })
      .withResponse();
    expect(response.status).toBe(201);
    expect(contact).toMatchObject({ customerId: moden.id, isPrimary: true, isActive: true, mobile: null });
    const primaries = (await acs.customers.contacts.list(moden.id)).data.filter((c) => c.isPrimary).map((c) => c.name);
    expect(primaries).toEqual(['Hafiz Rahman']);
    expect((await acs.customers.retrieve(moden.id)).contacts[0]).toMatchObject({ id: contact.id, isPrimary: true });
  });

  it('update makes another contact primary; delete removes one', async () => {
    const moden = await byName('Syarikat Pejabat Moden Sdn Bhd');
    const raj = moden.contacts.find((c) => c.name === 'Raj Kumar')!;
    expect(await acs.customers.contacts.update(moden.id, raj.id, { isPrimary: true, mobile: '+60 12-000 1111' })).toMatchObject({
      isPrimary: true,
      mobile: '+60 12-000 1111',
    });
    expect((await acs.customers.retrieve(moden.id)).contacts.map((c) => [c.name, c.isPrimary])).toEqual([
      ['Raj Kumar', true],
      ['Aminah Yusof', false],
    ]);
    expect(await acs.customers.contacts.delete(moden.id, raj.id)).toEqual({ id: raj.id, deleted: true });
    expect((await acs.customers.contacts.list(moden.id)).data.map((c) => c.name)).toEqual(['Aminah Yusof']);
  });

  it('a contact of another customer is a NotFoundError, and is left alone', async () => {
    const moden = await byName('Syarikat Pejabat Moden Sdn Bhd');
    const harmoni = await byName('Kedai Runcit Harmoni');
    const theirs = moden.contacts[0];
    const error = await failureOf(acs.customers.contacts.update(harmoni.id, theirs.id, { name: 'Stolen' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ details: [{ resource: 'contact', id: theirs.id }] });
    await expect(acs.customers.contacts.delete(harmoni.id, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await acs.customers.retrieve(moden.id)).contacts).toEqual(moden.contacts);
  });

  it('an unknown customer is CUSTOMER_NOT_FOUND; a bad email is a ValidationError; nothing is added', async () => {
    await expect(acs.customers.contacts.list('cus_missing')).rejects.toMatchObject({ status: 404, code: 'CUSTOMER_NOT_FOUND' });
    const tan = await byName('Tan Mei Chen');
    const error = await failureOf(acs.customers.contacts.create(tan.id, { name: 'X', email: 'x@' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ details: [{ field: 'email', code: 'INVALID_FORMAT' }] });
    expect((await acs.customers.contacts.list(tan.id)).total).toBe(0);
  });
});

describe('taxCodes', () => {
  it('lists the company’s SST codes with their rates and e-invoice mappings', async () => {
    const { data } = await acs.taxCodes.list();
    expect(data.map((t) => [t.code, t.rate, t.myinvoisTaxType, t.peppolCategory])).toEqual([
      ['EX', 0, 'E', 'E'],
      ['NT', 0, '06', 'O'],
      ['SST10', 10, '01', 'S'],
      ['SST5', 5, '01', 'S'],
      ['SVC6', 6, '02', 'S'],
      ['SVC8', 8, '02', 'S'],
      ['ZR', 0, 'E', 'Z'],
    ]);
    expect((await acs.taxCodes.list({ rate: { gt: 6 } })).data.map((t) => t.code)).toEqual(['SST10', 'SVC8']);
  });

  it('retrieves one by code; an unknown code is a NotFoundError', async () => {
    expect(await acs.taxCodes.retrieve('SVC8')).toMatchObject({ code: 'SVC8', name: 'Service tax 8%', rate: 8, isActive: true });
    await expect(acs.taxCodes.retrieve('GST6')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('the empty seed has the same table', async () => {
    const { acs: empty } = sandbox({ seed: 'empty' });
    expect((await empty.taxCodes.list()).total).toBe(7);
  });
});
