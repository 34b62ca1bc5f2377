import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_FILE, dashboardBundle } from '../../scripts/ui-bundle.mjs';
import { startMockServer, type RunningMockServer } from '../../mock-server/standalone.js';
import { filesUnder, importsOf } from '../support/source-files.js';

// The sandbox dashboard (decision MOCK-37): its bundle, its budget, where it is served and what it reads.
const MOCK = fileURLToPath(new URL('../../mock-server/', import.meta.url));
/** The whole page (HTML, script and styles), gzipped, at most (MOCK-37). */
const BUDGET_GZIP_BYTES = 100 * 1024;

describe('the sandbox dashboard at /__mock/ui/', () => {
  let running: RunningMockServer;
  beforeAll(async () => {
    running = await startMockServer({ port: 0, seed: 'demo' });
  });
  afterAll(() => running.close());

  it('mock-server/ui/bundle.ts is what `npm run ui` writes from mock-server/ui/src (run it after changing the page)', async () => {
    expect(readFileSync(BUNDLE_FILE, 'utf8') === (await dashboardBundle()), 'mock-server/ui/bundle.ts is stale: run `npm run ui`').toBe(
      true,
    );
  });

  it('is one HTML page with its script and styles inline, fetching nothing from another host', async () => {
    const response = await fetch(`${running.origin}/__mock/ui/`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toMatch(/\b(src|href)=["']?(https?:)?\/\//);
    expect(html).not.toMatch(/@import|<script[^>]+src=/);
    expect((await fetch(`${running.origin}/__mock/ui`)).status).toBe(200);
    // The browser holds it to that: its own origin only, and no other page may frame it.
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it(`stays within its budget: at most ${BUDGET_GZIP_BYTES / 1024} kB gzipped for the whole page`, async () => {
    const html = await (await fetch(`${running.origin}/__mock/ui/`)).text();
    expect(gzipSync(html).length).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it('is listed in the index of controls, and the index page links to it', async () => {
    const index = (await (await fetch(`${running.origin}/__mock`)).json()).data as { method: string; path: string }[];
    expect(index).toContainEqual(expect.objectContaining({ method: 'GET', path: '/__mock/ui' }));
    const page = await (await fetch(`${running.origin}/__mock`, { headers: { Accept: 'text/html' } })).text();
    expect(page).toContain('<a href="/__mock/ui/">');
  });

  it('GET /__mock/credentials gives the base URLs and every company with its key, and no OAuth secret (MOCK-38)', async () => {
    const { data } = await (await fetch(`${running.origin}/__mock/credentials`)).json();
    const c = running.credentials;
    expect(data).toEqual({
      baseUrl: c.baseUrl,
      dataBaseUrl: c.dataBaseUrl,
      authUrl: c.authUrl,
      companyId: c.companyId,
      apiKey: c.apiKey,
      readOnlyApiKey: c.readOnlyApiKey,
      companies: c.companies.map(({ id, name, apiKey }) => ({ id, name, apiKey })),
    });
    expect(JSON.stringify(data)).not.toContain(c.oauth!.confidentialClient.clientSecret);
  });

  it('keeps Preact and htm inside the bundle: only mock-server/ui/src imports them, so the mock has no such run-time dependency', () => {
    const importers = filesUnder(MOCK)
      .filter((file) => importsOf(file).some(({ specifier }) => /^(preact|htm)(\/|$)/.test(specifier)))
      .map((file) => relative(MOCK, file).split('\\').join('/'));
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((file) => !file.startsWith('ui/src/'))).toEqual([]);
    expect(readFileSync(join(MOCK, 'ui/bundle.ts'), 'utf8')).not.toMatch(/^import /m);
  });

  it('on a host that needs the control token, its own page may call the controls with the token; a page of another origin may not', async () => {
    const open = await startMockServer({ port: 0, host: '0.0.0.0' });
    try {
      const port = new URL(open.origin).port;
      const post = (origin: string, token: string | null) =>
        new Promise<number>((resolve, reject) => {
          const headers: Record<string, string> = { Host: `192.0.2.7:${port}`, Origin: origin, 'Content-Length': '0' };
          if (token) headers['X-Mock-Control-Token'] = token;
          const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/__mock/webhooks/flush', headers }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          });
          req.on('error', reject);
          req.end();
        });
      expect(await post(`http://192.0.2.7:${port}`, open.controlToken)).toBe(200);
      expect(await post(`http://192.0.2.7:${port}`, null)).toBe(403);
      expect(await post(`http://evil.example:${port}`, open.controlToken)).toBe(403);
    } finally {
      await open.close();
    }
  });
});
