import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '../../src/core/environments.js';
import { createMockService } from '../../mock-server/index.js';
import { START } from './support/widgets.js';
import { client } from './support/fetch-client.js';

const scratchAccount = { accountNumber: '6999', name: 'Scratch expense', type: 'expense', category: 'operating_expense' };

describe('createMockService with the accounting domain', () => {
  it('defaults to the SDK sandbox addresses and hands out the seeded credentials', () => {
    const mock = createMockService({ now: START });
    const { credentials } = mock;
    expect(credentials).toMatchObject(ENVIRONMENTS.sandbox);
    expect(credentials.apiKey).toMatch(/^svc_test_sk_/);
    expect(credentials.readOnlyApiKey).toMatch(/^svc_test_sk_/);
    expect(credentials.companies.length).toBeGreaterThanOrEqual(1);
    expect(credentials.companies.map((c) => c.id)).toContain(credentials.companyId);
    expect(mock.clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse(START));
  });

  it('serves contract-shaped accounts and journal entries (responses checked against their schemas)', async () => {
    const mock = createMockService({ now: START, validateResponses: true, logger: { error: (m) => expect.fail(m) } });
    const api = client(mock);
    const accounts = await api.get('/accounts?limit=100');
    expect(accounts.status).toBe(200);
    expect(accounts.body.data.length).toBeGreaterThan(0);
    expect((await api.get('/journal-entries?limit=100')).status).toBe(200);
    expect((await api.get('/company')).status).toBe(200);
  });

  it('pages through every account once by cursor over HTTP', async () => {
    const mock = createMockService({ now: START });
    const api = client(mock);
    const ids: string[] = [];
    let cursor = '';
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const page = await api.get(`/accounts?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...page.body.data.map((a: { id: string }) => a.id));
      total = page.body.pagination.total;
      if (!page.body.pagination.hasMore) break;
      cursor = page.body.pagination.nextCursor;
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(total);
  });

  it('gives the read-only key reads and refuses its writes with 403', async () => {
    const mock = createMockService({ now: START });
    const readOnly = client(mock, mock.credentials.readOnlyApiKey);
    expect((await readOnly.get('/accounts?limit=1')).status).toBe(200);
    const refused = await readOnly.post('/accounts', scratchAccount);
    expect(refused.status).toBe(403);
    expect(refused.body.error.details[0]).toMatchObject({ required_scope: 'write:accounts' });
  });

  it('reset() brings back the seeded data after writes', async () => {
    const mock = createMockService({ now: START });
    const api = client(mock);
    const before = (await api.get('/accounts?limit=1')).body.pagination.total;
    const created = await api.post('/accounts', scratchAccount);
    expect(created.status).toBe(201);
    expect((await api.get('/accounts?limit=1')).body.pagination.total).toBe(before + 1);
    mock.reset();
    expect((await api.get('/accounts?limit=1')).body.pagination.total).toBe(before);
    expect((await api.get(`/accounts/${created.body.data.id}`)).status).toBe(404);
  });

  it('a lost response to a create is safe to retry with its Idempotency-Key', async () => {
    const mock = createMockService({ now: START });
    const api = client(mock);
    const before = (await api.get('/accounts?limit=1')).body.pagination.total;
    mock.faults.inject({ error: 'network', stage: 'after', method: 'POST', path: '/accounts' });
    await expect(api.post('/accounts', scratchAccount, { 'Idempotency-Key': 'create-6999' })).rejects.toThrow(TypeError);
    const retried = await api.post('/accounts', scratchAccount, { 'Idempotency-Key': 'create-6999' });
    expect(retried.status).toBe(201);
    expect(retried.replayed).toBe('true');
    expect((await api.get('/accounts?limit=1')).body.pagination.total).toBe(before + 1);
  });

  it("seeds one company with keys and no accounts for 'empty'", async () => {
    const mock = createMockService({ seed: 'empty', now: START });
    const api = client(mock);
    expect((await api.get('/company')).body.data.id).toBe(mock.credentials.companyId);
    expect((await api.get('/accounts')).body.pagination.total).toBe(0);
  });
});
