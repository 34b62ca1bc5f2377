import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AcsStream, StreamClosedError, type WebSocketLike } from '../../src/stream/index.js';
import { until } from './helpers.js';

// AcsStream loads its engine (sockets, protocol, ready(), for await) with import() at first use. The
// first tests of this file run before it is loaded (each test file has its own module registry).

class FakeSocket implements WebSocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
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
  close(): void {
    this.readyState = 3;
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const options = {
  url: 'wss://api.example.com/v1/stream',
  token: 'svc_test_sk_x',
  companyId: 'cmp_1',
  channels: ['customer.created'],
  WebSocket: FakeSocket,
};

describe('before the engine is loaded', () => {
  it('close() right after the constructor ends the stream at once: no socket, ready() rejects, a loop ends', async () => {
    const stream = new AcsStream(options);
    const closes: unknown[] = [];
    stream.on('close', (info) => closes.push(info));
    const loop = stream[Symbol.asyncIterator]();
    stream.close();
    expect(stream.state).toBe('closed');
    expect(closes).toEqual([{ code: 1000, reason: 'closed by the client' }]);
    await expect(stream.ready()).rejects.toBeInstanceOf(StreamClosedError);
    expect(await loop.next()).toEqual({ value: undefined, done: true });
    expect(FakeSocket.made).toHaveLength(0);
  });

  it('a loop and ready() begun before the engine arrived see the stream open and its first event', async () => {
    FakeSocket.made.length = 0;
    const stream = new AcsStream(options);
    const loop = stream[Symbol.asyncIterator]();
    const ready = stream.ready();
    await until(() => FakeSocket.made.length === 1, 'the socket');
    const socket = FakeSocket.made[0];
    socket.readyState = 1;
    socket.onopen?.({});
    socket.receive({ type: 'authenticated', companyId: 'cmp_1' });
    socket.receive({ type: 'subscribed', channels: ['customer.created'], filters: {}, lastEventId: 'evt_0000000000' });
    await ready;
    socket.receive({
      type: 'event',
      channel: 'customer.created',
      data: {},
      meta: { companyId: 'cmp_1', timestamp: '2026-11-02T09:00:00Z', eventId: 'evt_0000000001' },
    });
    expect((await loop.next()).value).toMatchObject({ meta: { eventId: 'evt_0000000001' } });
    await loop.return!();
    expect(stream.state).toBe('closed');
  });
});

describe('the split', () => {
  it('AcsClient loads no socket, protocol or queue code statically: only import() reaches it', () => {
    const seen = new Set<string>();
    const visit = (url: URL) => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      const source = readFileSync(url, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      // Static value imports only: type imports are erased, dynamic ones become a chunk of their own.
      for (const match of source.matchAll(/^(?:import|export)(?!\s+type\b)[^'";]*?from\s+'(\.[^']+)'/gm)) {
        visit(new URL(match[1].replace(/\.js$/, '.ts'), url));
      }
    };
    visit(new URL('../../src/stream/method.ts', import.meta.url));
    const files = [...seen].map((href) => href.replace(/^.*\/src\//, ''));
    expect(files).toContain('stream/stream.ts');
    for (const lazy of ['engine', 'connection', 'awaiting', 'event-queue', 'socket', 'backoff'])
      expect(files).not.toContain(`stream/${lazy}.ts`);
  });
});
