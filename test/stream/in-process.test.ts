import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { issueApiKey } from '../../mock-server/seed/platform.js';
import type { Invoice, Payment } from '../../src/index.js';
import { StreamClosedError, StreamMessageError, type AcsStream, type StreamEvent } from '../../src/stream/index.js';
import { sandbox } from '../support/sandbox.js';
import { burst, once, until } from './helpers.js';

// The SDK's stream against the mock in-process: msw's ws.link answers `new WebSocket('wss://<sandbox>/v1/stream')`.
// The clients are built as in production: the sandbox address and the global fetch, intercepted by msw.
const { mock, acs, client } = sandbox({ seed: 'demo', now: '2026-11-02T09:00:00Z' }, { fetch: undefined });
const server = setupServer(...mock.handlers);
const { companyId } = mock.credentials;
const fast = { reconnect: { initialDelayMs: 5, maxDelayMs: 20 } } as const;

const open: Pick<AcsStream, 'close'>[] = [];
const track = <S extends Pick<AcsStream, 'close'>>(stream: S): S => {
  open.push(stream);
  return stream;
};

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await until(() => mock.stream.connections === 0, 'every connection to close');
  mock.reset();
});
afterAll(() => server.close());

const LINES = [{ description: 'Consulting', quantity: 2, unitPrice: 150, taxCode: 'SVC8' }];

describe('acs.stream() in-process', () => {
  it('receives typed events from real domain writes, each under its channel and as event', async () => {
    const stream = track(acs.stream({ channels: ['customer.created', 'invoice.created', 'payment.received'] }));
    const customers: StreamEvent<'customer.created'>[] = [];
    const invoices: Invoice[] = [];
    const payments: Payment[] = [];
    const all: string[] = [];
    stream.on('customer.created', (event) => customers.push(event));
    stream.on('invoice.created', (event) => invoices.push(event.data));
    stream.on('payment.received', (event) => payments.push(event.data));
    stream.on('event', (event) => all.push(event.channel));
    await stream.ready();

    const customer = await acs.customers.create({ name: 'Stream Buyer Sdn Bhd', email: 'ap@stream.my' });
    const invoice = await acs.invoices.create({ customerId: customer.id, items: LINES });
    await acs.invoices.send(invoice.id);
    await acs.invoices.pay(invoice.id, { amount: 100 });
    await until(() => payments.length === 1, 'the payment event');

    expect(customers.map((e) => e.data.id)).toEqual([customer.id]);
    expect(customers[0].meta).toEqual({ companyId, timestamp: expect.any(String), eventId: expect.stringMatching(/^evt_/) });
    expect(invoices.map((i) => [i.id, i.invoiceNumber, i.status])).toEqual([[invoice.id, invoice.invoiceNumber, 'draft']]);
    expect(payments[0]).toMatchObject({ invoiceId: invoice.id, amount: 100 });
    // invoice.updated and invoice.sent were published too, but not subscribed.
    expect(all).toEqual(['customer.created', 'invoice.created', 'payment.received']);
  });

  it('applies the subscribe filters on the server: invoice.updates with status sent or paid', async () => {
    const stream = track(acs.stream({ channels: ['invoice.updates'], filters: { 'invoice.updates': { status: ['sent', 'paid'] } } }));
    const statuses: string[] = [];
    stream.on('invoice.updated', (event) => statuses.push(event.data.status));
    await stream.ready();
    expect(stream.channels).toEqual(['invoice.updated']);

    const customer = await acs.customers.create({ name: 'Filter Buyer Sdn Bhd', email: 'ap@filter.my' });
    const draft = await acs.invoices.create({ customerId: customer.id, items: LINES });
    await acs.invoices.update(draft.id, { notes: 'still a draft' });
    await acs.invoices.send(draft.id);
    await acs.invoices.pay(draft.id, { amount: draft.total });
    await until(() => statuses.includes('paid'), 'the paid update');
    expect(statuses).toEqual(['sent', 'paid']);
  });

  it('iterates with for await, and leaving the loop closes the stream', async () => {
    const stream = track(acs.stream({ channels: ['customer.created'] }));
    await stream.ready();
    const ids = burst(mock, companyId, 5);
    const seen: string[] = [];
    for await (const event of stream) {
      seen.push(event.meta.eventId);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual(ids.slice(0, 3));
    expect(stream.state).toBe('closed');
    await until(() => mock.stream.connections === 0, 'the socket to close');
  });

  it('a bad key closes with 4401 and its reason; ready() rejects and no reconnect follows', async () => {
    const bad = client({ apiKey: 'svc_test_sk_notAKeyOfThisMock00000000000000' });
    const stream = track(bad.stream({ channels: ['customer.created'], ...fast }));
    const reconnects: unknown[] = [];
    stream.on('reconnect', (info) => reconnects.push(info));
    const closed = once<{ code: number; error?: StreamClosedError }>(stream, 'close');
    const error = await stream.ready().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamClosedError);
    expect(error).toMatchObject({ closeCode: 4401, reason: 'authentication failed: Unknown API key', code: 'UNAUTHORIZED' });
    expect((error as Error).message).not.toContain('notAKeyOfThisMock');
    expect((await closed).code).toBe(4401);
    expect(reconnects).toEqual([]);
    expect(stream.state).toBe('closed');
  });

  it('a subscription the server refuses (scope) ends the stream with that error', async () => {
    const key = issueApiKey(mock.store, { name: 'Invoices only', mode: 'test', companyIds: [companyId], scopes: ['read:invoices'] });
    const limited = client({ apiKey: key.secret });
    const stream = track(limited.stream({ channels: ['customer.created'] }));
    const error = await stream.ready().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamMessageError);
    expect(error).toMatchObject({ code: 'FORBIDDEN', request: 'subscribe' });
  });

  it('reconnects with backoff after a drop in the middle of a burst and receives every event once, in order', async () => {
    const stream = track(acs.stream({ channels: ['customer.created'], ...fast }));
    const seen: string[] = [];
    const reconnects: { attempt: number; code: number }[] = [];
    const replays: { count: number }[] = [];
    const opens: { reconnected: boolean; resumedAfter: string | null }[] = [];
    stream.on('customer.created', (event) => seen.push(event.meta.eventId));
    stream.on('reconnect', (info) => reconnects.push(info));
    stream.on('replayed', (info) => replays.push(info));
    stream.on('open', (info) => opens.push(info));
    await stream.ready();

    mock.stream.drop({ afterEvents: 17 });
    const ids = burst(mock, companyId, 50);
    await until(() => seen.length >= 50, 'all 50 events');
    // A few more after the reconnect arrive live.
    const later = burst(mock, companyId, 3);
    await until(() => seen.length === 53, 'the live events');

    expect(seen).toEqual([...ids, ...later]);
    expect(reconnects).toEqual([expect.objectContaining({ attempt: 1, code: 1006 })]);
    expect(replays).toEqual([{ lastEventId: ids[16], count: 33 }]);
    expect(opens).toEqual([
      { reconnected: false, resumedAfter: null },
      { reconnected: true, resumedAfter: ids[16] },
    ]);
    expect(stream.lastEventId).toBe(later[2]);
  });

  it('notices a silent connection (no message, no pong within the bound) and reconnects, losing nothing', async () => {
    const stream = track(acs.stream({ channels: ['customer.created'], heartbeat: { intervalMs: 20, timeoutMs: 80 }, ...fast }));
    const seen: string[] = [];
    stream.on('customer.created', (event) => seen.push(event.meta.eventId));
    await stream.ready();
    mock.stream.stall({ afterEvents: 2 });
    const ids = burst(mock, companyId, 6);
    const reconnect = await once<{ code: number; reason: string }>(stream, 'reconnect');
    expect(reconnect).toMatchObject({ code: 1006, reason: 'no message or pong within 80 ms' });
    await until(() => seen.length === 6, 'the replay after the stall');
    expect(seen).toEqual(ids);
  });

  it('keeps a quiet connection whose pings are answered', async () => {
    const stream = track(acs.stream({ channels: ['customer.created'], heartbeat: { intervalMs: 20, timeoutMs: 300 }, ...fast }));
    const reconnects: unknown[] = [];
    stream.on('reconnect', (info) => reconnects.push(info));
    await stream.ready();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(reconnects).toEqual([]);
    expect(stream.state).toBe('open');
  });

  it('close() ends the stream: no reconnect, loops finish, the server sees the socket go', async () => {
    const stream = track(acs.stream({ channels: ['customer.created'], ...fast }));
    await stream.ready();
    expect(mock.stream.connections).toBe(1);
    const loop = (async () => {
      const seen: string[] = [];
      for await (const event of stream) seen.push(event.meta.eventId);
      return seen;
    })();
    const [first] = burst(mock, companyId, 1);
    await until(() => stream.lastEventId === first, 'the first event');
    const closed = once<{ code: number; error?: unknown }>(stream, 'close');
    stream.close();
    stream.close();
    expect(await loop).toEqual([first]);
    expect(await closed).toEqual({ code: 1000, reason: 'closed by the client' });
    await until(() => mock.stream.connections === 0, 'the server side to close');
    burst(mock, companyId, 1);
    expect(stream.state).toBe('closed');
    await expect(stream.ready()).rejects.toBeInstanceOf(StreamClosedError);
  });

  it('resumes after a lastEventId given at start (a consumer that restarted)', async () => {
    const ids = burst(mock, companyId, 4);
    const stream = track(acs.stream({ channels: ['customer.created'], lastEventId: ids[1] }));
    const seen: string[] = [];
    stream.on('customer.created', (event) => seen.push(event.meta.eventId));
    await once(stream, 'replayed');
    expect(seen).toEqual(ids.slice(2));
  });

  it('follows the company of withCompany()', async () => {
    const other = mock.credentials.companies[1].id;
    const stream = track(acs.withCompany(other).stream({ channels: ['customer.created'] }));
    const seen: string[] = [];
    stream.on('event', (event) => seen.push(event.meta.companyId));
    await stream.ready();
    burst(mock, companyId, 1);
    const [theirs] = burst(mock, other, 1);
    await until(() => stream.lastEventId === theirs, 'the other company event');
    expect(seen).toEqual([other]);
  });

  it('acs.reportStream() serves /v1/reports/stream with reportTypes', async () => {
    const stream = track(acs.reportStream({ channels: ['report.completed', 'kpi.updates'], filters: { reportTypes: ['profit_loss'] } }));
    expect(stream.url).toBe('wss://sandbox.acs.example.com/v1/reports/stream');
    const types: string[] = [];
    stream.on('report.generated', (event) => types.push(event.data.reportType));
    stream.on('kpi.updates', (event) => types.push(`kpi:${event.data.kpi}`));
    await stream.ready();
    mock.events.publish({ event: 'report.generated', companyId, data: { reportId: 'rpt_1', reportType: 'balance_sheet' } });
    mock.events.publish({ event: 'report.generated', companyId, data: { reportId: 'rpt_2', reportType: 'profit_loss' } });
    const last = mock.events.publish({ event: 'kpi.updates', companyId, data: { kpi: 'revenue', value: 1200, reportType: 'profit_loss' } });
    await until(() => stream.lastEventId === last.id, 'the KPI update');
    expect(types).toEqual(['profit_loss', 'kpi:revenue']);
  });

  it('types each channel listener by its record', () => {
    const stream = acs.stream({ channels: ['invoice.sent', 'stock.changes'], connect: false });
    stream.on('invoice.sent', (event) => expectTypeOf(event.data).toEqualTypeOf<Invoice>());
    stream.on('stock.updated', (event) => expectTypeOf(event.data.itemId).toEqualTypeOf<string>());
    stream.on('event', (event) => {
      if (event.channel === 'invoice.sent') expectTypeOf(event.data.invoiceNumber).toEqualTypeOf<string>();
    });
    // @ts-expect-error: not a subscribed channel
    stream.on('payment.received', () => {});
    // @ts-expect-error: not a channel of /v1/stream
    const wrongStream = () => acs.stream({ channels: ['kpi.updates'], connect: false });
    expect(wrongStream).toThrow('Unknown channel "kpi.updates" for /v1/stream');
    expect(stream.channels).toEqual(['invoice.sent', 'stock.updated']);
    expect(stream.state).toBe('idle');
  });
});
