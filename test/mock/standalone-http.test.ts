import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveUpgradeAsRequest, startMockServer, type RunningMockServer } from '../../mock-server/standalone.js';

// The standalone server as a browser app on a dev server and plain HTTP tools (curl, HEAD, OPTIONS) see it.
let running: RunningMockServer;
let auth: Record<string, string>;

beforeAll(async () => {
  running = await startMockServer({ port: 0 });
  auth = { Authorization: `Bearer ${running.credentials.apiKey}`, 'X-Company-Id': running.credentials.companyId };
});
afterAll(() => running.close());

const LOOPBACK_ORIGINS = [
  'http://localhost:5173',
  'http://127.0.0.1:3000',
  'http://[::1]:8080',
  'https://localhost:5173',
  'http://localhost',
];
const OTHER_ORIGINS = [
  'http://evil.example',
  'http://localhost.evil.example:5173',
  'http://127.0.0.1.nip.io:5173',
  'null',
  'http://192.168.1.20:5173',
];

const preflight = (url: string, origin: string, headers = 'authorization, content-type, x-company-id, idempotency-key, x-request-id') =>
  fetch(url, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': headers },
  });
const corsHeaders = (response: Response) => [...response.headers].filter(([name]) => name.startsWith('access-control-'));

describe('CORS on the standalone server', () => {
  it.each(LOOPBACK_ORIGINS)('lets a page on %s read answers: its origin echoed, Vary: Origin, no credentials', async (origin) => {
    const response = await fetch(`${running.url}/accounts?limit=1`, { headers: { ...auth, Origin: origin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('vary')).toContain('Origin');
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Request-ID');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('answers a preflight from a loopback origin with 204, the methods and the header names asked for', async () => {
    const response = await preflight(`${running.url}/accounts`, 'http://localhost:5173');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, content-type, x-company-id, idempotency-key, x-request-id',
    );
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    // The controls are reachable from such a page too (the control token header is allowed).
    const control = await preflight(`${running.origin}/__mock/reset`, 'http://127.0.0.1:5173', '');
    expect(control.status).toBe(204);
    expect(control.headers.get('access-control-allow-headers')).toContain('x-mock-control-token');
  });

  it.each(OTHER_ORIGINS)('gives a page on %s no CORS header, so its browser keeps the answer from it', async (origin) => {
    const response = await fetch(`${running.url}/accounts?limit=1`, { headers: { ...auth, Origin: origin } });
    expect(response.status).toBe(200);
    expect(corsHeaders(response)).toEqual([]);
    const refused = await preflight(`${running.url}/accounts`, origin);
    expect(corsHeaders(refused)).toEqual([]);
  });

  it('never puts a request header value in a CORS header: not the Authorization key, not a value passed as a header name', async () => {
    const key = running.credentials.apiKey;
    const response = await fetch(`${running.url}/company`, { headers: { ...auth, Origin: 'http://localhost:5173' } });
    const odd = await preflight(`${running.url}/company`, 'http://localhost:5173', `authorization, Bearer ${key}`);
    for (const [, value] of [...response.headers, ...odd.headers]) expect(value).not.toContain(key);
    expect(odd.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  it('the controls refuse pages of origins outside the policy (403) and answer loopback pages', async () => {
    const foreign = await fetch(`${running.origin}/__mock/clock`, { headers: { Origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe('FORBIDDEN');
    const local = await fetch(`${running.origin}/__mock/clock`, { headers: { Origin: 'http://localhost:5173' } });
    expect(local.status).toBe(200);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('startMockServer({ cors }) (acs-mock --cors) adds origins; * allows any origin, still without credentials', async () => {
    const widened = await startMockServer({ port: 0, seed: 'empty', cors: ['http://192.168.1.20:5173'] });
    const any = await startMockServer({ port: 0, seed: 'empty', cors: ['*'] });
    try {
      const lan = await fetch(`${widened.url}/auth/verify`, { headers: { Origin: 'http://192.168.1.20:5173' } });
      expect(lan.headers.get('access-control-allow-origin')).toBe('http://192.168.1.20:5173');
      const other = await fetch(`${widened.url}/auth/verify`, { headers: { Origin: 'http://192.168.1.21:5173' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      expect(
        (await fetch(`${widened.url}/auth/verify`, { headers: { Origin: 'http://localhost:5173' } })).headers.get(
          'access-control-allow-origin',
        ),
      ).toBe('http://localhost:5173');

      const anywhere = await fetch(`${any.url}/auth/verify`, { headers: { Origin: 'https://app.example.com' } });
      expect(anywhere.headers.get('access-control-allow-origin')).toBe('*');
      const anyPreflight = await preflight(`${any.url}/accounts`, 'https://app.example.com');
      expect(anyPreflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(anyPreflight.headers.get('access-control-allow-credentials')).toBeNull();
    } finally {
      await widened.close();
      await any.close();
    }
  });

  it('refuses to start with a cors entry that is not an origin', async () => {
    await expect(startMockServer({ port: 0, seed: 'empty', cors: ['ftp://files.example'] })).rejects.toThrow(/is not an origin/);
    await expect(startMockServer({ port: 0, seed: 'empty', cors: ['http://app.example/path'] })).rejects.toThrow(/is not an origin/);
  });
});

/** A request with node:http, headers as given (fetch would refuse Upgrade and Connection). */
function rawRequest(
  url: string,
  method: string,
  headers: OutgoingHttpHeaders,
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const H2C = { Connection: 'Upgrade, HTTP2-Settings', Upgrade: 'h2c', 'HTTP2-Settings': 'AAMAAABkAARAAAAAAAIAAAAA' };

describe('HEAD, OPTIONS and Upgrade on the standalone server', () => {
  it('answers HEAD on a GET endpoint as GET without a body, with the length of that body', async () => {
    const get = await rawRequest(`${running.url}/company`, 'GET', auth);
    const head = await rawRequest(`${running.url}/company`, 'HEAD', auth);
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('application/json');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(get.body));
    expect(head.headers['x-request-id']).toMatch(/^req_/);
  });

  it('lists HEAD and OPTIONS in the Allow of a 405', async () => {
    const response = await fetch(`${running.url}/accounts`, { method: 'PUT', headers: auth });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('answers OPTIONS on an API path with 204 and Allow, without credentials; an unknown path is 404', async () => {
    const options = await fetch(`${running.url}/accounts/acc_anything`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
    expect((await fetch(`${running.url}/no-such-thing`, { method: 'OPTIONS' })).status).toBe(404);
  });

  it('serves a request carrying Upgrade: h2c (curl --http2) as a plain request, GET and POST alike', async () => {
    const read = await rawRequest(`${running.url}/company`, 'GET', { ...auth, ...H2C });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body).data.id).toBe(running.credentials.companyId);
    const write = await rawRequest(
      `${running.url}/customers`,
      'POST',
      { ...auth, ...H2C, 'Content-Type': 'application/json' },
      JSON.stringify({ name: 'Upgrade Header Sdn Bhd', email: 'h2c@example.my' }),
    );
    expect(write.status).toBe(201);
    expect(JSON.parse(write.body).data.name).toBe('Upgrade Header Sdn Bhd');
  });

  it('answers curl --http2 as a user types it, where curl is installed', async () => {
    let out: string;
    try {
      // Not execFileSync: the server runs on this event loop.
      ({ stdout: out } = await promisify(execFile)(
        'curl',
        [
          '-s',
          '--http2',
          '-w',
          '\n%{http_code}',
          `${running.url}/company`,
          '-H',
          `Authorization: ${auth.Authorization}`,
          '-H',
          `X-Company-Id: ${auth['X-Company-Id']}`,
        ],
        {
          encoding: 'utf8',
        },
      ));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const [body, status] = out.split('\n');
    expect(status).toBe('200');
    expect(JSON.parse(body).data.id).toBe(running.credentials.companyId);
  });

  it('still hands WebSocket upgrades to the stream, and only those', async () => {
    // No Sec-WebSocket-Key: `ws` answers 400, which shows the stream had it; elsewhere the stream answers 404.
    expect((await rawRequest(`${running.url}/stream`, 'GET', { Connection: 'Upgrade', Upgrade: 'websocket' })).status).toBe(400);
    expect((await rawRequest(`${running.url}/company`, 'GET', { Connection: 'Upgrade', Upgrade: 'websocket' })).status).toBe(404);
  });

  it('serveUpgradeAsRequest (Node without shouldUpgradeCallback) gives an upgrade request back to the HTTP parser', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${body} upgrade=${req.headers.upgrade ?? '-'}`);
        res.end('plain');
      });
    });
    server.on('upgrade', (req, socket, head) => serveUpgradeAsRequest(server, req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/x?y=1`;
      expect(await rawRequest(url, 'POST', H2C, 'a body')).toMatchObject({ status: 200, body: 'plain' });
      expect(seen).toEqual(['POST /v1/x?y=1 a body upgrade=-']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
