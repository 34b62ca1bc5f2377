import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../mock-server/standalone.js';
import type { AcsClient } from '../../src/index.js';
import type { Json } from '../support/json.js';
import { clientFor } from '../support/sandbox.js';

// GET and DELETE /__mock/requests: the request journal over HTTP (MOCK-27).
let running: RunningMockServer;
let acs: AcsClient;

async function control(method: string, path: string): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${running.origin}/__mock${path}`, { method });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  running = await startMockServer({ port: 0, seed: 'empty' });
  acs = clientFor(running, { maxRetries: 0 });
});
afterAll(() => running.close());
beforeEach(async () => {
  expect((await control('DELETE', '/requests')).status).toBe(200);
});

describe('GET /__mock/requests', () => {
  it('pages the journal newest first with a cursor, and journals no control call', async () => {
    for (let i = 0; i < 3; i++) await acs.customers.list();
    await acs.customers.create({ name: 'Paged Sdn Bhd', email: 'paged@example.my' });

    const first = await control('GET', '/requests?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((e: Json) => e.method)).toEqual(['POST', 'GET']);
    expect(first.body.pagination).toMatchObject({ hasMore: true, limit: 2, total: 4 });
    const second = await control('GET', `/requests?limit=2&cursor=${first.body.pagination.nextCursor}`);
    expect(second.body.data.map((e: Json) => e.method)).toEqual(['GET', 'GET']);
    expect(second.body.pagination).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('filters by method, route template, status and company', async () => {
    await acs.customers.create({ name: 'Filtered Sdn Bhd', email: 'filtered@example.my' });
    await acs.customers.retrieve('cus_missing').catch(() => undefined);
    const { companyId } = running.credentials;
    const posts = await control('GET', '/requests?method=POST&path=/v1/customers');
    expect(posts.body.data).toEqual([expect.objectContaining({ status: 201, route: '/v1/customers', companyId })]);
    const missing = await control('GET', `/requests?path=${encodeURIComponent('/v1/customers/{id}')}&status=4xx&company=${companyId}`);
    expect(missing.body.data).toEqual([expect.objectContaining({ status: 404, path: '/v1/customers/cus_missing' })]);
  });

  it.each([['limit=0'], ['limit=201'], ['status=600'], ['cursor=abc'], ['since=yesterday'], ['method=GET&method=POST'], ['colour=blue']])(
    'refuses %s with a 422 in the envelope',
    async (query) => {
      await acs.customers.list();
      const refused = await control('GET', `/requests?${query}`);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
      expect((await control('GET', '/requests')).body.pagination.total).toBe(1);
    },
  );

  it('DELETE /__mock/requests empties it', async () => {
    await acs.customers.list();
    expect((await control('DELETE', '/requests')).body.data).toEqual({ cleared: 1 });
    expect((await control('GET', '/requests')).body.data).toEqual([]);
  });
});
