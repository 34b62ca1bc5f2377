import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../../src/contract/index.js';
import { unauthorized } from '../../../mock-server/kernel/errors.js';
import { route } from '../../../mock-server/store/context.js';
import { auth, KEYS, testMock } from '../support/widgets.js';
import { filesUnder } from '../../support/source-files.js';
import { call, expectFailure } from './support.js';

// The router authenticates through ports (the platform's API keys, the domain's OAuth tokens) and
// writes `WWW-Authenticate` on every 401 from what the refusal says; the domain builds no HTTP.

const revoked = endpoint({
  id: 'widgets.revoked',
  method: 'GET',
  path: '/widgets/revoked',
  scope: 'read:inventory',
  summary: 'a domain 401 with a challenge',
  response: z.null(),
});
const mock = testMock({}, [
  route(revoked, () => {
    throw unauthorized('This token was "revoked"', {
      code: 'INVALID_TOKEN',
      challenge: { error: 'invalid_token', description: 'This token was "revoked"' },
    });
  }),
]);

describe('401 UNAUTHORIZED', () => {
  it('names the Bearer scheme when credentials are missing, unknown or of another scheme', async () => {
    for (const headers of [{}, { Authorization: 'Basic dTpw' }, auth('svc_test_sk_unknown000000000000000000000000')]) {
      const reply = await call(mock, '/widgets', { headers });
      expectFailure(reply, 401, 'UNAUTHORIZED');
      expect(reply.headers.get('www-authenticate')).toBe('Bearer');
      expect(reply.body.error.details).toEqual([expect.objectContaining({ field: 'authorization', code: 'INVALID_API_KEY' })]);
    }
  });

  it('tells a live key that the sandbox takes test keys, without echoing it', async () => {
    for (const key of [KEYS.live, KEYS.liveStored]) {
      const reply = await call(mock, '/widgets', { headers: auth(key) });
      expectFailure(reply, 401, 'UNAUTHORIZED');
      expect(reply.body.error.message).toMatch(/sandbox: it takes test keys/);
      expect(JSON.stringify(reply.body)).not.toContain(key);
    }
  });

  it("writes a domain refusal's challenge as RFC 6750 error and error_description, quotes escaped", async () => {
    const reply = await call(mock, '/widgets/revoked', { headers: auth() });
    expectFailure(reply, 401, 'UNAUTHORIZED');
    expect(reply.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="This token was \\"revoked\\""');
    expect(reply.body.error.details).toEqual([expect.objectContaining({ code: 'INVALID_TOKEN' })]);
  });

  it('no domain file sets an HTTP header itself', () => {
    const domain = fileURLToPath(new URL('../../../mock-server/domain/', import.meta.url));
    const files = filesUnder(domain);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => /WWW-Authenticate|Retry-After/i.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
