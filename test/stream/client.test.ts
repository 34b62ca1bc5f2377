import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamEvents, streamReports } from '../../src/contract/platform/stream.js';
import { AcsClient, ConfigurationError, InvalidArgumentError } from '../../src/index.js';
import { EventQueue } from '../../src/stream/event-queue.js';
import {
  AcsStream,
  DEFAULT_RECONNECT,
  reconnectDelay,
  StreamClosedError,
  StreamProtocolError,
  streamUrlOf,
  type AcsStreamOptions,
  type WebSocketLike,
} from '../../src/stream/index.js';
import { until } from './helpers.js';

/** A scripted WebSocket: the test opens it, feeds it server messages and drops it. */
class FakeSocket implements WebSocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  /** The server's side of auth and subscribe. */
  handshake(lastEventId = 'evt_0000000000'): void {
    this.open();
    this.receive({ type: 'authenticated', companyId: 'cmp_1' });
    this.receive({ type: 'subscribed', channels: ['customer.created'], filters: {}, lastEventId });
  }
  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

const TOKEN = 'svc_test_sk_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const streams: Pick<AcsStream, 'close'>[] = [];
function stream(options: Partial<AcsStreamOptions> = {}): AcsStream<'customer.created'> {
  const made = new AcsStream({
    url: 'wss://api.example.com/v1/stream',
    token: TOKEN,
    companyId: 'cmp_1',
    channels: ['customer.created'],
    WebSocket: FakeSocket,
    reconnect: { initialDelayMs: 1, maxDelayMs: 4 },
    ...options,
  }) as AcsStream<'customer.created'>;
  streams.push(made);
  return made;
}
const socketNumber = async (n: number) => {
  await until(() => FakeSocket.made.length >= n, `socket ${n}`);
  return FakeSocket.made[n - 1];
};
const event = (eventId: string) => ({
  type: 'event',
  channel: 'customer.created',
  data: { id: 'cus_1' },
  meta: { companyId: 'cmp_1', timestamp: '2026-11-02T09:00:00Z', eventId },
});

afterEach(() => {
  for (const s of streams.splice(0)) s.close();
  FakeSocket.made.length = 0;
  vi.restoreAllMocks();
});

describe('the handshake', () => {
  it('sends auth first, then subscribe once authenticated; the token never goes in the URL', async () => {
    stream({ filters: { 'customer.created': { type: ['business'] } } });
    const socket = await socketNumber(1);
    expect(socket.url).toBe('wss://api.example.com/v1/stream');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: TOKEN, companyId: 'cmp_1' }]);
    socket.receive({ type: 'authenticated', companyId: 'cmp_1' });
    expect(socket.sent[1]).toEqual({
      type: 'subscribe',
      channels: ['customer.created'],
      filters: { 'customer.created': { type: ['business'] } },
    });
  });

  it('asks the token function before every connection, so a refreshed token is used', async () => {
    const tokens = ['token-1', 'token-2'];
    stream({ token: async () => tokens.shift() });
    (await socketNumber(1)).open();
    expect(FakeSocket.made[0].sent[0]).toMatchObject({ token: 'token-1' });
    FakeSocket.made[0].drop();
    (await socketNumber(2)).open();
    expect(FakeSocket.made[1].sent[0]).toMatchObject({ token: 'token-2' });
  });

  it('resumes after the last event seen, or the position the subscribed ack gave', async () => {
    const s = stream();
    (await socketNumber(1)).handshake('evt_0000000007');
    expect(s.lastEventId).toBe('evt_0000000007');
    FakeSocket.made[0].drop();
    const second = await socketNumber(2);
    second.handshake('evt_0000000009');
    expect(second.sent[1]).toMatchObject({ type: 'subscribe', lastEventId: 'evt_0000000007' });
    second.receive(event('evt_0000000008'));
    expect(s.lastEventId).toBe('evt_0000000008');
    second.drop();
    (await socketNumber(3)).open();
    FakeSocket.made[2].receive({ type: 'authenticated', companyId: 'cmp_1' });
    expect(FakeSocket.made[2].sent[1]).toMatchObject({ lastEventId: 'evt_0000000008' });
  });
});

describe('reconnecting', () => {
  it('waits with exponential backoff and jitter between failed attempts, and starts over once open', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = stream({ reconnect: { initialDelayMs: 2, maxDelayMs: 8 } });
    const delays: number[] = [];
    s.on('reconnect', (info) => delays.push(info.delayMs));
    for (let n = 1; n <= 4; n++) (await socketNumber(n)).drop();
    (await socketNumber(5)).handshake();
    FakeSocket.made[4].drop();
    await socketNumber(6);
    expect(delays).toEqual([2, 4, 8, 8, 2]);
  });

  it('computes min(max, initial * 2^(attempt-1)) minus up to a quarter', () => {
    const options = { ...DEFAULT_RECONNECT };
    expect([1, 2, 3, 6, 7, 12].map((n) => reconnectDelay(n, options, () => 0))).toEqual([500, 1000, 2000, 16_000, 30_000, 30_000]);
    expect(reconnectDelay(3, options, () => 1)).toBe(1500);
  });

  it('does not reconnect after a fatal close code, and ends with StreamClosedError', async () => {
    const s = stream();
    const reconnects: unknown[] = [];
    s.on('reconnect', (info) => reconnects.push(info));
    (await socketNumber(1)).open();
    FakeSocket.made[0].drop(4403, 'forbidden: this credential has no access to company cmp_1');
    await expect(s.ready()).rejects.toMatchObject({ name: 'StreamClosedError', closeCode: 4403, code: 'FORBIDDEN' });
    expect(reconnects).toEqual([]);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('ends at the first drop when reconnect is false', async () => {
    const s = stream({ reconnect: false });
    (await socketNumber(1)).handshake();
    FakeSocket.made[0].drop(1011, 'internal error');
    const error = await s.ready().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamClosedError);
    expect((error as StreamClosedError).message).toBe('The stream connection ended (1011: internal error) and reconnect is off');
  });
});

describe('messages from the server', () => {
  it('reports a message that is not the protocol as StreamProtocolError and carries on', async () => {
    const s = stream();
    const errors: unknown[] = [];
    const seen: string[] = [];
    s.on('error', (error) => errors.push(error));
    s.on('customer.created', (e) => seen.push(e.meta.eventId));
    const socket = await socketNumber(1);
    socket.handshake();
    socket.receive('not json');
    socket.receive({ type: 'gossip' });
    socket.receive({ type: 'event', channel: 'customer.created', data: {} });
    socket.receive(event('evt_0000000001'));
    expect(errors).toHaveLength(3);
    expect(errors.every((e) => e instanceof StreamProtocolError)).toBe(true);
    expect(seen).toEqual(['evt_0000000001']);
    expect(s.state).toBe('open');
  });

  it('emits resume_failed and replayed as the server reports them', async () => {
    const s = stream();
    const reports: unknown[] = [];
    s.on('resume_failed', (info) => reports.push(info));
    s.on('replayed', (info) => reports.push(info));
    const socket = await socketNumber(1);
    socket.handshake();
    socket.receive({ type: 'resume_failed', lastEventId: 'evt_1', oldestEventId: 'evt_5', message: 'gone' });
    socket.receive({ type: 'replayed', lastEventId: 'evt_1', count: 2 });
    expect(reports).toEqual([
      { lastEventId: 'evt_1', oldestEventId: 'evt_5', message: 'gone' },
      { lastEventId: 'evt_1', count: 2 },
    ]);
  });
});

describe('options', () => {
  it('refuses unknown channels, stray filters and a heartbeat that cannot work, before connecting', () => {
    expect(() => stream({ channels: ['invoice.deleted'] })).toThrow(InvalidArgumentError);
    expect(() => stream({ channels: [] })).toThrow('Give at least one channel');
    expect(() => stream({ filters: { 'invoice.sent': { status: ['sent'] } } })).toThrow(
      'filters name invoice.sent, which is not among the channels',
    );
    expect(() => stream({ filters: { 'customer.created': { type: [] } } })).toThrow(
      'filters.customer.created.type must be a non-empty array of values',
    );
    expect(() => stream({ heartbeat: { intervalMs: 100, timeoutMs: 100 } })).toThrow(/timeoutMs must be larger/);
    expect(() => stream({ url: 'https://api.example.com/v1/stream' })).toThrow('The stream URL must use ws: or wss:, got https:');
    expect(() => stream({ kind: 'reports', channels: ['invoice.created'] })).toThrow(/for \/v1\/reports\/stream/);
    expect(FakeSocket.made).toHaveLength(0);
  });

  it('derives wss from https and ws from http, below the business base', () => {
    expect(streamUrlOf('https://sandbox.acs.example.com/v1', '/stream')).toBe('wss://sandbox.acs.example.com/v1/stream');
    expect(streamUrlOf('http://127.0.0.1:4010/api/v1/', '/reports/stream')).toBe('ws://127.0.0.1:4010/api/v1/reports/stream');
  });

  it('AcsClient carries both stream methods with their declarations, and needs a credential and a company', () => {
    const acs = new AcsClient({ apiKey: TOKEN, companyId: 'cmp_1' });
    expect(acs.stream.endpoint).toEqual({ id: streamEvents.id, kind: streamEvents.kind, path: streamEvents.path });
    expect(acs.reportStream.endpoint).toEqual({ id: streamReports.id, kind: streamReports.kind, path: streamReports.path });
    expect(Object.keys(acs.streams())).toEqual(['stream', 'reportStream']);
    const s = acs.stream({ channels: ['invoice.created'], connect: false });
    expect(s.url).toBe('wss://sandbox.acs.example.com/v1/stream');
    expect(s.companyId).toBe('cmp_1');
    expect(() => new AcsClient({ apiKey: TOKEN }).stream({ channels: ['invoice.created'] })).toThrow(ConfigurationError);
    vi.stubEnv('ACS_API_KEY', '');
    expect(() => new AcsClient({ companyId: 'cmp_1' }).stream({ channels: ['invoice.created'] })).toThrow(ConfigurationError);
    vi.unstubAllEnvs();
  });

  it('masks a key that reaches an error message', () => {
    const error = new StreamClosedError({ closeCode: 4401, reason: `authentication failed for ${TOKEN}` });
    expect(error.message).not.toContain(TOKEN);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });
});

describe('close()', () => {
  it('closes the socket, stops reconnecting and is idempotent', async () => {
    const s = stream();
    const closes: unknown[] = [];
    s.on('close', (info) => closes.push(info));
    (await socketNumber(1)).handshake();
    s.close();
    s.close();
    expect(FakeSocket.made[0].closedWith).toEqual({ code: 1000, reason: 'closed by the client' });
    FakeSocket.made[0].drop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeSocket.made).toHaveLength(1);
    expect(closes).toEqual([{ code: 1000, reason: 'closed by the client' }]);
  });

  it('closing during the reconnect wait stops the next attempt', async () => {
    const s = stream({ reconnect: { initialDelayMs: 30, maxDelayMs: 30 } });
    (await socketNumber(1)).drop();
    expect(s.state).toBe('reconnecting');
    s.close();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(FakeSocket.made).toHaveLength(1);
  });
});

describe('EventQueue (for await)', () => {
  it('hands out what was queued before ending, and throws a failure after what was queued', async () => {
    const ended = new EventQueue<number>(() => {});
    ended.push(1);
    ended.push(2);
    ended.end();
    const seen: number[] = [];
    for await (const n of ended) seen.push(n);
    expect(seen).toEqual([1, 2]);

    const failed = new EventQueue<number>(() => {});
    failed.push(1);
    failed.fail(new Error('gone'));
    expect(await failed.next()).toEqual({ value: 1, done: false });
    await expect(failed.next()).rejects.toThrow('gone');
    expect(await failed.next()).toEqual({ value: undefined, done: true });
  });

  it('wakes a waiting loop and calls onReturn when the loop is left', async () => {
    let returned = 0;
    const queue = new EventQueue<number>(() => returned++);
    const next = queue.next();
    queue.push(7);
    expect(await next).toEqual({ value: 7, done: false });
    await queue.return();
    expect(returned).toBe(1);
    queue.push(8);
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });
});

describe('acs-sdk/stream', () => {
  it('loads no Node built-in and no zod at run time: its own files, core errors, the zod-free channel list, eventemitter3 and (lazily) isomorphic-ws', () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (url: URL) => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      // Statements only: doc comments show imports of the package by its name.
      const source = readFileSync(url, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      const specifiers = [
        ...[...source.matchAll(/(?:import|export)(?!\s+type\b)[^'";]*?from\s+'([^']+)'/g)].map((m) => m[1]),
        ...[...source.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]),
      ];
      for (const specifier of specifiers) {
        if (/^\.\.?\//.test(specifier)) visit(new URL(specifier.replace(/\.js$/, '.ts'), url));
        else packages.add(specifier);
      }
    };
    visit(new URL('../../src/stream/index.ts', import.meta.url));
    expect([...packages].sort()).toEqual(['eventemitter3', 'isomorphic-ws']);
    const files = [...seen].map((href) => href.replace(/^.*\/src\//, ''));
    expect(files).toEqual(
      expect.arrayContaining(['stream/stream.ts', 'stream/socket.ts', 'core/errors.ts', 'contract/platform/stream-channels.ts']),
    );
    for (const file of files)
      expect(file).toMatch(/^(stream\/|core\/errors\.ts$|internal\/redact\.ts$|contract\/platform\/stream-channels\.ts$)/);
  });
});
