import { describe, expect, it } from 'vitest';
import { createMockService } from '../../mock-server/index.js';
import { testMock } from './support/widgets.js';

const everyId = (mock: ReturnType<typeof createMockService>) =>
  [...mock.store.snapshot().tables.entries()].map(([table, rows]) => [table, rows.map((row) => row.id)]);

describe('createMockService({ seedKey, apiKey, companyId })', () => {
  it('a seed key gives the same keys, secrets and record ids on every start, whatever the date', () => {
    const first = createMockService({ seedKey: 'team .env', now: '2026-03-01T00:00:00Z' });
    const again = createMockService({ seedKey: 'team .env', now: '2027-09-15T12:00:00Z' });
    expect(again.credentials).toEqual(first.credentials);
    expect(everyId(again)).toEqual(everyId(first));
    expect(first.credentials.oauth!.confidentialClient.clientSecret).toMatch(/^acs_cs_\w{32}$/);

    const other = createMockService({ seedKey: 'another .env' });
    expect(other.credentials.apiKey).not.toBe(first.credentials.apiKey);
    expect(other.credentials.companyId).not.toBe(first.credentials.companyId);
    expect(createMockService().credentials.apiKey).not.toBe(createMockService().credentials.apiKey);
  });

  it('the ids the seeded service issues later are reproducible too', async () => {
    const created = async () => {
      const mock = createMockService({ seedKey: 'k', seed: 'empty' });
      const { apiKey, companyId, baseUrl } = mock.credentials;
      const response = await mock.fetch(`${baseUrl}/customers`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'X-Company-Id': companyId, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Same Id Sdn Bhd', email: 'same@example.my' }),
      });
      return (await response.json()).data.id;
    };
    expect(await created()).toBe(await created());
  });

  it('apiKey and companyId become the primary key and company, and work', async () => {
    for (const seed of ['demo', 'empty'] as const) {
      const mock = createMockService({ seed, apiKey: 'svc_test_sk_from_dotenv_01', companyId: 'cmp_dotenv' });
      expect(mock.credentials).toMatchObject({ apiKey: 'svc_test_sk_from_dotenv_01', companyId: 'cmp_dotenv' });
      const response = await mock.fetch(`${mock.credentials.baseUrl}/company`, {
        headers: { Authorization: 'Bearer svc_test_sk_from_dotenv_01', 'X-Company-Id': 'cmp_dotenv' },
      });
      expect((await response.json()).data.id).toBe('cmp_dotenv');
      // Still after a reset: they are part of the seed.
      mock.reset();
      expect(
        (
          await mock.fetch(`${mock.credentials.baseUrl}/company`, {
            headers: { Authorization: 'Bearer svc_test_sk_from_dotenv_01', 'X-Company-Id': 'cmp_dotenv' },
          })
        ).status,
      ).toBe(200);
    }
  });

  it.each([
    [{ apiKey: 'svc_live_sk_0123456789abcdef' }, /apiKey must be a test key: svc_test_sk_/],
    [{ apiKey: 'svc_test_sk_has space' }, /apiKey must be a test key/],
    [{ companyId: 'acme' }, /companyId must be cmp_/],
    [{ companyId: `cmp_${'x'.repeat(65)}` }, /companyId must be cmp_/],
    [{ seedKey: '' }, /seedKey must be a string of 1 to 200 characters/],
  ])('refuses %j with a TypeError naming the option', (options, message) => {
    expect(() => createMockService(options)).toThrow(message);
  });

  it('says so when a domain seed does not give the first company id to its primary company', () => {
    expect(() => testMock({ companyId: 'cmp_elsewhere' })).toThrow(/did not give its primary company the id cmp_elsewhere/);
  });
});
