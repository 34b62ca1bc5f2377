import { beforeEach, describe, expect, it } from 'vitest';
import { createMockService, DomainEventBus, StreamHub, type MockService } from '../../mock-server/index.js';
import { findCompany } from '../../mock-server/domain/platform/index.js';
import { issueApiKey } from '../../mock-server/seed/platform.js';
import { burst, RecordingTransport, until } from './helpers.js';

// The stream protocol as the mock speaks it, on a recording transport: no socket, no timing.
let mock: MockService;
let companyId: string;
let otherCompanyId: string;

beforeEach(() => {
  mock = createMockService({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
  companyId = mock.credentials.companyId;
  otherCompanyId = mock.credentials.companies[1].id;
});

const send = (session: { receive(text: string): void }, message: unknown) => session.receive(JSON.stringify(message));

function connect(kind: 'events' | 'reports' = 'events', token = mock.credentials.apiKey, company = companyId) {
  const transport = new RecordingTransport();
  const session = mock.stream.open(kind, transport);
  send(session, { type: 'auth', token, companyId: company });
  return { transport, session };
}

function subscribed(message: Record<string, unknown>, kind: 'events' | 'reports' = 'events') {
  const { transport, session } = connect(kind);
  send(session, { type: 'subscribe', ...message });
  return { transport, session };
}

describe('authentication (the first message)', () => {
  it('answers a valid auth message with authenticated and the company', () => {
    const { transport } = connect();
    expect(transport.sent).toEqual([{ type: 'authenticated', companyId }]);
    expect(transport.closed).toBeNull();
    expect(mock.stream.connections).toBe(1);
  });

  it('closes with 4401 when the first message is not auth', () => {
    const transport = new RecordingTransport();
    send(mock.stream.open('events', transport), { type: 'subscribe', channels: ['invoice.created'] });
    expect(transport.closed).toEqual({ code: 4401, reason: 'authentication failed: the first message must be auth, not subscribe' });
    expect(transport.sent).toEqual([]);
    expect(mock.stream.connections).toBe(0);
  });

  it('closes with 4401 and the reason for an unknown key, a live key or a missing token', () => {
    expect(connect('events', 'svc_test_sk_unknown').transport.closed).toEqual({
      code: 4401,
      reason: 'authentication failed: Unknown API key',
    });
    expect(connect('events', mock.credentials.liveApiKey!).transport.closed?.reason).toMatch(
      /^authentication failed: This is the sandbox: it takes test keys/,
    );
    const transport = new RecordingTransport();
    send(mock.stream.open('events', transport), { type: 'auth', companyId });
    expect(transport.closed).toEqual({ code: 4401, reason: 'authentication failed: token is required' });
  });

  it('closes with 4422 for an unknown company and 4403 for a company the key may not use', () => {
    expect(connect('events', mock.credentials.apiKey, 'cmp_missing').transport.closed).toEqual({
      code: 4422,
      reason: 'invalid company: no company with id cmp_missing',
    });
    expect(connect('events', mock.credentials.readOnlyApiKey, otherCompanyId).transport.closed).toEqual({
      code: 4403,
      reason: `forbidden: this credential has no access to company ${otherCompanyId}`,
    });
  });

  it('closes with 4400 for a frame that is not a JSON object, before or after auth', () => {
    const before = new RecordingTransport();
    mock.stream.open('events', before).receive('{not json');
    expect(before.closed).toEqual({ code: 4400, reason: 'malformed message: not JSON' });

    const { transport, session } = connect();
    session.receive('[1,2]');
    expect(transport.closed).toEqual({ code: 4400, reason: 'malformed message: expected a JSON object with a string "type"' });
    const binary = connect();
    binary.session.receiveBinary();
    expect(binary.transport.closed?.code).toBe(4400);
  });

  it('closes with 4408 when no auth message comes within the bound', async () => {
    const hub = new StreamHub({
      events: mock.events,
      authenticate: (token) => mock.router.authenticateBearer(token),
      companyExists: (id) => findCompany(mock.store, id) !== undefined,
      authTimeoutMs: 20,
    });
    const transport = new RecordingTransport();
    hub.open('events', transport);
    await until(() => transport.closed !== null, 'the auth timeout');
    expect(transport.closed).toEqual({ code: 4408, reason: 'authentication timeout: no auth message within 20 ms' });
    expect(hub.connections).toBe(0);
  });

  it('never echoes the token in a close reason', () => {
    const token = 'svc_test_sk_thisIsNotAKeyOfTheMock0000000000';
    expect(connect('events', token).transport.closed?.reason).not.toContain(token);
  });
});

describe('subscribe', () => {
  it('acknowledges with the channels, aliases mapped, and the filters in force', () => {
    const { transport } = subscribed({
      channels: ['invoice.updates', 'stock.changes', 'invoice.updated'],
      filters: { 'invoice.updates': { status: ['sent', 'paid'] } },
    });
    expect(transport.ofType('subscribed')).toEqual([
      {
        type: 'subscribed',
        channels: ['invoice.updated', 'stock.updated'],
        filters: { 'invoice.updated': { status: ['sent', 'paid'] } },
        lastEventId: 'evt_0000000000',
      },
    ]);
  });

  it('states the newest event id in the ack, the resume point of a client that has seen no event yet', () => {
    const [, newest] = burst(mock, otherCompanyId, 2);
    const { transport, session } = subscribed({ channels: ['customer.created'] });
    expect(transport.ofType('subscribed')[0].lastEventId).toBe(newest);
    const [mine] = burst(mock, companyId, 1);
    send(session, { type: 'subscribe', channels: ['customer.created'], lastEventId: newest });
    expect(transport.eventIds()).toEqual([mine, mine]);
  });

  it('delivers only subscribed channels of its own company, as { type, channel, data, meta }', () => {
    const { transport } = subscribed({ channels: ['customer.created'] });
    const [mine] = burst(mock, companyId, 1);
    burst(mock, otherCompanyId, 1);
    burst(mock, companyId, 1, 'invoice.created');
    const events = transport.ofType('event');
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      type: 'event',
      channel: 'customer.created',
      data: { n: 0 },
      meta: { companyId, timestamp: expect.stringMatching(/^2026-11-02T09:00:/), eventId: mine },
    });
  });

  it('applies filters to the event data: every field must hold one of its values', () => {
    const { transport } = subscribed({
      channels: ['invoice.updates', 'customer.created'],
      filters: { 'invoice.updates': { status: ['sent', 'paid'], 'customer.id': ['cus_1'] } },
    });
    mock.events.publish({ event: 'invoice.updated', companyId, data: { status: 'draft', customer: { id: 'cus_1' } } });
    const sent = mock.events.publish({ event: 'invoice.updated', companyId, data: { status: 'sent', customer: { id: 'cus_1' } } });
    mock.events.publish({ event: 'invoice.updated', companyId, data: { status: 'paid', customer: { id: 'cus_2' } } });
    mock.events.publish({ event: 'invoice.updated', companyId, data: { status: 'paid' } });
    const customer = mock.events.publish({ event: 'customer.created', companyId, data: { status: 'whatever' } });
    expect(transport.eventIds()).toEqual([sent.id, customer.id]);
  });

  it('matches an array field when any element is one of the values', () => {
    const { transport } = subscribed({ channels: ['customer.created'], filters: { 'customer.created': { tags: ['vip'] } } });
    mock.events.publish({ event: 'customer.created', companyId, data: { tags: ['retail'] } });
    const vip = mock.events.publish({ event: 'customer.created', companyId, data: { tags: ['retail', 'vip'] } });
    expect(transport.eventIds()).toEqual([vip.id]);
  });

  it('refuses an unknown channel with VALIDATION_ERROR and keeps the previous subscription', () => {
    const { transport, session } = subscribed({ channels: ['customer.created'] });
    send(session, { type: 'subscribe', channels: ['customer.created', 'invoice.deleted'] });
    const [error] = transport.ofType('error');
    expect(error).toMatchObject({ type: 'error', code: 'VALIDATION_ERROR', request: 'subscribe' });
    expect(error.message).toBe('subscribe: unknown channel: invoice.deleted');
    expect(error.details).toEqual([expect.objectContaining({ field: 'channels[1]', value: 'invoice.deleted', code: 'INVALID_CHOICE' })]);
    expect(transport.closed).toBeNull();
    const [id] = burst(mock, companyId, 1);
    expect(transport.eventIds()).toEqual([id]);
  });

  it('refuses filters on a channel that is not subscribed, and a channel the other stream carries', () => {
    const { transport, session } = connect();
    send(session, { type: 'subscribe', channels: ['invoice.created'], filters: { 'invoice.sent': { status: ['sent'] } } });
    send(session, { type: 'subscribe', channels: ['kpi.updates'] });
    send(session, { type: 'subscribe', channels: [] });
    const errors = transport.ofType('error').map((e) => e.message);
    expect(errors[0]).toBe('subscribe: filters name invoice.sent, which is not a subscribed channel');
    expect(errors[1]).toBe('subscribe: channel kpi.updates is not carried by /v1/stream: kpi.updates');
    expect(errors[2]).toMatch(/^subscribe: /);
    expect(transport.ofType('subscribed')).toEqual([]);
  });

  it('refuses a channel whose read scope the credential lacks, with required_scope and current_scopes', () => {
    const key = issueApiKey(mock.store, { name: 'Invoices only', mode: 'test', companyIds: [companyId], scopes: ['read:invoices'] });
    const { transport, session } = connect('events', key.secret);
    send(session, { type: 'subscribe', channels: ['invoice.created', 'customer.created'] });
    expect(transport.ofType('error')).toEqual([
      {
        type: 'error',
        code: 'FORBIDDEN',
        message: 'This credential lacks the scope read:customers that channel customer.created needs',
        details: [{ channel: 'customer.created', required_scope: 'read:customers', current_scopes: ['read:invoices'] }],
        request: 'subscribe',
      },
    ]);
    send(session, { type: 'subscribe', channels: ['invoice.created'] });
    expect(transport.ofType('subscribed')).toHaveLength(1);
  });

  it('answers another auth, an unknown type and a bad ping with error, and stays open', () => {
    const { transport, session } = connect();
    send(session, { type: 'auth', token: mock.credentials.apiKey, companyId });
    send(session, { type: 'unsubscribe' });
    send(session, { type: 'ping', id: 7 });
    expect(transport.ofType('error').map((e) => [e.code, e.request])).toEqual([
      ['INVALID_REQUEST', 'auth'],
      ['INVALID_REQUEST', 'unsubscribe'],
      ['VALIDATION_ERROR', 'ping'],
    ]);
    expect(transport.closed).toBeNull();
  });
});

describe('ping', () => {
  it('answers ping with pong and the same id', () => {
    const { transport, session } = connect();
    send(session, { type: 'ping', id: 'p1' });
    send(session, { type: 'ping' });
    expect(transport.ofType('pong')).toEqual([{ type: 'pong', id: 'p1' }, { type: 'pong' }]);
  });
});

describe('resume', () => {
  it('replays the events after lastEventId that match, then says replayed with the count', () => {
    const ids = burst(mock, companyId, 5);
    burst(mock, otherCompanyId, 2);
    mock.events.publish({ event: 'invoice.created', companyId, data: {} });
    const { transport } = subscribed({ channels: ['customer.created'], lastEventId: ids[1] });
    expect(transport.sent.map((m) => m.type)).toEqual(['authenticated', 'subscribed', 'event', 'event', 'event', 'replayed']);
    expect(transport.eventIds()).toEqual(ids.slice(2));
    expect(transport.ofType('replayed')).toEqual([{ type: 'replayed', lastEventId: ids[1], count: 3 }]);
  });

  it('says resume_failed, replaying nothing, when the buffer no longer reaches back to lastEventId', () => {
    const small = new DomainEventBus(mock.store, mock.clock, [], 3);
    const hub = new StreamHub({
      events: small,
      authenticate: (token) => mock.router.authenticateBearer(token),
      companyExists: (id) => findCompany(mock.store, id) !== undefined,
    });
    const published = Array.from({ length: 6 }, (_, n) => small.publish({ event: 'customer.created', companyId, data: { n } }).id);
    const transport = new RecordingTransport();
    const session = hub.open('events', transport);
    send(session, { type: 'auth', token: mock.credentials.apiKey, companyId });
    send(session, { type: 'subscribe', channels: ['customer.created'], lastEventId: published[1] });
    expect(transport.ofType('resume_failed')).toEqual([
      {
        type: 'resume_failed',
        lastEventId: published[1],
        oldestEventId: published[3],
        message: `events after ${published[1]} are no longer buffered (the server keeps the last 3)`,
      },
    ]);
    expect(transport.ofType('event')).toEqual([]);
    // Right at the edge of the buffer, nothing is lost.
    send(session, { type: 'subscribe', channels: ['customer.created'], lastEventId: published[2] });
    expect(transport.eventIds()).toEqual(published.slice(3));
  });

  it('says resume_failed for an id this server never issued, and after reset() cleared the history', () => {
    // The second event is wiped by reset(): resuming after the first cannot be complete.
    const [id] = burst(mock, companyId, 2);
    const future = subscribed({ channels: ['customer.created'], lastEventId: 'evt_0000009999' }).transport;
    expect(future.ofType('resume_failed')[0].message).toBe('evt_0000009999 was not issued by this server');
    mock.reset();
    burst(mock, companyId, 1);
    const afterReset = subscribed({ channels: ['customer.created'], lastEventId: id }).transport;
    expect(afterReset.ofType('resume_failed')).toHaveLength(1);
  });

  it('refuses a lastEventId that is not an event id', () => {
    const { transport } = subscribed({ channels: ['customer.created'], lastEventId: 'yesterday' });
    expect(transport.ofType('error')[0]).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'subscribe: yesterday is not an event id of this stream (meta.eventId)',
    });
    expect(transport.ofType('subscribed')).toEqual([]);
  });
});

describe('report stream', () => {
  it('carries report.generated (alias report.completed) and kpi.updates, filtered by reportTypes', () => {
    const { transport } = subscribed(
      { channels: ['kpi.updates', 'report.completed'], filters: { reportTypes: ['profit_loss'] } },
      'reports',
    );
    expect(transport.ofType('subscribed')[0]).toEqual({
      type: 'subscribed',
      channels: ['kpi.updates', 'report.generated'],
      filters: { 'kpi.updates': { reportType: ['profit_loss'] }, 'report.generated': { reportType: ['profit_loss'] } },
      lastEventId: 'evt_0000000000',
    });
    mock.events.publish({ event: 'report.generated', companyId, data: { reportType: 'balance_sheet' } });
    const pl = mock.events.publish({ event: 'report.generated', companyId, data: { reportType: 'profit_loss' } });
    const kpi = mock.events.publish({ event: 'kpi.updates', companyId, data: { kpi: 'revenue', value: 10, reportType: 'profit_loss' } });
    expect(transport.eventIds()).toEqual([pl.id, kpi.id]);
  });

  it('refuses reportTypes on the event stream, where it is not a channel', () => {
    const { transport } = subscribed({ channels: ['report.generated'], filters: { reportTypes: ['profit_loss'] } });
    expect(transport.ofType('error')[0].message).toBe('subscribe: filters name reportTypes, which is not a subscribed channel');
  });
});

describe('faults', () => {
  it('drop({ afterEvents }) cuts the connection right after that many more events', () => {
    const { transport } = subscribed({ channels: ['customer.created'] });
    expect(mock.stream.drop({ afterEvents: 3 })).toBe(1);
    const ids = burst(mock, companyId, 6);
    expect(transport.eventIds()).toEqual(ids.slice(0, 3));
    expect(transport.terminated).toBe(true);
    expect(transport.closed).toBeNull();
    expect(mock.stream.connections).toBe(0);
  });

  it('stall() leaves the connection open but silent: no events, no pongs', () => {
    const { transport, session } = subscribed({ channels: ['customer.created'] });
    mock.stream.stall();
    burst(mock, companyId, 2);
    send(session, { type: 'ping' });
    expect(transport.sent.map((m) => m.type)).toEqual(['authenticated', 'subscribed']);
    expect(transport.closed).toBeNull();
    expect(mock.stream.connections).toBe(1);
    session.ended();
    expect(mock.stream.connections).toBe(0);
  });

  it('refuses a negative afterEvents', () => {
    expect(() => mock.stream.drop({ afterEvents: -1 })).toThrow('mock.stream.drop() takes afterEvents as an integer >= 0, got -1');
  });
});
