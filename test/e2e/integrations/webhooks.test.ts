import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPSTREAM_ORDER_INTERVAL_MS, upstreamVariant, upstreamWebhookOrder } from '../../../mock-server/domain/integrations/index.js';
import { DEMO_STORE_CREDENTIALS } from '../../../mock-server/seed/integrations.js';
import { verifySignature } from '../../../src/webhooks/index.js';
import type { UpstreamEventParams } from '../../../src/index.js';
import type { Json } from '../../support/json.js';
import { failureOf, sandbox } from '../../support/sandbox.js';
import { TestReceiver } from '../../webhooks/receiver.js';
import { companyContext, demoStore } from './ops-fixture.js';

const { mock, acs } = sandbox({ seed: 'demo', now: '2026-11-02T09:00:00Z', seedKey: 'integrations' });
const secret = 'whsec_integration_tests_0000001';
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await TestReceiver.start();
});
afterAll(() => receiver.close());
beforeEach(() => {
  mock.reset();
  receiver.clear();
});
afterEach(() => mock.webhooks.settled());

const subscribe = (active = true) =>
  acs.integrations.webhooks(demoStore(mock).id, {
    events: ['order.created', 'order.updated'],
    endpoint: `${receiver.url}/store-events`,
    secret,
    active,
  });

describe('integration webhooks', () => {
  it('stores the subscription, never showing its secret; a second POST replaces it', async () => {
    const hook = await subscribe();
    expect(hook).toMatchObject({
      integrationId: demoStore(mock).id,
      events: ['order.created', 'order.updated'],
      endpoint: `${receiver.url}/store-events`,
      active: true,
    });
    expect(JSON.stringify(hook)).not.toContain(secret);
    const again = await subscribe(false);
    expect(again).toMatchObject({ id: hook.id, active: false });
    const health = await acs.integrations.health(demoStore(mock).id);
    expect(health.checks.find((c) => c.name === 'webhook_endpoint')).toMatchObject({ status: 'warn', lastReceived: null });
  });

  it('refuses a connector without webhooks (422), a plain-http endpoint elsewhere and a short secret (422)', async () => {
    const market = await acs.integrations.setup('marketplace', {
      name: 'Marketplace',
      credentials: {
        sellerId: 'SELLER1234',
        accessKey: 'AKIA0123456789ABCDEF',
        secretKey: 'secret0123456789abcdef',
        marketplaceId: 'MKTMY1',
      },
    });
    await expect(
      acs.integrations.webhooks(market.id, { events: ['order.created'], endpoint: 'https://hooks.example.my/x', secret }),
    ).rejects.toMatchObject({ status: 422, code: 'BUSINESS_RULE_VIOLATION' });
    const bad = await failureOf(
      acs.integrations.webhooks(demoStore(mock).id, { events: ['order.created'], endpoint: 'http://hooks.example.my/x', secret: 'short' }),
    );
    expect(bad).toMatchObject({ status: 422, code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(bad)).not.toContain('"short"');
  });

  it("delivers the upstream's new orders as the mock clock moves, signed with the secret, in the spec's body", async () => {
    await subscribe();
    mock.clock.advance({ seconds: (2 * UPSTREAM_ORDER_INTERVAL_MS) / 1000 + 1 });
    await mock.webhooks.settled();
    const store = demoStore(mock);
    const all = receiver.received.map((r) => JSON.parse(r.body.toString('utf8')));
    // Two orders placed; at the second step the first one moves on (order.updated).
    expect(all.map((b) => b.event)).toEqual(['order.created', 'order.created', 'order.updated']);
    expect(all[2]).toMatchObject({
      timestamp: all[1].timestamp,
      data: { ...upstreamWebhookOrder(store, 1), status: expect.stringMatching(/^(fulfilled|refunded)$/) },
    });
    const bodies = all.filter((b) => b.event === 'order.created');
    expect(bodies[0]).toEqual({
      event: 'order.created',
      source: 'hosted-store',
      integrationId: store.id,
      timestamp: expect.any(String),
      data: upstreamWebhookOrder(store, 1),
    });
    expect(bodies[1].data).toEqual(upstreamWebhookOrder(store, 2));
    expect(Date.parse(bodies[1].timestamp) - Date.parse(bodies[0].timestamp)).toBe(UPSTREAM_ORDER_INTERVAL_MS);
    expect(bodies[0].data).toMatchObject({
      orderNumber: '#1001',
      currency: 'MYR',
      customer: { email: expect.stringContaining('@'), firstName: expect.any(String) },
      items: expect.arrayContaining([expect.objectContaining({ sku: expect.any(String), quantity: expect.any(Number) })]),
    });
    for (const request of receiver.received) {
      expect(await verifySignature({ payload: request.body, signature: request.headers['x-signature'] as string, secret })).toBe(true);
    }
    const webhookCheck = (await acs.integrations.health(store.id)).checks.find((c) => c.name === 'webhook_endpoint');
    expect(webhookCheck).toMatchObject({ status: 'pass', lastReceived: bodies[1].timestamp });
  });

  it('reports the stock each order sells (inventory.updated) and the restock of what sold out (product.updated); later syncs read that stock', async () => {
    const store = demoStore(mock);
    await acs.integrations.webhooks(store.id, {
      events: ['product.updated', 'inventory.updated'],
      endpoint: `${receiver.url}/store-events`,
      secret,
    });
    // A day of steps, in moves the upstream takes whole (at most UPSTREAM_ORDERS_PER_JUMP steps a move).
    for (let hours = 0; hours < 24; hours += 6) mock.clock.advance({ hours: 6 });
    await mock.webhooks.settled();
    // The events in the order the upstream emitted them; the receiver got each one.
    const emitted = mock.store
      .table<{ id: string; event: string; data: Json }>(mock.credentials.companyId, 'integrationUpstreamEvents')
      .all();
    expect(receiver.received).toHaveLength(emitted.length);
    const stock = emitted.filter((e) => e.event === 'inventory.updated').map((e) => e.data);
    const sold = stock.filter((change) => change.reason === 'order');
    const restocks = emitted.filter((e) => e.event === 'product.updated').map((e) => e.data);
    expect(sold.length).toBeGreaterThan(20);
    expect(restocks.length).toBeGreaterThan(0);
    // Every event moved a level, and each SKU's levels form one chain that ends where the upstream stands now.
    const levels = new Map<string, number>();
    for (const change of stock) {
      expect(change.quantity).not.toBe(change.previousQuantity);
      expect(change.quantity).toBeGreaterThanOrEqual(0);
      if (levels.has(change.sku)) expect(change.previousQuantity, change.sku).toBe(levels.get(change.sku));
      levels.set(change.sku, change.quantity);
    }
    for (const [sku, level] of levels) expect(upstreamVariant(companyContext(mock), store, sku)!.inventory.main, sku).toBe(level);
    // A sale takes what a line ordered, or what is left; a restock refills a sold-out variant, as its product.updated shows.
    const ordered = Array.from({ length: 48 }, (_, i) => upstreamWebhookOrder(store, i + 1).items).flat();
    for (const change of sold) {
      expect(
        ordered.some((line) => line.sku === change.sku && change.quantity === Math.max(0, change.previousQuantity - line.quantity)),
        change.sku,
      ).toBe(true);
    }
    for (const change of stock.filter((c) => c.reason === 'restock')) {
      expect(change).toMatchObject({ previousQuantity: 0, locationId: 'main' });
      const product = restocks.find((p) =>
        p.variants.some((v: { sku: string; inventory: { main: number } }) => v.sku === change.sku && v.inventory.main === change.quantity),
      );
      expect(product, change.sku).toBeDefined();
    }
  });

  it('gives a payment gateway no store activity', async () => {
    const gateway = await acs.integrations.setup('payment-gateway', {
      name: 'Card gateway',
      credentials: { secretKey: 'sk_test_0123456789abcdef', webhookEndpointSecret: 'whsec_0123456789abcdef' },
    });
    await acs.integrations.webhooks(gateway.id, {
      events: ['order.created', 'order.updated', 'product.updated', 'inventory.updated'],
      endpoint: `${receiver.url}/gateway-events`,
      secret,
    });
    mock.clock.advance({ hours: 3 });
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(0);
  });

  it('sends nothing to an inactive subscription, nor orders placed before it was made', async () => {
    mock.clock.advance({ hours: 3 });
    await subscribe(false);
    mock.clock.advance({ hours: 2 });
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(0);
    await subscribe(true);
    mock.clock.advance({ seconds: UPSTREAM_ORDER_INTERVAL_MS / 1000 + 1 });
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(1);
  });
});

describe("an upstream's delivery to the mock", () => {
  const event = (): UpstreamEventParams => ({
    event: 'order.created',
    source: 'hosted-store',
    integrationId: demoStore(mock).id,
    timestamp: '2026-11-02T09:00:00.000Z',
    data: upstreamWebhookOrder(demoStore(mock), 7),
  });
  const sign = (body: unknown, key: string = DEMO_STORE_CREDENTIALS.webhookSecret) =>
    `sha256=${createHmac('sha256', key).update(JSON.stringify(body)).digest('hex')}`;

  it("accepts one signed with the integration's webhook secret in X-Upstream-Signature", async () => {
    const body = event();
    const receipt = await acs.integrations.receiveWebhook(demoStore(mock).id, body, { headers: { 'X-Upstream-Signature': sign(body) } });
    expect(receipt).toEqual({ received: true, event: 'order.created', orderId: 'ord_9007' });
    const webhookCheck = (await acs.integrations.health(demoStore(mock).id)).checks.find((c) => c.name === 'webhook_endpoint');
    expect(webhookCheck).toMatchObject({ lastReceived: body.timestamp });
  });

  it('refuses a wrong or missing signature with 400 WEBHOOK_VERIFICATION_FAILED, keeping nothing', async () => {
    const body = event();
    const id = demoStore(mock).id;
    const wrong = await failureOf(
      acs.integrations.receiveWebhook(id, body, { headers: { 'X-Upstream-Signature': sign(body, 'whsec_someone_else_000000') } }),
    );
    expect(wrong).toMatchObject({ status: 400, code: 'WEBHOOK_VERIFICATION_FAILED' });
    expect(JSON.stringify(wrong)).not.toContain(DEMO_STORE_CREDENTIALS.webhookSecret);
    await expect(
      acs.integrations.receiveWebhook(
        id,
        { ...body, data: { ...body.data, total: 1 } },
        { headers: { 'X-Upstream-Signature': sign(body) } },
      ),
    ).rejects.toMatchObject({ status: 400, code: 'WEBHOOK_VERIFICATION_FAILED' });
    await expect(acs.integrations.receiveWebhook(id, body)).rejects.toMatchObject({ status: 400, code: 'WEBHOOK_VERIFICATION_FAILED' });
    const webhookCheck = (await acs.integrations.health(id)).checks.find((c) => c.name === 'webhook_endpoint');
    expect(webhookCheck).toMatchObject({ lastReceived: null });
  });
});
