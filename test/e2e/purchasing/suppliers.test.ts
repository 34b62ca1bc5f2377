import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { BusinessRuleError, ValidationError, type Supplier } from '../../../src/index.js';
import type { WebhookEvent } from '../../../src/webhooks/index.js';
import { startMockServer, type RunningMockServer } from '../../../mock-server/standalone.js';
import { auditRows, rowsAbout } from '../../mock/audit/support.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const ACCOUNT_NUMBER = '8800 9137 6025 3377';
const FULL_DIGITS = '8800913760253377';
/** Any trace of the account number beyond its last four digits. */
const leaks = (text: string) =>
  text.includes(ACCOUNT_NUMBER) || text.includes(FULL_DIGITS) || text.includes('9137 6025') || text.includes('91376025');

const fullSupplier = {
  name: 'Tenun Pahang Textiles Sdn Bhd',
  displayName: 'Tenun Pahang',
  email: 'accounts@tenunpahang.my',
  phone: '+60 9-555 0101',
  website: 'https://tenunpahang.my',
  taxNumber: 'C7788990011',
  registrationNumber: '201901004321',
  address: { street: '3 Jalan Tun Ismail', city: 'Kuantan', state: 'Pahang', postalCode: '25000', country: 'MY' },
  paymentTerms: { termsDays: 45, discountDays: 10, discountPercent: 1.5 },
  creditLimit: 25_000,
  currency: 'MYR',
  status: 'active' as const,
  tags: ['textiles', 'local'],
  contactPerson: { name: 'Aminah Yusof', email: 'aminah@tenunpahang.my', phone: '+60 13-220 1100', position: 'Finance' },
  bankDetails: {
    accountName: 'Tenun Pahang Textiles',
    accountNumber: ACCOUNT_NUMBER,
    bankName: 'RHB Bank',
    bankCode: 'RHB',
    swiftCode: 'RHBBMYKL',
  },
};

const supplierNamed = async (search: string): Promise<Supplier> => (await acs.suppliers.list({ search })).data[0];

describe('suppliers: the record', () => {
  it('every field of the record round-trips through create, retrieve and update', async () => {
    const created = await acs.suppliers.create(fullSupplier);
    const { bankDetails, ...plain } = fullSupplier;
    expect(created).toMatchObject({ ...plain, currentBalance: 0, bankDetails: { ...bankDetails, accountNumber: '****3377' } });
    expect(await acs.suppliers.retrieve(created.id)).toEqual(created);

    mock.clock.advance({ minutes: 5 });
    const updated = await acs.suppliers.update(created.id, {
      name: 'Tenun Pahang Textiles Berhad',
      website: null,
      address: { city: 'Pekan', country: 'my' },
      paymentTerms: { termsDays: 60 },
      status: 'suspended',
      tags: ['textiles'],
      contactPerson: { name: 'Aminah Yusof', position: 'CFO' },
      bankDetails: { accountNumber: '7000-1111-2222', bankName: 'Bank Islam', swiftCode: 'bimbmykl' },
    });
    expect(updated).toMatchObject({
      name: 'Tenun Pahang Textiles Berhad',
      displayName: 'Tenun Pahang',
      website: null,
      address: { street: null, city: 'Pekan', country: 'MY' },
      paymentTerms: { termsDays: 60, discountDays: 10, discountPercent: 1.5 },
      status: 'suspended',
      tags: ['textiles'],
      contactPerson: { name: 'Aminah Yusof', email: null, position: 'CFO' },
      bankDetails: { accountName: null, accountNumber: '****2222', bankName: 'Bank Islam', swiftCode: 'BIMBMYKL' },
    });
    expect(updated.updatedAt > created.updatedAt).toBe(true);
    expect(await acs.suppliers.retrieve(created.id)).toEqual(updated);
    expect((await acs.suppliers.update(created.id, { bankDetails: null })).bankDetails).toBeNull();
  });

  it('searches name, email and tax number; filters status and country; sorts field:direction', async () => {
    const created = await acs.suppliers.create({ ...fullSupplier, status: 'inactive', bankDetails: null });
    expect((await acs.suppliers.list({ search: 'tenun' })).data.map((s) => s.id)).toEqual([created.id]);
    expect((await acs.suppliers.list({ search: 'accounts@tenunpahang' })).data.map((s) => s.id)).toEqual([created.id]);
    expect((await acs.suppliers.list({ search: 'C7788990011' })).data.map((s) => s.id)).toEqual([created.id]);
    expect((await acs.suppliers.list({ status: 'inactive' })).data.map((s) => s.id)).toEqual([created.id]);
    expect((await acs.suppliers.list({ status: 'active', country: 'MY' })).data.map((s) => s.address?.country)).toEqual(['MY', 'MY']);

    const newest = await acs.suppliers.list({ sort: 'createdAt:desc', limit: 1 });
    expect(newest.data[0].id).toBe(created.id);
    expect(newest.pagination).toMatchObject({ total: 4, hasMore: true, nextOffset: 1 });
    const byNumber = (await acs.suppliers.list({ sort: 'supplierNumber:desc' })).data.map((s) => s.supplierNumber);
    expect(byNumber).toEqual([...byNumber].sort().reverse());
  });

  it('refuses a sort on a field the list does not sort by, the bank account number included', async () => {
    for (const sort of ['email:asc', 'bankDetails.bankAccountNumber:asc', 'name:sideways']) {
      const error = await failureOf(acs.suppliers.list({ sort }));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).details.map((d) => d.field)).toEqual(['sort']);
    }
  });

  it('changing the currency is refused while the supplier has an open order, and allowed once it has none', async () => {
    const supplier = await acs.suppliers.create({ name: 'Currency Test Trading' });
    const order = await acs.purchaseOrders.create({
      supplierId: supplier.id,
      items: [{ description: 'Samples', quantity: 1, unitPrice: 10 }],
    });
    const error = await failureOf(acs.suppliers.update(supplier.id, { currency: 'USD', tags: ['importer'] }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect((error as BusinessRuleError).details[0]).toMatchObject({
      field: 'currency',
      currency: 'MYR',
      requestedCurrency: 'USD',
      openPurchaseOrders: 1,
    });
    expect(await acs.suppliers.retrieve(supplier.id)).toMatchObject({ currency: 'MYR', tags: [] });
    expect((await acs.suppliers.update(supplier.id, { currency: 'MYR', tags: ['same currency'] })).tags).toEqual(['same currency']);

    await acs.purchaseOrders.cancel(order.id);
    expect((await acs.suppliers.update(supplier.id, { currency: 'USD' })).currency).toBe('USD');
  });

  it('a cancelled order that received goods not billed yet still holds the currency', async () => {
    const supplier = await acs.suppliers.create({ name: 'Part Delivery Trading' });
    const order = await acs.purchaseOrders.send(
      (
        await acs.purchaseOrders.create({
          supplierId: supplier.id,
          items: [{ description: 'Cartons', quantity: 10, unitPrice: 2, taxCode: null }],
        })
      ).id,
    );
    await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 4 }] });
    await acs.purchaseOrders.cancel(order.id);
    expect(await failureOf(acs.suppliers.update(supplier.id, { currency: 'SGD' }))).toBeInstanceOf(BusinessRuleError);
  });

  it("an item's supplierId may name an inactive supplier: the link is catalogue data, not a purchase", async () => {
    const dormant = await acs.suppliers.create({ name: 'Dormant Supplies', status: 'inactive' });
    const item = await acs.items.create({
      itemCode: 'DORM-1',
      name: 'Spare castor',
      type: 'inventory',
      supplierId: dormant.id,
      supplierItemCode: 'C-9',
    });
    expect(item.supplier).toMatchObject({ id: dormant.id, name: 'Dormant Supplies', supplierItemCode: 'C-9' });
    expect(
      await failureOf(acs.purchaseOrders.create({ supplierId: dormant.id, items: [{ itemId: item.id, quantity: 1, unitPrice: 3 }] })),
    ).toBeInstanceOf(BusinessRuleError);
  });
});

describe('suppliers: the bank account number stays secret', () => {
  it('is never in a response, a list, or the audit rows of the writes', async () => {
    const created = await acs.suppliers.create(fullSupplier);
    await acs.suppliers.update(created.id, { bankDetails: { ...fullSupplier.bankDetails, bankName: 'RHB Islamic' } });
    const answers = [created, await acs.suppliers.retrieve(created.id), await acs.suppliers.list({ limit: 100 })];
    expect(leaks(JSON.stringify(answers))).toBe(false);

    const rows = rowsAbout(mock, created.id);
    expect(rows.map((r) => r.action)).toEqual(['CREATED', 'UPDATED']);
    expect(JSON.stringify(rows)).toContain(`****${ACCOUNT_NUMBER.slice(-4)}`);
    expect(leaks(JSON.stringify(auditRows(mock)))).toBe(false);
  });

  it('is not echoed by a refusal of the body it came in', async () => {
    const badSwift = await failureOf(
      acs.suppliers.create({ ...fullSupplier, bankDetails: { ...fullSupplier.bankDetails, swiftCode: 'NOT A SWIFT' } }),
    );
    expect(badSwift).toBeInstanceOf(ValidationError);
    expect((badSwift as ValidationError).details.map((d) => d.field)).toEqual(['bankDetails.swiftCode']);
    const badNumber = await failureOf(acs.suppliers.create({ name: 'X', bankDetails: { accountNumber: `${ACCOUNT_NUMBER}!` } }));
    expect((badNumber as ValidationError).details.map((d) => d.field)).toEqual(['bankDetails.accountNumber']);
    const raw = await mock.fetch(`${mock.credentials.baseUrl}/suppliers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${mock.credentials.apiKey}`,
        'x-company-id': mock.credentials.companyId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'X', bankDetails: ACCOUNT_NUMBER, creditLimit: -1 }),
    });
    expect(raw.status).toBe(422);
    const texts = [JSON.stringify(badSwift), JSON.stringify(badNumber), await raw.text()];
    for (const text of texts) expect(leaks(text)).toBe(false);
    expect((await acs.suppliers.list({ search: 'Tenun' })).data).toEqual([]);
  });

  it('reaches webhooks and the event history masked, as supplier.created and supplier.updated', async () => {
    const seen = mock.events.history.length;
    const created = await acs.suppliers.create(fullSupplier);
    const updated = await acs.suppliers.update(created.id, { phone: '+60 9-555 0199' });
    const events = mock.events.history.slice(seen).filter((e) => e.event.startsWith('supplier.'));
    expect(events.map((e) => e.event)).toEqual(['supplier.created', 'supplier.updated']);
    expect(events[0].data).toEqual(created);
    expect(events[1].data).toEqual(updated);
    expect(leaks(JSON.stringify(events))).toBe(false);

    const event = { ...events[1], event: 'supplier.updated' } as WebhookEvent;
    if (event.event === 'supplier.updated') expectTypeOf(event.data).toEqualTypeOf<Supplier>();
  });

  it('an update that changes nothing of the record but its time publishes no supplier.updated', async () => {
    const supplier = await supplierNamed('Bestari');
    const seen = mock.events.history.length;
    await acs.suppliers.update(supplier.id, { tags: ['office supplies'] });
    await acs.suppliers.update(supplier.id, { tags: ['office supplies', 'stationery'] });
    expect(mock.events.history.slice(seen).map((e) => e.event)).toEqual(['supplier.updated']);
  });
});

describe('suppliers: the request log of the standalone mock', () => {
  let running: RunningMockServer;
  const lines: string[] = [];
  beforeAll(async () => {
    running = await startMockServer({ port: 0, seed: 'demo', log: (line) => lines.push(line) });
  });
  afterAll(() => running.close());

  it('logs supplier writes and searches without the account number', async () => {
    const headers = {
      authorization: `Bearer ${running.credentials.apiKey}`,
      'x-company-id': running.credentials.companyId,
      'content-type': 'application/json',
    };
    const created = await fetch(`${running.url}/suppliers`, { method: 'POST', headers, body: JSON.stringify(fullSupplier) });
    expect(created.status).toBe(201);
    await fetch(`${running.url}/suppliers?search=${encodeURIComponent(ACCOUNT_NUMBER)}`, { headers });
    expect(lines.some((line) => line.startsWith('POST /v1/suppliers 201'))).toBe(true);
    expect(leaks(lines.join('\n'))).toBe(false);
  });
});

describe('the /v1/purchasing base', () => {
  const headers = () => ({
    authorization: `Bearer ${mock.credentials.apiKey}`,
    'x-company-id': mock.credentials.companyId,
    'content-type': 'application/json',
  });
  const base = () => mock.credentials.baseUrl;

  it('serves the supplier list, create and get-one under /v1/purchasing as under /v1', async () => {
    const list = await (await mock.fetch(`${base()}/purchasing/suppliers?limit=2&sort=name:asc`, { headers: headers() })).json();
    expect(list.pagination).toMatchObject({ limit: 2, total: 3, nextOffset: 2 });
    expect(list.data.map((s: Supplier) => s.name)).toEqual(
      (await acs.suppliers.list({ limit: 2, sort: 'name:asc' })).data.map((s) => s.name),
    );

    const created = await mock.fetch(`${base()}/purchasing/suppliers`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ name: 'Alias Supplies' }),
    });
    expect(created.status).toBe(201);
    const { data } = await created.json();
    const one = await mock.fetch(`${base()}/purchasing/suppliers/${data.id}`, { headers: headers() });
    expect((await one.json()).data).toEqual(await acs.suppliers.retrieve(data.id));
    const api = await mock.fetch(`${base().replace(/\/v1$/, '/api/v1')}/purchasing/suppliers/${data.id}/performance`, {
      headers: headers(),
    });
    expect((await api.json()).data).toMatchObject({ supplierId: data.id, orderCount: 0 });
  });

  it('serves purchase orders under /v1/purchasing; an unknown purchasing path is the usual 404', async () => {
    const orders = await (await mock.fetch(`${base()}/purchasing/purchase-orders`, { headers: headers() })).json();
    expect(orders.data.map((o: { id: string }) => o.id)).toEqual((await acs.purchaseOrders.list()).data.map((o) => o.id));
    const missing = await mock.fetch(`${base()}/purchasing/nope`, { headers: headers() });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({ code: 'NOT_FOUND' });
    const wrongMethod = await mock.fetch(`${base()}/purchasing/suppliers`, { method: 'DELETE', headers: headers() });
    expect(wrongMethod.status).toBe(405);
  });
});
