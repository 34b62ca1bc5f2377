import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../mock-server/standalone.js';
import { auth, json, newWidget, testDomain } from './support/widgets.js';
import { buildMockService } from '../../mock-server/service.js';

describe('standalone server with the real domain', () => {
  let running: RunningMockServer;
  const lines: string[] = [];
  let headers: Record<string, string>;

  beforeAll(async () => {
    running = await startMockServer({ port: 0, seed: 'demo', log: (line) => lines.push(line) });
    headers = { Authorization: `Bearer ${running.credentials.apiKey}`, 'X-Company-Id': running.credentials.companyId };
  });
  afterAll(() => running.close());

  it('serves the API over real HTTP at the printed base URL', async () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(running.credentials.baseUrl).toBe(running.url);
    expect(running.credentials.dataBaseUrl).toBe(running.origin);
    const response = await fetch(`${running.url}/accounts?limit=1`, { headers });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.pagination).toMatchObject({ limit: 1, hasMore: true });
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000');
  });

  it('logs one line per request with method, path, status and time, never the key or query', async () => {
    lines.length = 0;
    // `secret` is no parameter of /company, so the answer is a 400 (PLAT-13); the line still shows no query.
    await fetch(`${running.url}/company?secret=1`, { headers });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/v1\/company 400 \d+(\.\d)?ms$/);
    expect(lines.join('\n')).not.toContain(running.credentials.apiKey);
  });

  it('a key or credential in a mistyped path is logged masked, as the answer masks it (spec document 1, API key rule 4)', async () => {
    const key = running.credentials.apiKey;
    const encoded = key.replace(/_/g, '%5F');
    lines.length = 0;
    for (const segment of [key, encoded, 'shpat_0123456789abcdef']) {
      expect((await fetch(`${running.url}/accounts/${segment}`, { headers })).status).toBe(404);
    }
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/v1\/accounts\/svc_test_sk_\[REDACTED\] 404 /);
    expect(lines[1]).toMatch(/^GET \/v1\/accounts\/\[REDACTED\] 404 /);
    expect(lines[2]).toMatch(/^GET \/v1\/accounts\/shpat_\[REDACTED\] 404 /);
    const log = lines.join('\n');
    for (const secret of [key, key.slice(12), encoded, '0123456789abcdef']) expect(log).not.toContain(secret);
  });

  it('offers the clock, fault and reset controls under /__mock', async () => {
    const control = (path: string, init?: RequestInit) => fetch(`${running.origin}/__mock${path}`, init);
    const before = (await (await control('/clock')).json()).data.now;
    const advanced = await (await control('/clock/advance', { method: 'POST', body: JSON.stringify({ days: 2 }) })).json();
    expect(Date.parse(advanced.data.now) - Date.parse(before)).toBeGreaterThanOrEqual(2 * 86_400_000);
    const refused = await control('/clock/advance', { method: 'POST', body: JSON.stringify({ weeks: 1 }) });
    expect(refused.status).toBe(422);

    const injected = await control('/faults', { method: 'POST', body: JSON.stringify({ status: 503, times: 1 }) });
    expect(injected.status).toBe(201);
    expect((await fetch(`${running.url}/company`, { headers })).status).toBe(503);
    expect((await fetch(`${running.url}/company`, { headers })).status).toBe(200);
    await control('/faults', { method: 'POST', body: JSON.stringify({ status: 500, times: 5 }) });
    expect((await (await control('/faults', { method: 'DELETE' })).json()).data).toEqual({ cleared: 1 });
    expect((await fetch(`${running.url}/company`, { headers })).status).toBe(200);

    const created = await fetch(`${running.url}/accounts`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ accountNumber: '9999', name: 'Scratch', type: 'expense', category: 'operating_expense' }),
    });
    expect(created.status).toBe(201);
    const id = (await created.json()).data.id;
    expect((await control('/reset', { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${running.url}/accounts/${id}`, { headers })).status).toBe(404);
    expect((await control('/nothing')).status).toBe(404);
  });

  it('POST /__mock/clock/set puts the clock at the given instant; a bad instant is 422', async () => {
    const control = (path: string, init?: RequestInit) => fetch(`${running.origin}/__mock${path}`, init);
    const set = await control('/clock/set', { method: 'POST', body: JSON.stringify({ now: '2030-06-01T08:00:00Z' }) });
    expect(set.status).toBe(200);
    expect((await set.json()).data.now).toMatch(/^2030-06-01T08:00:0/);
    expect((await (await control('/clock')).json()).data.now).toMatch(/^2030-06-01T08:0/);
    expect((await control('/clock/set', { method: 'POST', body: JSON.stringify({ now: 'tomorrow' }) })).status).toBe(422);
    await control('/clock/set', { method: 'POST', body: JSON.stringify({ now: new Date().toISOString() }) });
  });

  it('refuses a clock move past the years it can write with 422, and keeps serving', async () => {
    const control = (path: string, init?: RequestInit) => fetch(`${running.origin}/__mock${path}`, init);
    const before = (await (await control('/clock')).json()).data.now;
    for (const days of [3_000_000, -3_000_000]) {
      const refused = await control('/clock/advance', { method: 'POST', body: JSON.stringify({ days }) });
      expect(refused.status).toBe(422);
      expect((await refused.json()).error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'body', code: 'DATE_CONSTRAINT' }],
      });
    }
    for (const days of [1e9, 1e300, 1e308, -1e308]) {
      const refused = await control('/clock/advance', { method: 'POST', body: JSON.stringify({ days }) });
      expect(refused.status).toBe(422);
      expect((await refused.json()).error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'days', code: days > 0 ? 'MAX_VALUE' : 'MIN_VALUE' }],
      });
    }
    const after = (await (await control('/clock')).json()).data.now;
    expect(Date.parse(after) - Date.parse(before)).toBeLessThan(60_000);
    expect((await fetch(`${running.url}/company`, { headers })).status).toBe(200);
    expect((await control('/reset', { method: 'POST' })).status).toBe(200);
  });

  it('drops the connection for a network fault', async () => {
    running.mock.faults.inject({ error: 'network' });
    await expect(fetch(`${running.url}/company`, { headers })).rejects.toThrow();
  });

  it('refuses a body over 1 MB with 413 without buffering it', async () => {
    const response = await fetch(`${running.url}/accounts`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a CORS preflight', async () => {
    const response = await fetch(`${running.url}/accounts`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('X-Company-Id');
  });
});

describe('standalone server options', () => {
  it('requires the control token when one is set, and keeps the API open', async () => {
    const running = await startMockServer({ port: 0, controlToken: 'tok-1', createService: (o) => buildMockService(testDomain, o) });
    try {
      expect((await fetch(`${running.origin}/__mock/clock`)).status).toBe(403);
      expect((await fetch(`${running.origin}/__mock/clock`, { headers: { 'X-Mock-Control-Token': 'tok-1' } })).status).toBe(200);
      expect((await fetch(`${running.url}/widgets`, { headers: auth() })).status).toBe(200);
      const created = await fetch(`${running.url}/widgets`, json(newWidget));
      expect(created.status).toBe(201);
    } finally {
      await running.close();
    }
  });

  it('hands WebSocket upgrades to the hook; without one, the streams take them and other paths get 404', async () => {
    const seen: string[] = [];
    const hooked = await startMockServer({
      port: 0,
      createService: (o) => buildMockService(testDomain, o),
      onUpgrade: (req, socket) => {
        seen.push(req.url ?? '');
        socket.end('HTTP/1.1 418 Hooked\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      },
    });
    const plain = await startMockServer({ port: 0, createService: (o) => buildMockService(testDomain, o) });
    try {
      expect(await upgradeStatus(`${hooked.origin}/v1/stream`)).toBe(418);
      expect(seen).toEqual(['/v1/stream']);
      expect(await upgradeStatus(`${plain.origin}/v1/elsewhere`)).toBe(404);
      // The default hook serves /v1/stream: this bare upgrade lacks Sec-WebSocket-Key, so `ws` answers 400.
      expect(await upgradeStatus(`${plain.origin}/v1/stream`)).toBe(400);
    } finally {
      await hooked.close();
      await plain.close();
    }
  });

  it('refuses to start on a port in use', async () => {
    const first = await startMockServer({ port: 0, createService: (o) => buildMockService(testDomain, o) });
    try {
      const port = Number(new URL(first.origin).port);
      await expect(startMockServer({ port, createService: (o) => buildMockService(testDomain, o) })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});

function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { Connection: 'Upgrade', Upgrade: 'websocket' } });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
