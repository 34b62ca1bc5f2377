import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';
import { catalogueOf } from './commerce-support.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' }));
});

const mapping = {
  externalId: '$.id',
  orderNumber: '$.name',
  createdAt: '$.created_at',
  status: '$.financial_status',
  'customer.email': '$.buyer.email',
  'customer.firstName': '$.buyer.first_name',
  'customer.lastName': '$.buyer.last_name',
  items: '$.line_items',
  'items.sku': '$.sku',
  'items.name': '$.title',
  'items.quantity': '$.quantity',
  'items.price': '$.price',
  shipping: '$.shipping_lines[0].price',
};
const definition = (orderMapping: Record<string, string> = mapping, webhookSupport = false) => ({
  name: 'Kedai API',
  description: 'Our own shop backend',
  type: 'custom' as const,
  authentication: {
    type: 'api_key' as const,
    fields: [{ name: 'apiKey', label: 'API key', type: 'password' as const, required: true, encrypted: true }],
  },
  endpoints: [{ name: 'orders', method: 'GET' as const, path: '/orders', parameters: { since: 'dateRange.from' }, mapping: orderMapping }],
  webhookSupport,
  scheduleSync: 'hourly',
});

describe('custom connectors', () => {
  it('stores a definition, lists it in the catalogue, sets it up with its declared fields and syncs orders through its JSON paths', async () => {
    const connector = await acs.integrations.createConnector(definition());
    expect(connector).toMatchObject({ name: 'Kedai API', type: 'custom', category: 'ecommerce' });
    const catalogue = await acs.integrations.available();
    expect(catalogue.ecommerce.find((c) => c.id === connector.id)).toMatchObject({
      kind: 'custom',
      credentialFields: ['apiKey'],
      features: ['order_sync'],
    });

    await expect(acs.integrations.setup(connector.id, { name: 'Kedai', credentials: { token: 'x' } })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_CREDENTIALS',
    });
    const kedai = await acs.integrations.setup(connector.id, { name: 'Kedai', credentials: { apiKey: 'key_0123456789abcdef' } });
    await catalogueOf(acs, connector.id, kedai.id);
    const run = await acs.integrations.syncOrders(connector.id, { integrationId: kedai.id });
    expect(run).toMatchObject({ status: 'completed', ordersFailed: 0 });
    expect(run.ordersCreated).toBeGreaterThan(0);
    const invoices = mock.store
      .table<{ id: string; reference: string | null; items: { description: string; unitPrice: number }[]; shippingCost: number }>(
        mock.credentials.companyId,
        'invoices',
      )
      .all()
      .filter((i) => i.reference?.startsWith(connector.id));
    expect(invoices).toHaveLength(run.ordersCreated);
    // The mapping was applied: titles and SKUs as the lines' descriptions, string prices as numbers, shipping from the first shipping line.
    expect(invoices.every((i) => i.items.every((line) => /\(.+-\d+\)$/.test(line.description) && line.unitPrice > 0))).toBe(true);
    expect(invoices.some((i) => i.shippingCost === 8)).toBe(true);
    expect((await acs.integrations.syncOrders(connector.id, { integrationId: kedai.id })).ordersCreated).toBe(0);
  });

  it('refuses a mapping that is not a JSON path, or a script expression (422 DATA_MAPPING_ERROR), and a sync whose mapping misses a required target', async () => {
    const bad = await acs.integrations
      .createConnector(definition({ ...mapping, externalId: 'id', items: '$.line_items[?(@.price > 0)]' }))
      .then(
        () => {
          throw new Error('accepted');
        },
        (e: unknown) => e as { status: number; code: string; details: { field: string }[] },
      );
    expect(bad).toMatchObject({ status: 422, code: 'DATA_MAPPING_ERROR' });
    expect(bad.details.map((d) => d.field)).toEqual(['endpoints.0.mapping.externalId', 'endpoints.0.mapping.items']);
    const { externalId: _drop, ...partial } = mapping;
    const connector = await acs.integrations.createConnector(definition(partial));
    const kedai = await acs.integrations.setup(connector.id, { name: 'Kedai', credentials: { apiKey: 'key_0123456789abcdef' } });
    await expect(acs.integrations.syncOrders(connector.id, { integrationId: kedai.id })).rejects.toMatchObject({
      status: 422,
      code: 'DATA_MAPPING_ERROR',
    });
  });

  it('fails only the orders a mapping cannot read', async () => {
    const connector = await acs.integrations.createConnector(definition({ ...mapping, 'items.price': '$.no_such_field' }));
    const kedai = await acs.integrations.setup(connector.id, { name: 'Kedai', credentials: { apiKey: 'key_0123456789abcdef' } });
    const run = await acs.integrations.syncOrders(connector.id, { integrationId: kedai.id });
    expect(run).toMatchObject({ status: 'failed', ordersCreated: 0 });
    expect(run.ordersFailed).toBe(run.ordersToProcess);
  });

  it('takes a webhook subscription for a custom connector that declares webhook support, and refuses one that does not', async () => {
    const subscription = {
      events: ['order.created' as const],
      endpoint: 'https://hooks.example.my/kedai',
      secret: 'kedai-secret-0123456789',
    };
    const withHooks = await acs.integrations.createConnector(definition(mapping, true));
    const hooked = await acs.integrations.setup(withHooks.id, { name: 'Kedai', credentials: { apiKey: 'key_0123456789abcdef' } });
    expect(await acs.integrations.webhooks(hooked.id, subscription)).toMatchObject({ integrationId: hooked.id, active: true });
    const without = await acs.integrations.createConnector(definition());
    const plain = await acs.integrations.setup(without.id, { name: 'Kedai 2', credentials: { apiKey: 'key_0123456789abcdef' } });
    await expect(acs.integrations.webhooks(plain.id, subscription)).rejects.toMatchObject({ status: 422, code: 'BUSINESS_RULE_VIOLATION' });
  });
});
