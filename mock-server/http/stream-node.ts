import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { MockService } from '../service.js';
import { streamUrls } from './stream-urls.js';
import type { StreamKind } from '../../src/contract/platform/stream-channels.js';
import type { StreamTransport } from '../events/stream-session.js';

/** Largest client frame accepted; protocol messages are small JSON objects. */
const MAX_PAYLOAD_BYTES = 64 * 1024;
/** The standalone server pings every connection this often and drops one that missed the previous pong. */
export const SERVER_PING_INTERVAL_MS = 30_000;
const CLOSE_GRACE_MS = 1000;

/** A `startMockServer` upgrade hook: serves `/v1/stream` and `/v1/reports/stream` on the server's port. */
export interface StreamUpgradeHook {
  (req: IncomingMessage, socket: Duplex, head: Buffer, mock: MockService): void;
  /** Closes every connection with 1001 (going away), cuts those that do not answer, stops the timer. */
  close(): Promise<void>;
}

/**
 * Serves the stream protocol over the `ws` package on a real port, with the same `StreamSession`
 * the in-process msw link uses. Protocol pings detect clients that vanished without a close.
 */
export function createStreamUpgradeHook(): StreamUpgradeHook {
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  const alive = new WeakSet<WebSocket>();
  const pinger = setInterval(() => {
    for (const socket of server.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, SERVER_PING_INTERVAL_MS);
  pinger.unref();

  // The stream paths of each service, worked out on its first upgrade.
  const pathsOf = new WeakMap<MockService, Map<string, StreamKind>>();
  const streamPaths = (mock: MockService): Map<string, StreamKind> => {
    let paths = pathsOf.get(mock);
    if (!paths) {
      paths = new Map(streamUrls(mock.credentials.baseUrl).map(({ kind, url }) => [new URL(url).pathname, kind]));
      pathsOf.set(mock, paths);
    }
    return paths;
  };

  const hook = ((req, socket, head, mock) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const kind = streamPaths(mock).get(pathname);
    if (!kind) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    server.handleUpgrade(req, socket, head, (client) => {
      alive.add(client);
      client.on('pong', () => alive.add(client));
      const transport: StreamTransport = {
        send: (text) => client.send(text),
        close: (code, reason) => client.close(code, reason),
        terminate: () => client.terminate(),
      };
      const session = mock.stream.open(kind, transport);
      client.on('message', (data, isBinary) => {
        alive.add(client);
        if (isBinary) session.receiveBinary();
        else session.receive(String(data));
      });
      client.on('close', () => session.ended());
      // A socket error (a reset) is followed by 'close'; without a listener it would crash the process.
      client.on('error', () => {});
    });
  }) as StreamUpgradeHook;

  hook.close = async () => {
    clearInterval(pinger);
    const open = [...server.clients];
    const closed = Promise.all(open.map((client) => new Promise((resolve) => client.once('close', resolve))));
    for (const client of open) client.close(1001, 'server shutting down');
    // A client that does not answer the closing handshake is cut after a short grace.
    let grace: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([closed, new Promise((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS)))]);
    clearTimeout(grace);
    for (const client of server.clients) client.terminate();
    server.close();
  };
  return hook;
}
