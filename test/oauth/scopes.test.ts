import { describe, expect, it } from 'vitest';
import { endpoints, SCOPES } from '../../src/contract/index.js';
import { oauthMock, signIn } from './helpers.js';

/** Every endpoint declared so far that names a scope. */
const scoped = endpoints.filter((e) => e.auth && e.scope !== undefined);
const pathOf = (path: string) => path.replace(/\{\w+\}/g, 'any_id');

describe('scopes with OAuth access tokens (spec document 1, "Scopes")', () => {
  const { mock, publicId } = oauthMock();
  const tokenCache = new Map<string, Promise<string>>();
  /** An access token with every scope but `lacking` (and never admin). */
  const tokenWithout = (lacking: string) => {
    let token = tokenCache.get(lacking);
    if (!token) {
      const scope = SCOPES.filter((s) => s !== lacking && s !== 'admin').join(' ');
      tokenCache.set(lacking, (token = signIn(mock, publicId, { scope }).then((t) => t.access_token)));
    }
    return token;
  };
  const call = (method: string, path: string, token: string) =>
    mock.fetch(`${mock.credentials.baseUrl}${pathOf(path)}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'x-company-id': mock.credentials.companyId, 'content-type': 'application/json' },
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
    });

  it('covers the endpoints', () => {
    expect(scoped.length).toBeGreaterThan(40);
  });

  it.each(scoped.map((e) => [e.id, e] as const))(
    '%s refuses a token without its scope with 403 FORBIDDEN naming it',
    async (_id, endpoint) => {
      const token = await tokenWithout(endpoint.scope!);
      const response = await call(endpoint.method, endpoint.path, token);
      expect(response.status).toBe(403);
      const body = (await response.json()) as { error: { code: string; details: { required_scope: string; current_scopes: string[] }[] } };
      expect(body.error.code).toBe('FORBIDDEN');
      expect(body.error.details[0].required_scope).toBe(endpoint.scope);
      expect(body.error.details[0].current_scopes).not.toContain(endpoint.scope);
      expect(body.error.details[0].current_scopes.length).toBeGreaterThan(0);
    },
  );

  it('lets an admin token past every scope check', async () => {
    const { access_token } = await signIn(mock, publicId, { scope: 'admin' });
    for (const endpoint of scoped) {
      const response = await call(endpoint.method, endpoint.path, access_token);
      expect(response.status, endpoint.id).not.toBe(403);
    }
  });

  it('lets a token with exactly the scope through', async () => {
    const { access_token } = await signIn(mock, publicId, { scope: 'read:customers' });
    expect((await call('GET', '/customers', access_token)).status).toBe(200);
    expect((await call('GET', '/accounts', access_token)).status).toBe(403);
  });
});
