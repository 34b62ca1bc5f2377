import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import { sandbox } from '../../support/sandbox.js';

// Spec document 3, "Integrations": credentials are checked, kept and never shown, by every endpoint that takes them.

let mock: MockService;
beforeEach(() => {
  ({ mock } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' }));
});

const TOKEN = 'shpat_c4nary0123456789abcdef0123';

/** A raw POST (the SDK's types would not let these bodies through), answered as status and body text. */
async function post(path: string, body: unknown): Promise<{ status: number; text: string; details: Record<string, unknown>[] }> {
  const { baseUrl, apiKey, companyId } = mock.credentials;
  const response = await mock.fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'x-company-id': companyId, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    details: (JSON.parse(text) as { error?: { details?: Record<string, unknown>[] } }).error?.details ?? [],
  };
}

describe('POST /v1/integrations/{connector}/sync-orders', () => {
  it('credentials of the wrong type are refused by name, without their value', async () => {
    const reply = await post('/integrations/hosted-store/sync-orders', { integrationId: 'hosted-store', credentials: TOKEN });
    expect(reply.status).toBe(422);
    const detail = reply.details.find((d) => d.field === 'credentials');
    expect(detail).toMatchObject({ code: 'INVALID_FORMAT' });
    expect(detail).not.toHaveProperty('value');
    expect(reply.text).not.toContain('c4nary');
  });

  it('a credential over 500 characters is refused by name, no part of it echoed', async () => {
    const long = `${TOKEN}${'x'.repeat(600)}`;
    const reply = await post('/integrations/hosted-store/sync-orders', {
      integrationId: 'hosted-store',
      credentials: { accessToken: long },
    });
    expect(reply.status).toBe(422);
    const detail = reply.details.find((d) => d.field === 'credentials.accessToken');
    expect(detail).toMatchObject({ code: 'MAX_VALUE' });
    expect(detail).not.toHaveProperty('value');
    expect(reply.text).not.toMatch(/c4nary|x{20}/);
  });

  it('an integration setup refused for another field does not echo its credentials either', async () => {
    const reply = await post('/integrations/hosted-store/setup', {
      name: '',
      credentials: { shopDomain: 'kedai.example-store.com', accessToken: TOKEN, webhookSecret: 'whsec_c4nary0123456789' },
    });
    expect(reply.status).toBe(422);
    expect(reply.text).not.toContain('c4nary');
  });
});
