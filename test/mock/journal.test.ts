import { describe, expect, it } from 'vitest';
import { createMockService } from '../../mock-server/index.js';
import { JOURNAL_BODY_CHARS } from '../../mock-server/kernel/journal-capture.js';
import { isAcsError } from '../../src/index.js';
import { clientFor, sandbox } from '../support/sandbox.js';

// The request journal (MOCK-27): every request the service answers, bounded, secrets masked.
const newCustomer = (n: number) => ({ name: `Journal Test ${n} Sdn Bhd`, email: `journal${n}@example.my` });

describe('mock.requests, the request journal', () => {
  it('journals each call with its route template, status, company and credential', async () => {
    const { mock, acs } = sandbox();
    const customer = await acs.customers.create(newCustomer(1));
    await acs.customers.retrieve(customer.id);

    expect(mock.requests.count()).toBe(2);
    expect(mock.requests.count({ method: 'POST', path: '/v1/customers' })).toBe(1);
    expect(mock.requests.count({ method: 'get', path: '/v1/customers/{id}' })).toBe(1);
    expect(mock.requests.count({ path: `/v1/customers/${customer.id}` })).toBe(1);
    expect(mock.requests.count({ path: /^\/v1\/customers\/cus_/ })).toBe(1);
    expect(mock.requests.count({ path: '/customers/{customerId}' })).toBe(1);
    expect(mock.requests.last()).toMatchObject({
      method: 'GET',
      path: `/v1/customers/${customer.id}`,
      route: '/v1/customers/{customerId}',
      endpoint: 'customers.retrieve',
      status: 200,
      companyId: mock.credentials.companyId,
      credential: { kind: 'api_key', name: expect.any(String) },
    });
    expect(mock.requests.find().map((e) => e.method)).toEqual(['POST', 'GET']);
  });

  it('filters by status, a status class, company and time', async () => {
    const { mock, acs } = sandbox();
    await acs.customers.create(newCustomer(2));
    const from = mock.clock.advance({ hours: 1 });
    await acs.customers.retrieve('cus_missing').catch(() => undefined);

    expect(mock.requests.count({ status: 201 })).toBe(1);
    expect(mock.requests.count({ status: '4xx' })).toBe(1);
    expect(mock.requests.count({ company: mock.credentials.companyId })).toBe(2);
    expect(mock.requests.count({ company: 'cmp_other' })).toBe(0);
    expect(mock.requests.find({ since: from }).map((e) => e.status)).toEqual([404]);
    expect(() => mock.requests.find({ since: 'yesterday' })).toThrow(TypeError);
  });

  it('links an SDK error to its entry by request id', async () => {
    const { mock, acs } = sandbox();
    const error = await acs.customers.retrieve('cus_missing').catch((e: unknown) => e);
    if (!isAcsError(error)) throw new Error('expected an ACS error');
    const entry = mock.requests.last({ requestId: error.requestId });
    expect(entry).toMatchObject({ status: 404, requestId: error.requestId });
    expect(entry?.response.headers['x-request-id']).toBe(error.requestId);
  });

  it('lists the records a write changed and the events it emitted', async () => {
    const { mock, acs } = sandbox();
    const customer = await acs.customers.create(newCustomer(3));
    const entry = mock.requests.last({ method: 'POST' })!;
    expect(entry.changes).toContainEqual({ companyId: mock.credentials.companyId, table: 'customers', id: customer.id, op: 'created' });
    expect(entry.events.map((e) => e.event)).toEqual(['customer.created']);
    expect(mock.requests.last({ method: 'GET' })).toBeUndefined();
  });

  it('marks an idempotent replay, which carries the first answer request id', async () => {
    const { mock, acs } = sandbox();
    await acs.customers.create(newCustomer(4), { idempotencyKey: 'journal-replay-1' });
    await acs.customers.create(newCustomer(4), { idempotencyKey: 'journal-replay-1' });
    const [first, replay] = mock.requests.find({ method: 'POST' });
    expect(replay).toMatchObject({ replayed: true, requestId: first.requestId, changes: [], events: [] });
    expect(first.replayed).toBe(false);
  });

  it('keeps no secret: keys, webhook secrets, tokens and passwords are masked', async () => {
    const { mock, acs } = sandbox();
    const secret = 'whsec_journal_secret_0000001';
    await acs.webhooks.subscribe({ url: 'https://example.com/hooks', events: ['customer.created'], secret });
    await mock.fetch(`${mock.credentials.baseUrl}/customers/${mock.credentials.apiKey}`, {
      headers: { Authorization: `Bearer ${mock.credentials.apiKey}`, 'X-Company-Id': mock.credentials.companyId },
    });
    const kept = JSON.stringify(mock.requests.find());
    expect(kept).not.toContain(mock.credentials.apiKey);
    expect(kept).not.toContain(secret);
    expect(mock.requests.last()?.request.headers.authorization).toBe('Bearer [REDACTED]');
  });

  it('masks the secret fields of a form body (an OAuth token request)', async () => {
    const mock = createMockService({ seed: 'empty' });
    await mock.fetch(`${mock.credentials.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=ann&password=hunter2-secret&client_secret=acs_cs_abcdefgh',
    });
    const body = mock.requests.last()!.request.body.text!;
    expect(body).toContain('grant_type=password');
    expect(body).not.toContain('hunter2');
    expect(body).not.toContain('acs_cs_abcdefgh');
  });

  it('cuts a body to a few kB, and keeps the ring to journalSize entries', async () => {
    const mock = createMockService({ seed: 'empty', journalSize: 3 });
    const acs = clientFor(mock, { fetch: mock.fetch, maxRetries: 0 });
    await acs.customers.create({ ...newCustomer(5), notes: 'n'.repeat(20_000) } as never).catch(() => undefined);
    const body = mock.requests.last()!.request.body;
    expect(body.truncated).toBe(true);
    expect(body.size).toBeGreaterThan(20_000);
    expect(body.text!.length).toBeLessThanOrEqual(JOURNAL_BODY_CHARS + 1);
    for (let i = 0; i < 5; i++) await acs.customers.list();
    expect(mock.requests.find().map((e) => e.sequence)).toEqual([4, 5, 6]);
    mock.requests.clear();
    expect(mock.requests.count()).toBe(0);
  });

  it('cuts a long answer to a few kB with its full size, masked once when first read (MOCK-46)', async () => {
    const { mock, acs } = sandbox();
    await acs.customers.list({ limit: 100 });
    const entry = mock.requests.last()!;
    const body = entry.response.body;
    expect(body.truncated).toBe(true);
    expect(body.size).toBeGreaterThan(JOURNAL_BODY_CHARS);
    expect(body.text!.length).toBeLessThanOrEqual(JOURNAL_BODY_CHARS + 1);
    expect(body.text!.startsWith('{')).toBe(true);
    expect(entry.request.headers.authorization).toBe('Bearer [REDACTED]');
    expect(mock.requests.last()).toBe(entry);
    expect(mock.requests.find({ status: 200 }).at(-1)).toBe(entry);
    // Text beyond ASCII comes back as it was answered.
    await acs.customers.create({ name: 'Syarikat Ünïcødé 日本 — Sdn Bhd', phone: '+60312345678' });
    const created = mock.requests.last()!.response.body;
    expect(created.text).toContain('"Syarikat Ünïcødé 日本 — Sdn Bhd"');
    expect(created).toMatchObject({ size: created.text!.length, truncated: false });
  });

  it('journalSize 0 keeps nothing; a size out of bounds is refused', async () => {
    const mock = createMockService({ seed: 'empty', journalSize: 0 });
    await clientFor(mock, { fetch: mock.fetch }).customers.list();
    expect(mock.requests.count()).toBe(0);
    expect(() => createMockService({ journalSize: -1 })).toThrow(/journalSize/);
    expect(() => createMockService({ journalSize: 100_001 })).toThrow(/journalSize/);
    expect(() => createMockService({ journalSize: 1.5 })).toThrow(/journalSize/);
  });

  it('journals a dropped connection with no status, and a request no route matches', async () => {
    const { mock, acs } = sandbox({}, { maxRetries: 0 });
    mock.faults.inject({ error: 'network', path: '/customers' });
    await acs.customers.list().catch(() => undefined);
    await mock.fetch(`${mock.credentials.baseUrl}/nowhere`);
    const [dropped, unknown] = mock.requests.find();
    expect(dropped).toMatchObject({ status: null, route: '/v1/customers' });
    expect(unknown).toMatchObject({ status: 404, route: null, endpoint: null, credential: null });
  });
});
