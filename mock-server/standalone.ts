import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { handleControl, type ControlOptions } from './controls.js';
import { CorsPolicy, isLoopback } from './http/cors.js';
import { internalErrorResponse } from './http/fetch.js';
import { answerNow } from './http/handle.js';
import { fromNodeRequest, nodeHeaders, writeNodeResponse } from './http/node.js';
import { openApiResponse } from './http/openapi.js';
import type { HeaderReader, MockRequest, MockResponse } from './kernel/request.js';
import { createMockService } from './index.js';
import { createStreamUpgradeHook, type StreamUpgradeHook } from './http/stream-node.js';
import { MAX_UPLOAD_BYTES } from './kernel/body.js';
import { maskPath } from './kernel/mask.js';
import type { MockCredentials, MockService, MockServiceOptions } from './service.js';

export { isLoopback, isLoopbackOrigin } from './http/cors.js';

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
  /**
   * Browser origins allowed to call the server beside the loopback ones (`http://localhost:*`,
   * `http://127.0.0.1:*`, `http://[::1]:*`), as `scheme://host[:port]`; `'*'` allows any origin.
   */
  cors?: readonly string[];
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

/** Only a WebSocket upgrade is one: `Upgrade: h2c` (curl --http2) and the like are served as plain requests. */
const isWebSocketUpgrade = (req: IncomingMessage) => /(^|,)\s*websocket\s*(,|$)/i.test(req.headers.upgrade ?? '');

/**
 * Serves the mock on a real port with node:http (no WHATWG objects per request), with the
 * `/__mock` controls beside the API, CORS for browser apps on a dev server, and a hook for WebSocket upgrades.
 */
export async function startMockServer(options: StartMockServerOptions = {}): Promise<RunningMockServer> {
  const {
    port = 4010,
    host = '127.0.0.1',
    log,
    onUpgrade,
    cors,
    createService = createMockService,
    controlToken: tokenOption,
    ...serviceOptions
  } = options;
  const corsPolicy = new CorsPolicy(cors);
  // The streams are served on the same port unless the caller brings its own upgrade handling.
  const streamHook: StreamUpgradeHook | null = onUpgrade ? null : createStreamUpgradeHook();
  const upgrade: UpgradeHook = onUpgrade ?? streamHook!;
  const controlToken = tokenOption !== undefined ? tokenOption : isLoopback(host) ? null : globalThis.crypto.randomUUID();
  let mock: MockService | undefined;

  const server = createServer(
    { shouldUpgradeCallback: isWebSocketUpgrade },
    requestListener({ cors: corsPolicy, log, controlToken, mock: () => mock }),
  );
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node before shouldUpgradeCallback (22.21, 24.9) brings every Upgrade here: serve the others as plain requests.
    if (!isWebSocketUpgrade(req)) return serveUpgradeAsRequest(server, req, socket, head);
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

  const origin = `http://${urlHost(host)}:${(server.address() as AddressInfo).port}`;
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
      // After the last answer: the data folder's lock is released (MOCK-31).
      mock?.close();
    },
  };
}

interface ListenerOptions {
  cors: CorsPolicy;
  log: ((line: string) => void) | undefined;
  controlToken: string | null;
  /** The service, once built (a request before that gets 503). */
  mock: () => MockService | undefined;
}

/** Each request: a CORS preflight, a control or the API; CORS headers for an allowed origin; the log line. */
function requestListener({ cors, log, controlToken, mock }: ListenerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  // Not async: the common path adds no promise of its own (the standalone server's throughput depends on it).
  function answer(req: IncomingMessage, headers: HeaderReader, allowed: string | null): MockResponse | Promise<MockResponse> {
    if (req.method === 'OPTIONS' && allowed && headers.get('access-control-request-method') !== null) {
      return { status: 204, headers: CorsPolicy.preflight(allowed, headers.get('access-control-request-headers') ?? undefined), body: '' };
    }
    const service = mock();
    if (!service) return { status: 503, headers: { 'Retry-After': '1' }, body: '' };
    // A page of another origin must not drive the controls, even with a request CORS lets through unread.
    const origin = headers.get('origin');
    const options = origin !== null && !allowed && !ownPage(origin, headers) ? foreign : plain;
    // Read up to the upload limit; the router refuses a JSON body over MAX_BODY_BYTES itself.
    const request = fromNodeRequest(req, MAX_UPLOAD_BYTES, headers);
    return request instanceof Promise ? request.then((r) => route(r, service, options)) : route(request, service, options);
  }
  // The dashboard served by this host (MOCK-37) calls it from its own origin; the token still guards it.
  const ownPage = (origin: string, headers: HeaderReader) => controlToken !== null && origin === `http://${headers.get('host')}`;
  const plain: ControlOptions = { token: controlToken, foreignPage: false };
  const foreign: ControlOptions = { token: controlToken, foreignPage: true };
  const route = (request: MockRequest, service: MockService, options: ControlOptions) =>
    openApiResponse(request, service.credentials.dataBaseUrl) ??
    handleControl(request, service, options) ??
    answerNow(service.handle, request);
  const failed = (error: unknown): MockResponse => {
    console.error('[acs-mock] could not serve a request', error);
    return internalErrorResponse(error);
  };
  function serve(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    const headers = nodeHeaders(req);
    const allowed = cors.allowOrigin(headers.get('origin') ?? undefined);
    let answered: MockResponse | Promise<MockResponse>;
    try {
      answered = answer(req, headers, allowed);
    } catch (error) {
      answered = failed(error);
    }
    // A ready answer goes out in the request's own tick; one still waited for (a body, a delay), when it comes.
    if (answered instanceof Promise)
      void answered.then(
        (response) => finish(req, res, response, allowed, started),
        (error: unknown) => finish(req, res, failed(error), allowed, started),
      );
    else finish(req, res, answered, allowed, started);
  }
  function finish(req: IncomingMessage, res: ServerResponse, response: MockResponse, allowed: string | null, started: number): void {
    if (allowed && !response.headers['Access-Control-Allow-Origin']) Object.assign(response.headers, CorsPolicy.headers(allowed));
    writeNodeResponse(res, response);
    if (log) {
      // Spec document 1, API key rule 4: a key in a path (a mistyped URL) never reaches the log; nor does the query.
      const path = maskPath(req.url ?? '/');
      const status = response.networkError ? 'dropped' : String(response.status);
      log(`${req.method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`);
    }
  }
  return serve;
}

const HOP_BY_HOP = new Set(['upgrade', 'connection', 'http2-settings']);

/**
 * Hands an upgrade request back to the HTTP parser without its upgrade headers, so that it is served as
 * a plain request (for Node versions whose server has no shouldUpgradeCallback).
 */
export function serveUpgradeAsRequest(server: Server, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  let text = `${req.method} ${req.url} HTTP/1.1\r\n`;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(req.rawHeaders[i].toLowerCase())) text += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`;
  }
  socket.unshift(Buffer.concat([Buffer.from(`${text}\r\n`, 'latin1'), head]));
  server.emit('connection', socket);
}

/** A host as it goes in a URL: a wildcard bind is reached on loopback, IPv6 in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
