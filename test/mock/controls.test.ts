import { readFileSync } from 'node:fs';
import WebSocketPackage from 'isomorphic-ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTROLS } from '../../mock-server/control-table.js';
import { CONTROL_ROUTES } from '../../mock-server/controls.js';
import { startMockServer, type RunningMockServer } from '../../mock-server/standalone.js';
import { AcsClient } from '../../src/index.js';
import type { Json } from '../support/json.js';
import { TestReceiver } from '../webhooks/receiver.js';

// Everything a test in another language needs, over HTTP under /__mock (MOCK-21).
let running: RunningMockServer;
let acs: AcsClient;
let receiver: TestReceiver;

interface Reply {
  status: number;
  body: Json;
}

async function control(method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${running.origin}/__mock${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
const data = async (method: string, path: string, body?: unknown) => {
  const reply = await control(method, path, body);
  if (reply.status >= 300) throw new Error(`${method} /__mock${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data;
};

beforeAll(async () => {
  running = await startMockServer({ port: 0 });
  receiver = await TestReceiver.start();
  acs = new AcsClient({
    apiKey: running.credentials.apiKey,
    companyId: running.credentials.companyId,
    baseUrl: running.credentials.baseUrl,
    maxRetries: 0,
  });
});
afterAll(async () => {
  await running.close();
  await receiver.close();
});
beforeEach(async () => {
  await data('POST', '/reset');
  receiver.clear();
  receiver.answer = () => 200;
});

let serial = 0;
const newCustomer = () => acs.customers.create({ name: `Control Test ${++serial} Sdn Bhd`, email: `ct${serial}@example.my` });

describe('the /__mock controls', () => {
  it('GET /__mock/outbox lists the messages the mock "sent"', async () => {
    expect(await data('GET', '/outbox')).toEqual([]);
    const customer = await newCustomer();
    const quote = await acs.quotes.create({
      customerId: customer.id,
      title: 'Shelving',
      items: [{ description: 'Shelf', quantity: 1, unitPrice: 100, taxCode: 'SST10' }],
    });
    await acs.quotes.send(quote.id);
    expect(await data('GET', '/outbox')).toEqual([expect.objectContaining({ kind: 'quote', documentId: quote.id, to: [customer.email] })]);
    await data('POST', '/reset');
    expect(await data('GET', '/outbox')).toEqual([]);
  });

  it('GET /__mock/webhooks/deliveries shows the journal; POST /__mock/webhooks/faults fails the next N deliveries', async () => {
    await acs.webhooks.subscribe({ url: `${receiver.url}/hook`, events: ['customer.created'], secret: 'whsec_controls_test_000001' });
    await newCustomer();
    await data('POST', '/webhooks/flush');
    expect(await data('GET', '/webhooks/deliveries')).toEqual([
      expect.objectContaining({ event: 'customer.created', attempt: 1, status: 200, outcome: 'delivered' }),
    ]);

    expect(await control('POST', '/webhooks/faults', { times: 2, status: 503 })).toMatchObject({
      status: 201,
      body: { data: { remaining: 2, status: 503 } },
    });
    expect(await data('GET', '/webhooks/faults')).toEqual([{ remaining: 2, status: 503 }]);
    await newCustomer();
    await data('POST', '/webhooks/flush');
    await data('POST', '/clock/advance', { minutes: 2 });
    await data('POST', '/webhooks/flush');
    await data('POST', '/clock/advance', { minutes: 6 });
    const flushed = await data('POST', '/webhooks/flush');
    const attempts = (await data('GET', '/webhooks/deliveries')).slice(1);
    expect(attempts.map((a: { attempt: number; status: number; outcome: string }) => [a.attempt, a.status, a.outcome])).toEqual([
      [1, 503, 'retry_scheduled'],
      [2, 503, 'retry_scheduled'],
      [3, 200, 'delivered'],
    ]);
    expect(flushed).toEqual({ deliveries: 4, scheduled: 0 });
    // Only the real attempts reached the receiver.
    expect(receiver.received).toHaveLength(2);

    await data('POST', '/webhooks/faults', {});
    await newCustomer();
    await data('POST', '/webhooks/flush');
    expect((await data('GET', '/webhooks/deliveries')).at(-1)).toMatchObject({
      status: null,
      error: expect.stringContaining('ECONNREFUSED'),
      outcome: 'retry_scheduled',
    });
    expect(await data('GET', '/webhooks/scheduled')).toHaveLength(1);
    await data('POST', '/webhooks/faults', { times: 3 });
    expect(await data('DELETE', '/webhooks/faults')).toEqual({ cleared: 1 });
  });

  it('POST /__mock/stream/drop and /stall fault the open stream connections; GET /__mock/stream counts them', async () => {
    const socket = new WebSocketPackage(`${running.origin.replace('http', 'ws')}/v1/stream`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    expect(await data('GET', '/stream')).toEqual({ connections: 1 });
    expect(await data('POST', '/stream/stall', { afterEvents: 5 })).toEqual({ armed: 1 });
    expect(await data('POST', '/stream/drop')).toEqual({ armed: 1 });
    expect(await closed).toBe(1006);
    expect(await data('GET', '/stream')).toEqual({ connections: 0 });
  });

  it('POST /__mock/sign-in gives a seeded user an access token for the data-management API (AUD-4)', async () => {
    const { dataBaseUrl, companyId } = running.credentials;
    const { accessToken } = await data('POST', '/sign-in', { user: 'aisyah@tanjungtrading.com.my' });
    const reply = await fetch(`${dataBaseUrl}/core2/tnt/dm/erp/audit-trails/backoffice-ep`, {
      headers: { authorization: `Bearer ${accessToken}`, 'x-tenant-code': companyId },
    });
    expect(reply.status).toBe(200);
    expect((await control('POST', '/sign-in', { user: 'nobody@example.com' })).body.error.code).toBe('USER_NOT_FOUND');
  });

  it('POST /__mock/faults with times: null arms a fault until DELETE', async () => {
    expect(await control('POST', '/faults', { status: 503, times: null, path: '/v1/company' })).toMatchObject({
      status: 201,
      body: { data: { remaining: null } },
    });
    for (let i = 0; i < 3; i++) expect((await fetch(`${running.url}/company`)).status).toBe(503);
    expect(await data('DELETE', '/faults')).toEqual({ cleared: 1 });
  });

  it('POST /__mock/reset disarms webhook faults and forgets the journal', async () => {
    await data('POST', '/webhooks/faults', { times: 5 });
    await data('POST', '/reset');
    expect(await data('GET', '/webhooks/faults')).toEqual([]);
    expect(await data('GET', '/webhooks/deliveries')).toEqual([]);
  });

  it.each([
    ['/clock/advance', { days: 1e308 }, 'days'],
    ['/clock/advance', { hours: -1e308 }, 'hours'],
    ['/clock/advance', { minutes: 1e20 }, 'minutes'],
    ['/clock/advance', { seconds: 1e300 }, 'seconds'],
    ['/clock/advance', { days: '1' }, 'days'],
    ['/faults', { status: 503, times: 1e308 }, 'times'],
    ['/faults', { status: 503, times: 0 }, 'times'],
    ['/faults', { status: 503, times: 1.5 }, 'times'],
    ['/faults', { status: 1e308 }, 'status'],
    ['/faults', { status: 503, delayMs: 1e308 }, 'delayMs'],
    ['/webhooks/faults', { times: 1e308 }, 'times'],
    ['/webhooks/faults', { times: 0 }, 'times'],
    ['/webhooks/faults', { status: 200 }, 'status'],
    ['/webhooks/faults', { status: 1e308 }, 'status'],
    ['/stream/drop', { afterEvents: 1e308 }, 'afterEvents'],
    ['/stream/drop', { afterEvents: -1 }, 'afterEvents'],
    ['/stream/stall', { afterEvents: 0.5 }, 'afterEvents'],
  ])('POST /__mock%s refuses %j with 422 in the error envelope', async (path, body, field) => {
    const reply = await control('POST', path, body);
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({
      success: false,
      error: { code: 'VALIDATION_ERROR', details: [{ field }], requestId: expect.stringMatching(/^req_/) },
    });
    expect(await data('GET', '/faults')).toEqual([]);
    expect(await data('GET', '/webhooks/faults')).toEqual([]);
  });

  it('refuses a control body that is not JSON (400) or over 1 MB (413)', async () => {
    expect((await control('POST', '/clock/advance', '{days:')).status).toBe(400);
    const huge = await control('POST', '/webhooks/faults', JSON.stringify({ pad: 'x'.repeat(1_100_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a control body nested deeper than 64 levels before parsing it, as the API does', async () => {
    const deep = await control('POST', '/faults', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(deep.status).toBe(400);
    expect(deep.body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ field: 'body', code: 'MAX_VALUE', constraint: { maxDepth: 64 } }],
    });
  });

  it('GET /__mock is the index of every control, made from the table of controls', async () => {
    const index = await data('GET', '');
    expect(index.map((c: Json) => `${c.method} ${c.path}`)).toEqual(CONTROL_ROUTES);
    expect(index.map((c: Json) => c.does)).toEqual(Object.values(CONTROLS).map((c) => c.does));
    expect(index.every((c: Json) => typeof c.does === 'string' && c.does.length > 10 && !c.does.includes('\n'))).toBe(true);
    const page = await fetch(`${running.origin}/__mock`, { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(CONTROL_ROUTES.filter((route) => !html.includes(`<code>${route.split(' ')[1]}</code>`))).toEqual([]);
    expect((await fetch(`${running.origin}/__mock/`, { headers: { Accept: '*/*' } })).headers.get('content-type')).toBe('application/json');
  });

  it('the testing guide lists every control', () => {
    const guide = readFileSync(new URL('../../docs/guides/testing-with-the-mock.md', import.meta.url), 'utf8');
    expect(CONTROL_ROUTES.length).toBe(31);
    expect(CONTROL_ROUTES.filter((route) => !guide.includes(`${route}\``))).toEqual([]);
  });
});
