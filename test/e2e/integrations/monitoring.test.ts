import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import { credentialsTable, UPSTREAM_REQUESTS_PER_MINUTE } from '../../../mock-server/domain/integrations/index.js';
import type { AcsClient } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';
import { companyContext, demoStore, runTestSync } from './ops-fixture.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo', now: '2026-11-02T09:00:00Z', seedKey: 'integrations' }));
});

const orders = [
  { externalId: 'up_1', version: 'v1', email: 'known@monitor.my' },
  { externalId: 'up_2', version: 'v1', email: 'nobody@monitor.my' },
];

describe('integration status', () => {
  it('shows an integration never synced: no last sync, the next on the hourly schedule, no statistics', async () => {
    const store = demoStore(mock);
    const status = await acs.integrations.status(store.id);
    expect(status).toMatchObject({ integrationId: store.id, status: 'active', lastSync: null, syncFrequency: 'hourly', recentErrors: [] });
    expect(Date.parse(status.nextSync!)).toBeGreaterThan(mock.clock.nowMs());
    expect(Date.parse(status.nextSync!) - mock.clock.nowMs()).toBeLessThanOrEqual(3_600_000);
    expect(status.statistics.lastWeek).toEqual({ syncs: 0, recordsProcessed: 0, recordsCreated: 0, recordsFailed: 0 });
  });

  it('counts the syncs of the last 24 hours and of the week by the mock clock, and lists the failed records', async () => {
    await acs.customers.create({ name: 'Known Buyer', email: 'known@monitor.my' });
    runTestSync(mock, orders);
    mock.clock.advance({ days: 2 });
    const recent = runTestSync(mock, [{ externalId: 'up_3', version: 'v1', email: 'known@monitor.my' }]);
    const status = await acs.integrations.status(demoStore(mock).id);
    expect(status.lastSync).toBe(recent.completedAt);
    expect(Date.parse(status.nextSync!)).toBe(Date.parse(recent.completedAt) + 3_600_000);
    expect(status.statistics.last24Hours).toEqual({ syncs: 1, recordsProcessed: 1, recordsCreated: 1, recordsFailed: 0 });
    expect(status.statistics.lastWeek).toEqual({ syncs: 2, recordsProcessed: 3, recordsCreated: 2, recordsFailed: 1 });
    expect(status.recentErrors).toEqual([
      {
        timestamp: expect.any(String),
        type: 'order',
        code: 'VALIDATION_ERROR',
        message: 'No customer has the email nobody@monitor.my',
        orderId: 'up_2',
        externalId: 'up_2',
        syncId: expect.stringMatching(/^sync_/),
      },
    ]);
    mock.clock.advance({ days: 8 });
    expect((await acs.integrations.status(demoStore(mock).id)).recentErrors).toEqual([]);
  });

  it('shows no next sync for a manual integration', async () => {
    const credentials = {
      shopDomain: 'manual.example-store.com',
      accessToken: 'shpat_0123456789abcdef',
      webhookSecret: 'whsec_0123456789abcdef',
    };
    const manual = await acs.integrations.setup('hosted-store', {
      name: 'Manual shop',
      credentials,
      settings: { syncFrequency: 'manual' },
    });
    expect(await acs.integrations.status(manual.id)).toMatchObject({ syncFrequency: 'manual', nextSync: null });
    await expect(acs.integrations.status('intg_nosuchintegration')).rejects.toMatchObject({ status: 404, code: 'INTEGRATION_NOT_FOUND' });
  });
});

describe('integration health', () => {
  it('is healthy with the upstream answering and its budget unspent; no webhook subscription is skipped', async () => {
    const health = await acs.integrations.health(demoStore(mock).id);
    expect(health.status).toBe('healthy');
    expect(health.checks.map((c) => [c.name, c.status])).toEqual([
      ['connection', 'pass'],
      ['webhook_endpoint', 'skipped'],
      ['rate_limits', 'pass'],
    ]);
    expect(health.checks[0]!.responseTime).toBe((await acs.integrations.health(demoStore(mock).id)).checks[0]!.responseTime);
    expect(health.checks[2]).toMatchObject({ limit: UPSTREAM_REQUESTS_PER_MINUTE, remaining: UPSTREAM_REQUESTS_PER_MINUTE });
  });

  it('is degraded once a sync has spent the upstream budget; the next sync is 429 RATE_LIMIT_EXCEEDED with Retry-After', async () => {
    const first = runTestSync(mock, orders, UPSTREAM_REQUESTS_PER_MINUTE);
    const health = await acs.integrations.health(demoStore(mock).id);
    expect(health.status).toBe('degraded');
    const limits = health.checks.find((c) => c.name === 'rate_limits')!;
    expect(limits).toMatchObject({ status: 'warn', remaining: 0 });
    // The mock clock runs in real time from 09:00: the window of the sync's first request ends a minute later.
    expect(Date.parse(limits.resetTime!) - Date.parse('2026-11-02T09:01:00Z')).toBeLessThan(5_000);

    const refused = (await failureOf(acs.integrations.retryFailed(demoStore(mock).id, { syncId: first.id }, { maxRetries: 0 }))) as {
      status: number;
      code: string;
      headers: Headers;
    };
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await acs.integrations.analytics()).summary.totalSyncs).toBe(1);

    mock.clock.advance({ minutes: 1 });
    expect((await acs.integrations.health(demoStore(mock).id)).status).toBe('healthy');
  });

  it('is unhealthy when the upstream refuses the kept credentials', async () => {
    const ctx = companyContext(mock);
    const store = demoStore(mock);
    mock.store.transaction(() =>
      credentialsTable(ctx).update(store.id, {
        values: { ...credentialsTable(ctx).get(store.id)!.values, accessToken: 'revoked_by_the_shop_owner' },
      }),
    );
    const health = await acs.integrations.health(store.id);
    expect(health).toMatchObject({ status: 'unhealthy', checks: [{ name: 'connection', status: 'fail' }, {}, {}] });
    expect(JSON.stringify(health)).not.toContain('revoked_by_the_shop_owner');
  });
});

describe('integration analytics', () => {
  it('sums the sync history overall and by integration, within the date range', async () => {
    await acs.customers.create({ name: 'Known Buyer', email: 'known@monitor.my' });
    runTestSync(mock, orders);
    runTestSync(mock, [{ externalId: 'up_3', version: 'v1', email: 'known@monitor.my' }]);
    const analytics = await acs.integrations.analytics();
    expect(analytics.period).toEqual({ from: '2026-10-04', to: '2026-11-02' });
    expect(analytics.summary).toMatchObject({
      activeIntegrations: 1,
      totalSyncs: 2,
      successRate: 50,
      recordsProcessed: 3,
      recordsFailed: 1,
    });
    expect(analytics.byIntegration).toEqual([
      expect.objectContaining({ integrationId: demoStore(mock).id, connectorId: 'hosted-store', totalSyncs: 2, successRate: 50 }),
    ]);
    expect((await acs.integrations.analytics({ from: '2026-11-03', to: '2026-11-30' })).summary.totalSyncs).toBe(0);
    await expect(acs.integrations.analytics({ from: '2026-11-30', to: '2026-11-01' })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_DATE_RANGE',
    });
  });
});
