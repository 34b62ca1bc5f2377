import WebSocketPackage from 'isomorphic-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../mock-server/node.js';
import type { AcsClient } from '../../src/index.js';
import { StreamClosedError, type AcsStream, type WebSocketConstructor } from '../../src/stream/index.js';
import { clientFor } from '../support/sandbox.js';
import { burst, once, until } from './helpers.js';

// The same protocol across a real port: startMockServer serves the streams on its HTTP port with `ws`.
let running: RunningMockServer;
let acs: AcsClient;
let companyId: string;
const fast = { reconnect: { initialDelayMs: 5, maxDelayMs: 20 } } as const;
const open: Pick<AcsStream, 'close'>[] = [];
const track = <S extends Pick<AcsStream, 'close'>>(stream: S): S => {
  open.push(stream);
  return stream;
};

beforeAll(async () => {
  running = await startMockServer({ port: 0, seed: 'demo' });
  ({ companyId } = running.credentials);
  acs = clientFor(running);
});
afterEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await until(() => running.mock.stream.connections === 0, 'every connection to close');
  running.mock.reset();
});
afterAll(() => running.close());

/** A bare `ws` client: what the server answers, frame by frame, with no SDK in between. */
function rawSocket(
  path = '/v1/stream',
): Promise<{ socket: WebSocketPackage; messages: Record<string, unknown>[]; closed: Promise<{ code: number; reason: string }> }> {
  const socket = new WebSocketPackage(`${running.origin.replace('http', 'ws')}${path}`);
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('error', reject);
  });
}

describe('the stream on the standalone server', () => {
  it('closes a bad auth message with 4401 and a reason the client can read', async () => {
    const { socket, closed } = await rawSocket();
    socket.send(JSON.stringify({ type: 'auth', token: 'svc_test_sk_nobody', companyId }));
    expect(await closed).toEqual({ code: 4401, reason: 'authentication failed: Unknown API key' });

    const malformed = await rawSocket();
    malformed.socket.send('hello');
    expect(await malformed.closed).toEqual({ code: 4400, reason: 'malformed message: not JSON' });
  });

  it('answers the protocol on /v1/reports/stream and /api/v1/stream, and 404 elsewhere', async () => {
    for (const path of ['/v1/reports/stream', '/api/v1/stream']) {
      const { socket, messages } = await rawSocket(path);
      socket.send(JSON.stringify({ type: 'auth', token: running.credentials.apiKey, companyId }));
      await until(() => messages.length === 1, 'authenticated');
      expect(messages[0]).toEqual({ type: 'authenticated', companyId });
      socket.close();
    }
    await expect(rawSocket('/v1/elsewhere')).rejects.toThrow('Unexpected server response: 404');
  });

  it('delivers filtered events from writes made over HTTP', async () => {
    const stream = track(acs.stream({ channels: ['customer.created'], filters: { 'customer.created': { type: ['individual'] } } }));
    const names: string[] = [];
    stream.on('customer.created', (event) => names.push(event.data.name));
    await stream.ready();
    await acs.customers.create({ name: 'Business Sdn Bhd', email: 'ap@business.my', type: 'business' });
    const person = await acs.customers.create({ name: 'Aminah Binti Ali', email: 'aminah@example.my', type: 'individual' });
    await until(() => names.length === 1, 'the individual customer');
    expect(names).toEqual([person.name]);
  });

  for (const [name, WebSocket] of [
    ['the runtime WebSocket', undefined],
    ['the ws package (isomorphic-ws)', WebSocketPackage as WebSocketConstructor],
  ] as const) {
    it(`with ${name}: a drop in the middle of a burst loses nothing and repeats nothing`, async () => {
      const stream = track(acs.stream({ channels: ['customer.created'], WebSocket, ...fast }));
      const seen: string[] = [];
      stream.on('customer.created', (event) => seen.push(event.meta.eventId));
      await stream.ready();
      running.mock.stream.drop({ afterEvents: 11 });
      const ids = burst(running.mock, companyId, 40);
      const reconnect = await once<{ code: number }>(stream, 'reconnect');
      expect(reconnect.code).toBe(1006);
      await until(() => seen.length >= 40, 'all 40 events');
      expect(seen).toEqual(ids);
    });
  }

  it('notices a stalled connection across the port and resumes', async () => {
    const stream = track(acs.stream({ channels: ['customer.created'], heartbeat: { intervalMs: 20, timeoutMs: 100 }, ...fast }));
    const seen: string[] = [];
    stream.on('customer.created', (event) => seen.push(event.meta.eventId));
    await stream.ready();
    running.mock.stream.stall();
    const ids = burst(running.mock, companyId, 3);
    expect((await once<{ reason: string }>(stream, 'reconnect')).reason).toBe('no message or pong within 100 ms');
    await until(() => seen.length === 3, 'the replay');
    expect(seen).toEqual(ids);
  });
});

describe('server shutdown', () => {
  it('closes streams with 1001; the client retries and gives up after maxAttempts', async () => {
    const own = await startMockServer({ port: 0, seed: 'empty' });
    const client = clientFor(own);
    const stream = client.stream({ channels: ['customer.created'], reconnect: { initialDelayMs: 5, maxDelayMs: 10, maxAttempts: 2 } });
    const reconnects: { attempt: number; code: number }[] = [];
    stream.on('reconnect', (info) => reconnects.push(info));
    await stream.ready();
    const closed = once<{ code: number; error?: StreamClosedError }>(stream, 'close');
    await own.close();
    const info = await closed;
    expect(reconnects[0]).toMatchObject({ attempt: 1, code: 1001 });
    expect(reconnects.map((r) => r.attempt)).toEqual([1, 2]);
    expect(info.error).toBeInstanceOf(StreamClosedError);
    expect(info.error!.message).toMatch(/^The stream could not reconnect after 2 attempts/);
  });
});
