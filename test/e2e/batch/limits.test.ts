import { describe, expect, it } from 'vitest';
import type { BatchOperation, CustomerCreateParams } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const create = (name: string): BatchOperation<CustomerCreateParams> => ({
  operation: 'create',
  data: { name, email: `${name.toLowerCase().replace(/\W/g, '')}@limits.my` },
});
const many = (tag: string, n: number) => Array.from({ length: n }, (_, i) => create(`${tag} ${i + 1}`));

/** A mock that enforces its limits (request limits high enough not to interfere), a minute after the seed's own batch. */
function limited() {
  const box = sandbox({ seed: 'demo', now: '2026-11-10T09:00:00Z', rateLimit: { perHour: 100_000, perSecond: 1000 } });
  box.mock.clock.advance({ minutes: 2 });
  return { ...box, acs: box.client({ maxRetries: 0 }) };
}

describe('batch rate limits (spec document 3, "Limits")', () => {
  it('refuses an 11th batch in a minute with 429 RATE_LIMIT_EXCEEDED and Retry-After, storing nothing, and accepts one once the minute has passed', async () => {
    const { acs, mock } = limited();
    for (let i = 0; i < 5; i++) await acs.batch.customers.run([create(`Kedai ${i}`)]);
    for (let i = 5; i < 10; i++) await acs.batch.customers.run([create(`Kedai ${i}`)], { async: true });
    const customers = (await acs.customers.list({ limit: 1 })).pagination.total;
    const metrics = await acs.batch.metrics();
    expect(metrics.rateLimits.remaining).toBe(0);
    mock.clock.advance({ seconds: 20 });
    const refused = await failureOf(acs.batch.customers.run([create('Kedai Lebih')]).withResponse());
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
    const retryAfter = (refused as { retryAfter: number }).retryAfter;
    expect(retryAfter).toBeGreaterThan(35);
    expect(retryAfter).toBeLessThanOrEqual(40);
    // Nothing stored: no customer, no batch counted.
    expect((await acs.customers.list({ limit: 1 })).pagination.total).toBe(customers);
    expect((await acs.batch.metrics()).currentMonth.totalBatches).toBe(metrics.currentMonth.totalBatches);
    mock.clock.advance({ seconds: retryAfter });
    expect((await acs.batch.customers.run([create('Kedai Lebih')])).status).toBe('completed');
  });

  it('allows 5 batches over 100 records a minute; a sixth is refused while a small one still passes', async () => {
    const { acs } = limited();
    for (let i = 0; i < 5; i++) {
      if (i % 2) await acs.batch.customers.run(many(`Besar ${i}`, 101), { async: true });
      else await acs.batch.customers.run(many(`Besar ${i}`, 101));
    }
    await expect(acs.batch.customers.run(many('Besar 5', 101))).rejects.toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
    await expect(acs.batch.customers.run(many('Besar 5', 101), { async: true })).rejects.toMatchObject({ status: 429 });
    expect((await acs.batch.customers.run(many('Kecil', 100))).successfulRecords).toBe(100);
  });

  it("counts without refusing under the service's default rateLimit 'off'", async () => {
    const { acs } = sandbox({ seed: 'demo' });
    for (let i = 0; i < 12; i++) await acs.batch.customers.run([create(`Kedai ${i}`)], { validateOnly: true });
    expect((await acs.batch.metrics()).rateLimits.remaining).toBe(0);
  });
});
