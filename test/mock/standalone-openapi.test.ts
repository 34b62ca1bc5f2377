// The standalone mock serves its contract, so a tool (Prism, a client generator, Swagger UI) needs one URL.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../mock-server/standalone.js';

type Json = Record<string, unknown>;

/** The document without its examples and path-level servers: what a running mock serves besides its own server. */
function withoutExamples(document: Json): Json {
  const strip = (value: unknown, key = ''): unknown => {
    if (Array.isArray(value)) return value.map((item) => strip(item));
    if (value === null || typeof value !== 'object') return value;
    const kept = Object.entries(value).filter(([name]) => name !== 'example' && !(key === 'path' && name === 'servers'));
    return Object.fromEntries(kept.map(([name, item]) => [name, strip(item, key === 'paths' ? 'path' : name)]));
  };
  return strip(document) as Json;
}

describe('GET /openapi.json on the standalone mock', () => {
  let running: RunningMockServer;
  beforeAll(async () => {
    running = await startMockServer({ port: 0, seed: 'empty' });
  });
  afterAll(() => running.close());

  it('answers docs/openapi.json with the running mock as its one server, at the root and under /v1', async () => {
    const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    for (const path of ['/openapi.json', '/v1/openapi.json']) {
      const response = await fetch(`${running.origin}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      const served = await response.json();
      expect(served.servers).toEqual([{ url: running.origin, description: expect.stringContaining('acs-mock') }]);
      // Everything else is the committed document: the same paths, schemas and security. Only `npm run openapi`
      // captures examples (PLAT-41), and the data and OAuth paths name the public hosts there (PLAT-40).
      expect({ ...served, servers: committed.servers }).toEqual(withoutExamples(committed));
    }
  });

  it('needs no credential, and a server in the document is one the mock answers on', async () => {
    const served = await (await fetch(`${running.origin}/openapi.json`)).json();
    const health = await fetch(`${served.servers[0].url}/v1/company`);
    expect(health.status).toBe(401);
  });

  it('answers HEAD with no body and refuses other methods as the API would', async () => {
    const head = await fetch(`${running.origin}/openapi.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${running.origin}/openapi.json`, { method: 'POST' })).status).toBe(404);
  });
});
