import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from '../../mock-server/index.js';
import { constructEvent, verifySignature } from '../../src/webhooks/index.js';
import type { WebhookEventName } from '../../src/index.js';
import { sandbox } from '../support/sandbox.js';
import { closedPortUrl, TestReceiver } from './receiver.js';

const { mock, acs } = sandbox({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
const secret = 'whsec_delivery_tests_000000001';
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await TestReceiver.start();
});
afterAll(() => receiver.close());
beforeEach(() => {
  mock.reset();
  receiver.clear();
});
afterEach(async () => {
  receiver.release();
  await mock.webhooks.settled();
});

const subscribe = (path: string, events: WebhookEventName[], client = acs) =>
  client.webhooks.subscribe({ url: `${receiver.url}${path}`, events, secret });
let customerNumber = 0;
const createCustomer = (name = 'Kedai Runcit Ah Seng', client = acs) =>
  client.customers.create({ name, email: `shop${++customerNumber}@example.my` });
const ms = (iso: string | null) => Date.parse(iso!);

describe('webhook deliveries', () => {
  it('POSTs the event to the subscription, signed over the raw body, after the write', async () => {
    const hook = await subscribe('/acs-webhooks', ['customer.created']);
    const customer = await createCustomer('Café Ümlaut 東京 Sdn. Bhd.');
    await mock.webhooks.settled();

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/acs-webhooks');
    expect(request.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request.body.toString('utf8'));
    expect(body).toEqual({
      id: expect.stringMatching(/^evt_/),
      event: 'customer.created',
      timestamp: expect.any(String),
      companyId: mock.credentials.companyId,
      data: customer,
    });

    const signature = request.headers['x-signature'] as string;
    expect(signature).toBe(`sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`);
    expect(await verifySignature({ payload: request.body, signature, secret })).toBe(true);
    const event = await constructEvent({ payload: request.body, signature, secret });
    expect(event.event === 'customer.created' && event.data.name).toBe('Café Ümlaut 東京 Sdn. Bhd.');

    const [attempt] = mock.webhooks.deliveries;
    expect(attempt).toMatchObject({
      subscriptionId: hook.id,
      companyId: mock.credentials.companyId,
      eventId: body.id,
      event: 'customer.created',
      url: `${receiver.url}/acs-webhooks`,
      attempt: 1,
      status: 200,
      error: null,
      outcome: 'delivered',
      nextAttemptAt: null,
    });
    expect(request.headers['x-webhook-id']).toBe(attempt.id);
    expect(attempt.id).toMatch(/^whd_/);
    expect(request.headers['x-webhook-attempt']).toBe('1');
    expect(request.headers['x-webhook-timestamp']).toBe(String(Math.floor(ms(attempt.at) / 1000)));
  });

  it('delivers only the events a subscription names, of its own company, and nothing while paused', async () => {
    await subscribe('/customers', ['customer.created']);
    await subscribe('/invoices', ['invoice.created']);
    const paused = await subscribe('/paused', ['customer.created']);
    await acs.webhooks.update(paused.id, { active: false });
    const other = acs.withCompany(mock.credentials.companies[1].id);
    await subscribe('/other-company', ['customer.created'], other);

    await createCustomer();
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => r.path)).toEqual(['/customers']);

    await createCustomer('Syarikat Lain', other);
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => r.path)).toEqual(['/customers', '/other-company']);
  });

  it('sends one event to every subscription that names it, each with its own delivery id', async () => {
    await subscribe('/a', ['customer.created']);
    await subscribe('/b', ['customer.created', 'invoice.created']);
    await createCustomer();
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => r.path).sort()).toEqual(['/a', '/b']);
    const [a, b] = receiver.received;
    expect(a.body.equals(b.body)).toBe(true);
    expect(a.headers['x-webhook-id']).not.toBe(b.headers['x-webhook-id']);
  });

  it('retries a 500 with the same signed bytes once mock.clock.advance() passes the first delay', async () => {
    await subscribe('/flaky', ['customer.created']);
    receiver.answer = () => (receiver.received.length === 1 ? 500 : 200);
    await createCustomer();
    await mock.webhooks.settled();

    const [first] = mock.webhooks.deliveries;
    expect(first).toMatchObject({ attempt: 1, status: 500, outcome: 'retry_scheduled' });
    expect(ms(first.nextAttemptAt) - ms(first.at)).toBe(WEBHOOK_RETRY_DELAYS_MS[0]);
    expect(mock.webhooks.scheduled).toEqual([expect.objectContaining({ id: first.id, attempt: 2, dueAt: first.nextAttemptAt })]);

    mock.clock.set(ms(first.nextAttemptAt) - 1000);
    await mock.webhooks.flush();
    expect(receiver.received).toHaveLength(1);

    mock.clock.advance({ seconds: 1 });
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(2);
    const [original, retry] = receiver.received;
    expect(retry.body.equals(original.body)).toBe(true);
    expect(retry.headers['x-signature']).toBe(original.headers['x-signature']);
    expect(retry.headers['x-webhook-id']).toBe(original.headers['x-webhook-id']);
    expect(retry.headers['x-webhook-attempt']).toBe('2');
    expect(mock.webhooks.deliveries[1]).toMatchObject({ id: first.id, attempt: 2, status: 200, outcome: 'delivered' });
    expect(mock.webhooks.scheduled).toEqual([]);
  });

  it(`tries ${WEBHOOK_MAX_ATTEMPTS} times, waiting 1 min, 5 min, 30 min, 2 h and 6 h, then gives up`, async () => {
    await subscribe('/down', ['customer.created']);
    receiver.answer = () => 503;
    await createCustomer();
    await mock.webhooks.settled();
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
      mock.clock.advance({ seconds: delay / 1000 });
      await mock.webhooks.settled();
    }
    const attempts = mock.webhooks.deliveries;
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(attempts.map((a) => a.outcome)).toEqual([
      'retry_scheduled',
      'retry_scheduled',
      'retry_scheduled',
      'retry_scheduled',
      'retry_scheduled',
      'failed',
    ]);
    expect(attempts.slice(0, -1).map((a) => ms(a.nextAttemptAt) - ms(a.at))).toEqual([...WEBHOOK_RETRY_DELAYS_MS]);
    for (const [i, a] of attempts.slice(1).entries()) expect(ms(a.at)).toBeGreaterThanOrEqual(ms(attempts[i].nextAttemptAt));
    expect(attempts.at(-1)!.nextAttemptAt).toBeNull();
    expect(mock.webhooks.scheduled).toEqual([]);

    mock.clock.advance({ days: 2 });
    await mock.webhooks.flush();
    expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
  });

  it('records an unreachable URL as an attempt with an error and no status, and retries it', async () => {
    await acs.webhooks.subscribe({ url: await closedPortUrl(), events: ['customer.created'], secret });
    const customer = await createCustomer();
    expect(customer.id).toMatch(/^cus/);
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: null,
        outcome: 'retry_scheduled',
        error: expect.stringMatching(/ECONNREFUSED|fetch failed/),
      }),
    ]);
  });

  it('answers the API call while the receiver has not answered yet', async () => {
    await subscribe('/slow', ['customer.created']);
    receiver.hold();
    const customer = await createCustomer();
    expect(customer.name).toBe('Kedai Runcit Ah Seng');
    await expect.poll(() => receiver.open).toBe(1);
    expect(mock.webhooks.deliveries).toEqual([]);
    receiver.release();
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries).toEqual([expect.objectContaining({ status: 200 })]);
  });

  it('delivers to one subscription in event order, one request at a time', async () => {
    await subscribe('/ordered', ['customer.created']);
    receiver.hold();
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createCustomer(`Customer ${i}`));
    await expect.poll(() => receiver.open).toBe(1);
    receiver.release();
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => JSON.parse(r.body.toString()).data.id)).toEqual(created.map((c) => c.id));
    expect(receiver.maxConcurrent).toBe(1);
  });

  it('drops a waiting retry when its subscription is deleted or paused', async () => {
    const deleted = await subscribe('/deleted', ['customer.created']);
    const paused = await subscribe('/paused', ['customer.created']);
    receiver.answer = () => 500;
    await createCustomer();
    await mock.webhooks.settled();
    expect(mock.webhooks.scheduled).toHaveLength(2);

    await acs.webhooks.delete(deleted.id);
    await acs.webhooks.update(paused.id, { active: false });
    mock.clock.advance({ minutes: 1 });
    await mock.webhooks.settled();
    expect(receiver.received).toHaveLength(2);
    expect(mock.webhooks.scheduled).toEqual([]);
  });

  it('mock.reset() clears the journal and the waiting retries', async () => {
    await subscribe('/reset', ['customer.created']);
    receiver.answer = () => 500;
    await createCustomer();
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries).toHaveLength(1);

    mock.reset();
    expect(mock.webhooks.deliveries).toEqual([]);
    expect(mock.webhooks.scheduled).toEqual([]);
    mock.clock.advance({ hours: 1 });
    await mock.webhooks.flush();
    expect(receiver.received).toHaveLength(1);
  });

  it('delivers events published on the bus, with their own data', async () => {
    await subscribe('/reports', ['report.generated']);
    const event = mock.events.publish({
      event: 'report.generated',
      companyId: mock.credentials.companyId,
      data: { reportId: 'rpt_1', type: 'profit_and_loss' },
    });
    await mock.webhooks.settled();
    expect(JSON.parse(receiver.received[0].body.toString())).toEqual({
      id: event.id,
      event: 'report.generated',
      timestamp: event.timestamp,
      companyId: mock.credentials.companyId,
      data: { reportId: 'rpt_1', type: 'profit_and_loss' },
    });
  });
});
