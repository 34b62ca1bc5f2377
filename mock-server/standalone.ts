import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { CONTROL_TOKEN_HEADER, handleControl } from './controls.js';
import { fromNodeRequest, writeNodeResponse } from './http/node.js';
import type { MockResponse } from './kernel/request.js';
import { createMockService } from './index.js';
import { createStreamUpgradeHook, type StreamUpgradeHook } from './http/stream-node.js';
import { MAX_BODY_BYTES } from './kernel/router.js';
import type { MockCredentials, MockService, MockServiceOptions } from './service.js';

/** Where a WebSocket upgrade goes; by default the streams (`/v1/stream`, `/v1/reports/stream`). */
export type UpgradeHook = (req: IncomingMessage, socket: Duplex, head: Buffer, mock: MockService) => void;

export interface StartMockServerOptions extends Omit<MockServiceOptions, 'baseUrl' | 'dataBaseUrl' | 'authUrl'> {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Receives one line per request (`GET /v1/accounts 200 0.8ms`); never the key or the query. */
  log?: (line: string) => void;
  /** Token the `/__mock` controls require; default: none on a loopback host, a random one otherwise. */
  controlToken?: string | null;
  /** Default: the WebSocket streams of the mock on the same port (`ws://host:port/v1/stream`). */
  onUpgrade?: UpgradeHook;
  /** Builds the service (default `createMockService`); tests pass their own domain. */
  createService?: (options: MockServiceOptions) => MockService;
}

export interface RunningMockServer {
  /** Business API base, `http://host:port/v1`. */
  url: string;
  /** `http://host:port`: the data-management (`/core2`) and OAuth (`/oauth`) base. */
  origin: string;
  credentials: MockCredentials;
  mock: MockService;
  /** Needed in `X-Mock-Control-Token` by the `/__mock` controls; null when they are open (loopback). */
  controlToken: string | null;
  server: Server;
  close(): Promise<void>;
}

// Browsers may call the standalone server from another origin (a dev server), so it answers CORS.
const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'X-Request-ID, X-Response-Time, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Idempotent-Replayed, Allow',
};
const PREFLIGHT: Record<string, string> = {
  ...CORS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
  'Access-Control-Allow-Headers': `Authorization, Content-Type, X-Company-Id, X-Request-ID, X-API-Version, Idempotency-Key, ${CONTROL_TOKEN_HEADER}`,
  'Access-Control-Max-Age': '600',
};

export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/**
 * Serves the mock on a real port with node:http (no WHATWG objects per request), with the
 * `/__mock` controls beside the API and a hook for WebSocket upgrades.
 */
export async function startMockServer(options: StartMockServerOptions = {}): Promise<RunningMockServer> {
  const { port = 4010, host = '127.0.0.1', log, onUpgrade, createService = createMockService, controlToken: tokenOption, ...serviceOptions } = options;
  // The streams are served on the same port unless the caller brings its own upgrade handling.
  const streamHook: StreamUpgradeHook | null = onUpgrade ? null : createStreamUpgradeHook();
  const upgrade: UpgradeHook = onUpgrade ?? streamHook!;
  const controlToken = tokenOption !== undefined ? tokenOption : isLoopback(host) ? null : globalThis.crypto.randomUUID();
  let mock: MockService | undefined;

  const server = createServer((req, res) => {
    void serve(req, res);
  });
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    let response: MockResponse;
    try {
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        response = { status: 204, headers: { ...PREFLIGHT }, body: '' };
      } else if (!mock) {
        response = { status: 503, headers: { 'Retry-After': '1' }, body: '' };
      } else {
        const request = await fromNodeRequest(req, MAX_BODY_BYTES);
        response = handleControl(request, mock, { token: controlToken }) ?? (await mock.handle(request));
        Object.assign(response.headers, CORS);
      }
    } catch (error) {
      console.error('[acs-mock] could not serve a request', error);
      response = { status: 500, headers: { 'Content-Type': 'text/plain' }, body: 'acs-mock: internal error' };
    }
    writeNodeResponse(res, response);
    if (log) {
      const path = (req.url ?? '/').split('?')[0];
      const status = response.networkError ? 'dropped' : String(response.status);
      log(`${req.method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`);
    }
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (mock) return upgrade(req, socket, head, mock);
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const address = server.address() as AddressInfo;
  const origin = `http://${urlHost(host)}:${address.port}`;
  try {
    mock = createService({ ...serviceOptions, baseUrl: `${origin}/v1`, dataBaseUrl: origin, authUrl: origin });
  } catch (error) {
    void streamHook?.close();
    server.close();
    throw error;
  }

  return {
    url: `${origin}/v1`,
    origin,
    credentials: mock.credentials,
    mock,
    controlToken,
    server,
    close: async () => {
      await streamHook?.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/** A host as it goes in a URL: a wildcard bind is reached on loopback, IPv6 in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
