import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';
import { demoStore, runTestSync } from './ops-fixture.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' }));
});

const orders = [
  { externalId: 'up_1', version: 'v1', email: 'known@retry.my' },
  { externalId: 'up_2', version: 'v1', email: 'later@retry.my' },
];
const invoicesOf = async (customerId: string) => (await acs.invoices.list({ customerId })).data;

describe('retry-failed', () => {
  it('runs only the failed records of a sync again and records the run as a new sync naming it', async () => {
    const known = await acs.customers.create({ name: 'Known Buyer', email: 'known@retry.my' });
    const first = runTestSync(mock, orders);
    expect(first).toMatchObject({
      status: 'completed_with_errors',
      failed: 1,
      failures: [{ externalId: 'up_2', code: 'VALIDATION_ERROR' }],
    });

    const later = await acs.customers.create({ name: 'Later Buyer', email: 'later@retry.my' });
    const retry = await acs.integrations.retryFailed(demoStore(mock).id, { syncId: first.id, retryType: 'failed_only' });
    expect(retry).toMatchObject({
      operation: 'test-orders',
      status: 'completed',
      retryOf: first.id,
      retryNumber: 1,
      processed: 1,
      failed: 0,
      counters: { ordersCreated: 1 },
    });
    expect(retry.syncId).not.toBe(first.id);
    expect(await invoicesOf(later.id)).toHaveLength(1);
    expect(await invoicesOf(known.id)).toHaveLength(1);
  });

  it('closes a chain after maxRetries retries (422 RETRY_LIMIT_REACHED), writing nothing', async () => {
    const first = runTestSync(mock, orders);
    const id = demoStore(mock).id;
    const second = await acs.integrations.retryFailed(id, { syncId: first.id, maxRetries: 2 });
    const third = await acs.integrations.retryFailed(id, { syncId: second.syncId, maxRetries: 2 });
    expect(third).toMatchObject({ retryNumber: 2, failed: 2, retryOf: second.syncId });
    const closed = await failureOf(acs.integrations.retryFailed(id, { syncId: third.syncId, maxRetries: 2 }));
    expect(closed).toMatchObject({
      status: 422,
      code: 'RETRY_LIMIT_REACHED',
      details: [{ field: 'maxRetries', retries: 2, maxRetries: 2 }],
    });
    expect((await acs.integrations.analytics()).summary.totalSyncs).toBe(3);
  });

  it('refuses a sync with nothing failed (422), an unknown sync or one of another integration (404)', async () => {
    await acs.customers.create({ name: 'Known Buyer', email: 'known@retry.my' });
    const clean = runTestSync(mock, [orders[0]!]);
    const id = demoStore(mock).id;
    await expect(acs.integrations.retryFailed(id, { syncId: clean.id })).rejects.toMatchObject({
      status: 422,
      code: 'BUSINESS_RULE_VIOLATION',
    });
    await expect(acs.integrations.retryFailed(id, { syncId: 'sync_nosuchsync' })).rejects.toMatchObject({
      status: 404,
      code: 'SYNC_NOT_FOUND',
    });
    const other = await acs.integrations.setup('hosted-store', {
      name: 'Second shop',
      credentials: { shopDomain: 'two.example-store.com', accessToken: 'shpat_0123456789abcdef', webhookSecret: 'whsec_0123456789abcdef' },
    });
    const failed = runTestSync(mock, orders);
    await expect(acs.integrations.retryFailed(other.id, { syncId: failed.id })).rejects.toMatchObject({
      status: 404,
      code: 'SYNC_NOT_FOUND',
    });
    await expect(acs.integrations.retryFailed(id, { syncId: failed.id, maxRetries: 11 })).rejects.toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
    });
  });
});
