import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../mock-server/standalone.js';
import type { AcsClient } from '../../src/index.js';
import type { Json } from '../support/json.js';
import { clientFor } from '../support/sandbox.js';

// The snapshot controls over HTTP (MOCK-28).
let running: RunningMockServer;
let acs: AcsClient;

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${running.origin}/__mock${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  running = await startMockServer({ port: 0, seed: 'empty' });
  acs = clientFor(running, { maxRetries: 0 });
});
afterAll(() => running.close());

describe('/__mock/snapshots', () => {
  it('takes, lists, restores and deletes a named snapshot', async () => {
    const taken = await control('POST', '/snapshots', { name: 'clean' });
    expect(taken).toMatchObject({ status: 201, body: { data: { name: 'clean', at: expect.any(String) } } });
    await acs.customers.create({ name: 'Snapshot Http Sdn Bhd', email: 'snapshot-http@example.my' });
    expect((await control('GET', '/snapshots')).body.data).toEqual([expect.objectContaining({ name: 'clean' })]);
    expect((await control('POST', '/snapshots/clean/restore')).status).toBe(200);
    expect((await acs.customers.list()).data).toEqual([]);
    expect((await control('DELETE', '/snapshots/clean')).body.data).toEqual({ deleted: true });
    expect((await control('GET', '/snapshots')).body.data).toEqual([]);
  });

  it('answers an unknown name with 404 and a bad one with 422, in the envelope, changing nothing', async () => {
    for (const [method, path] of [
      ['POST', '/snapshots/nope/restore'],
      ['DELETE', '/snapshots/nope'],
    ]) {
      const missing = await control(method, path);
      expect(missing).toMatchObject({ status: 404, body: { success: false, error: { code: 'NOT_FOUND' } } });
    }
    for (const name of ['has space', '', 'x'.repeat(65), 42]) {
      const refused = await control('POST', '/snapshots', { name });
      expect(refused).toMatchObject({ status: 422, body: { error: { code: 'VALIDATION_ERROR' } } });
    }
    expect((await control('GET', '/snapshots')).body.data).toEqual([]);
  });

  it('keeps at most 50 named snapshots: one more is a 409', async () => {
    for (let i = 0; i < 50; i++) expect((await control('POST', '/snapshots', { name: `s${i}` })).status).toBe(201);
    expect((await control('POST', '/snapshots', { name: 's50' })).status).toBe(409);
    expect((await control('POST', '/snapshots', { name: 's0' })).status).toBe(201);
    for (let i = 0; i < 50; i++) await control('DELETE', `/snapshots/s${i}`);
  });
});
