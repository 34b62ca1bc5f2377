import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, NotFoundError, PermissionDeniedError, ValidationError, type WebhookSubscription } from '../../src/index.js';
import { MAX_WEBHOOK_SUBSCRIPTIONS } from '../../src/contract/index.js';
import { failureOf, sandbox } from '../support/sandbox.js';

const { mock, acs, readOnlyClient, companyClient } = sandbox({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
const url = 'https://hooks.example.com/acs';
const secret = 'whsec_subscription_tests_0001';

beforeEach(() => mock.reset());

/** The 422's details, for plain assertions on field and code. */
async function refusal(call: PromiseLike<unknown>): Promise<{ field?: string; code?: string }[]> {
  const error = await failureOf(call);
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).details as { field?: string; code?: string }[];
}

const count = async () => (await acs.webhooks.list()).total;

describe('POST /v1/webhooks/subscribe', () => {
  it('answers 201 with the subscription and a generated secret, shown once', async () => {
    const { data: hook, response } = await acs.webhooks.subscribe({ url, events: ['invoice.created', 'payment.received'] }).withResponse();
    expect(response.status).toBe(201);
    expect(hook).toMatchObject({ url, events: ['invoice.created', 'payment.received'], active: true });
    expect(hook.createdAt).toMatch(/^2026-11-02T09:0/);
    expect(hook.id).toMatch(/^whk_/);
    expect(hook.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect((await acs.webhooks.retrieve(hook.id)).secret).toBeUndefined();
    expect((await acs.webhooks.list()).data.map((h) => h.secret)).toEqual([undefined]);
  });

  it('never echoes a secret the caller chose', async () => {
    const hook = await acs.webhooks.subscribe({ url, events: ['customer.created'], secret });
    expect(hook).not.toHaveProperty('secret');
    expect(JSON.stringify(hook)).not.toContain(secret);
  });

  it('generates a different secret for each subscription', async () => {
    const first = await acs.webhooks.subscribe({ url, events: ['customer.created'] });
    const second = await acs.webhooks.subscribe({ url, events: ['customer.created'] });
    expect(first.secret).not.toBe(second.secret);
  });

  it('refuses an unknown event name with INVALID_CHOICE on its position, and stores nothing', async () => {
    const details = await refusal(acs.webhooks.subscribe({ url, events: ['invoice.created', 'invoice.exploded' as never] }));
    expect(details).toEqual([expect.objectContaining({ field: 'events.1', code: 'INVALID_CHOICE', value: 'invoice.exploded' })]);
    expect(await count()).toBe(0);
  });

  it('refuses a URL of 20,000 characters with 422, on subscribe and on update (it once answered 500)', async () => {
    const huge = `https://${'T'.repeat(20_000)}`;
    expect(await refusal(acs.webhooks.subscribe({ url: huge, events: ['bill.paid'] }))).toContainEqual(
      expect.objectContaining({ field: 'url', code: 'MAX_VALUE' }),
    );
    const hook = await acs.webhooks.subscribe({ url, events: ['bill.paid'] });
    expect(await refusal(acs.webhooks.update(hook.id, { url: huge }))).toContainEqual(
      expect.objectContaining({ field: 'url', code: 'MAX_VALUE' }),
    );
    expect((await acs.webhooks.retrieve(hook.id)).url).toBe(url);
  });

  it('refuses no events, a repeated event, a missing url and a short secret', async () => {
    expect(await refusal(acs.webhooks.subscribe({ url, events: [] }))).toEqual([
      expect.objectContaining({ field: 'events', code: 'MIN_VALUE' }),
    ]);
    expect(await refusal(acs.webhooks.subscribe({ url, events: ['bill.paid', 'bill.paid'] }))).toEqual([
      expect.objectContaining({ field: 'events.1', code: 'DUPLICATE_VALUE' }),
    ]);
    expect(await refusal(acs.webhooks.subscribe({ events: ['bill.paid'] } as never))).toEqual([
      expect.objectContaining({ field: 'url', code: 'REQUIRED_FIELD' }),
    ]);
    expect(await refusal(acs.webhooks.subscribe({ url, events: ['bill.paid'], secret: 'short' }))).toEqual([
      expect.objectContaining({ field: 'secret', code: 'MIN_VALUE' }),
    ]);
    expect(await count()).toBe(0);
  });

  it('takes https anywhere and plain http on loopback hosts only', async () => {
    const accepted = [
      'https://hooks.example.com/acs?tenant=7',
      'http://127.0.0.1:8080/hook',
      'http://localhost:3000/hook',
      'http://[::1]:9000/hook',
      'https://localhost/hook',
    ];
    for (const ok of accepted) expect((await acs.webhooks.subscribe({ url: ok, events: ['bill.paid'] })).url).toBe(ok);

    const refused = [
      'http://hooks.example.com/acs',
      'http://127.0.0.2/hook',
      'http://localhost.example.com/hook',
      'ftp://127.0.0.1/hook',
      'not a url',
      '/relative/hook',
      'https://user:pw@hooks.example.com/acs',
    ];
    for (const bad of refused) {
      expect(await refusal(acs.webhooks.subscribe({ url: bad, events: ['bill.paid'] })), bad).toEqual([
        expect.objectContaining({ field: 'url', code: 'INVALID_FORMAT' }),
      ]);
    }
    expect(await count()).toBe(accepted.length);
  });

  it(`refuses a ${MAX_WEBHOOK_SUBSCRIPTIONS + 1}th subscription of one company with BUSINESS_RULE_VIOLATION`, async () => {
    for (let i = 0; i < MAX_WEBHOOK_SUBSCRIPTIONS; i++) await acs.webhooks.subscribe({ url: `${url}/${i}`, events: ['bill.paid'] });
    const error = await failureOf(acs.webhooks.subscribe({ url, events: ['bill.paid'] }));
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect(await count()).toBe(MAX_WEBHOOK_SUBSCRIPTIONS);
  });

  it('needs the admin scope: a read-only key and a key without admin get 403 FORBIDDEN', async () => {
    for (const client of [readOnlyClient(), companyClient(0)]) {
      const error = await failureOf(client.webhooks.subscribe({ url, events: ['bill.paid'] }));
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect((error as PermissionDeniedError).details).toEqual([expect.objectContaining({ required_scope: 'admin' })]);
      expect(await failureOf(client.webhooks.list())).toBeInstanceOf(PermissionDeniedError);
    }
    expect(await count()).toBe(0);
  });
});

describe('GET, PATCH and DELETE /v1/webhooks', () => {
  let invoices: WebhookSubscription;
  let customers: WebhookSubscription;
  beforeEach(async () => {
    invoices = await acs.webhooks.subscribe({ url: `${url}/invoices`, events: ['invoice.created', 'invoice.sent'] });
    customers = await acs.webhooks.subscribe({ url: `${url}/customers`, events: ['customer.created'] });
  });

  it('lists the subscriptions oldest first, filtered by an event they name or by active', async () => {
    expect((await acs.webhooks.list()).data.map((h) => h.id)).toEqual([invoices.id, customers.id]);
    expect((await acs.webhooks.list({ event: 'invoice.sent' })).data.map((h) => h.id)).toEqual([invoices.id]);
    await acs.webhooks.update(customers.id, { active: false });
    expect((await acs.webhooks.list({ active: true })).data.map((h) => h.id)).toEqual([invoices.id]);
  });

  it('pages with a cursor', async () => {
    const first = await acs.webhooks.list({ limit: 1 });
    expect(first.data.map((h) => h.id)).toEqual([invoices.id]);
    const all: string[] = [];
    for await (const hook of acs.webhooks.list({ limit: 1 })) all.push(hook.id);
    expect(all).toEqual([invoices.id, customers.id]);
  });

  it('changes events, url and active, and stamps updatedAt', async () => {
    mock.clock.advance({ minutes: 5 });
    const changed = await acs.webhooks.update(invoices.id, {
      events: ['payment.received'],
      url: 'https://hooks.example.com/v2',
      active: false,
    });
    expect(changed).toMatchObject({
      events: ['payment.received'],
      url: 'https://hooks.example.com/v2',
      active: false,
      createdAt: invoices.createdAt,
    });
    expect(changed.updatedAt > invoices.updatedAt).toBe(true);
    expect(await acs.webhooks.retrieve(invoices.id)).toEqual(changed);
  });

  it('refuses a bad update and leaves the subscription as it was', async () => {
    expect(await refusal(acs.webhooks.update(invoices.id, { url: 'http://hooks.example.com/plain' }))).toEqual([
      expect.objectContaining({ field: 'url', code: 'INVALID_FORMAT' }),
    ]);
    expect(await refusal(acs.webhooks.update(invoices.id, { events: ['nope' as never] }))).toEqual([
      expect.objectContaining({ field: 'events.0', code: 'INVALID_CHOICE' }),
    ]);
    const { secret: _none, ...shown } = invoices;
    expect(await acs.webhooks.retrieve(invoices.id)).toEqual(shown);
  });

  it('deletes a subscription; it is then unknown (404 WEBHOOK_NOT_FOUND)', async () => {
    expect(await acs.webhooks.delete(customers.id)).toEqual({ id: customers.id, deleted: true });
    for (const call of [
      acs.webhooks.retrieve(customers.id),
      acs.webhooks.delete(customers.id),
      acs.webhooks.update(customers.id, { active: true }),
    ]) {
      const error = await failureOf(call);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).code).toBe('WEBHOOK_NOT_FOUND');
    }
    expect((await acs.webhooks.list()).data.map((h) => h.id)).toEqual([invoices.id]);
  });

  it("keeps each company's subscriptions to itself", async () => {
    const other = acs.withCompany(mock.credentials.companies[1].id);
    expect((await other.webhooks.list()).total).toBe(0);
    expect(await failureOf(other.webhooks.retrieve(invoices.id))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(other.webhooks.delete(invoices.id))).toBeInstanceOf(NotFoundError);
    expect(await count()).toBe(2);
  });

  it('mock.reset() restores the seed: no subscriptions, even in a list read just before', async () => {
    expect(await count()).toBe(2);
    mock.reset();
    expect(await count()).toBe(0);
  });
});
