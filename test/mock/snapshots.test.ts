import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../mock-server/index.js';
import { SNAPSHOT_MAX_NAMED } from '../../mock-server/service-snapshots.js';
import { clientFor, sandbox } from '../support/sandbox.js';

// Snapshots of the whole service, in memory (MOCK-28).
let serial = 0;
const newCustomer = () => ({ name: `Snapshot Test ${++serial} Sdn Bhd`, email: `snap${serial}@example.my` });
const DAY = 86_400_000;

describe('mock.snapshot() and mock.restore()', () => {
  it('writes made after a snapshot are gone after restore, whatever they were', async () => {
    const { mock, acs } = sandbox({ seed: 'empty' });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), async (before, after) => {
        for (let i = 0; i < before; i++) await acs.customers.create(newCustomer());
        const ids = async () => (await acs.customers.list({ limit: 100 })).data.map((c) => c.id).sort();
        const atSnapshot = await ids();
        const snapshot = mock.snapshot();
        for (let i = 0; i < after; i++) {
          const customer = await acs.customers.create(newCustomer());
          if (i % 2 === 0) await acs.customers.update(customer.id, { phone: '+60 3-1234 5678' });
        }
        mock.restore(snapshot);
        expect(await ids()).toEqual(atSnapshot);
      }),
      { numRuns: 8, seed: 28 },
    );
  });

  it('hands out fresh record ids after a restore, but the numbers the counters gave again', async () => {
    const { mock, acs } = sandbox({ seed: 'empty' });
    const snapshot = mock.snapshot();
    const first = await acs.customers.create(newCustomer());
    mock.restore(snapshot);
    const second = await acs.customers.create(newCustomer());
    expect(second.id).not.toBe(first.id);
    expect(second.customerNumber).toBe(first.customerNumber);
  });

  it('forgets the idempotency keys first used after the snapshot, and keeps the ones before', async () => {
    const { mock, acs } = sandbox({ seed: 'empty' });
    const [early, late] = [newCustomer(), newCustomer()];
    const kept = await acs.customers.create(early, { idempotencyKey: 'snapshot-before' });
    const snapshot = mock.snapshot();
    const later = await acs.customers.create(late, { idempotencyKey: 'snapshot-after' });
    mock.restore(snapshot);
    const again = await acs.customers.create(late, { idempotencyKey: 'snapshot-after' }).withResponse();
    expect(again.response.headers.get('idempotent-replayed')).toBeNull();
    expect(again.data.id).not.toBe(later.id);
    expect((await acs.customers.create(early, { idempotencyKey: 'snapshot-before' })).id).toBe(kept.id);
  });

  it('puts the clock back where it was, running on from there', () => {
    const mock = createMockService({ seed: 'empty', now: '2026-11-02T09:00:00Z' });
    const snapshot = mock.snapshot();
    const taken = Date.parse(snapshot.at);
    mock.clock.advance({ days: 40 });
    mock.restore(snapshot);
    expect(mock.clock.nowMs()).toBeGreaterThanOrEqual(taken);
    expect(mock.clock.nowMs()).toBeLessThan(taken + DAY);
  });

  it('restores faults and the webhook journal, and leaves the request journal and the event ids going on', async () => {
    const { mock, acs } = sandbox({ seed: 'empty' }, { maxRetries: 0 });
    const snapshot = mock.snapshot();
    mock.faults.inject({ status: 503, times: 5 });
    mock.webhooks.fail({ times: 3 });
    await acs.customers.list().catch(() => undefined);
    const created = mock.events.publish({ event: 'test.burst', companyId: mock.credentials.companyId, data: {} });
    mock.restore(snapshot);
    expect(mock.faults.list()).toEqual([]);
    expect(mock.webhooks.faults).toEqual([]);
    expect(mock.events.history).toEqual([]);
    expect(mock.requests.count()).toBe(1);
    const next = mock.events.publish({ event: 'test.burst', companyId: mock.credentials.companyId, data: {} });
    expect(next.sequence).toBeGreaterThan(created.sequence);
  });

  it('puts back the webhook retries waiting and the delivery journal as they were', async () => {
    const { mock, acs } = sandbox({ seed: 'empty' });
    await acs.webhooks.subscribe({ url: 'https://example.com/hooks', events: ['customer.created'], secret: 'whsec_snapshot_test_000001' });
    mock.webhooks.fail({ times: 1, status: 503 });
    await acs.customers.create(newCustomer());
    await mock.webhooks.settled();
    const snapshot = mock.snapshot();
    const [waiting] = mock.webhooks.scheduled;
    expect(waiting).toMatchObject({ attempt: 2 });
    mock.webhooks.fail({ times: 5, status: 503 });
    mock.clock.advance({ minutes: 2 });
    await mock.webhooks.flush();
    expect(mock.webhooks.scheduled).toEqual([expect.objectContaining({ attempt: 3 })]);
    mock.restore(snapshot);
    expect(mock.webhooks.scheduled).toEqual([waiting]);
    expect(mock.webhooks.deliveries.map((d) => d.attempt)).toEqual([1]);
    expect(mock.webhooks.faults).toEqual([]);
    mock.reset(); // no retry left to reach example.com in real time
  });

  it('keeps a snapshot under its name, restores it by name, and bounds names and their count', async () => {
    const mock = createMockService({ seed: 'empty' });
    const acs = clientFor(mock, { fetch: mock.fetch });
    expect(mock.snapshot('clean')).toMatchObject({ name: 'clean', at: expect.any(String) });
    await acs.customers.create(newCustomer());
    expect(mock.restore('clean').name).toBe('clean');
    expect((await acs.customers.list()).data).toEqual([]);
    expect(() => mock.restore('missing')).toThrow(/no snapshot "missing"/);
    expect(() => mock.snapshot('has space')).toThrow(TypeError);
    for (let i = mock.snapshots.list().length; i < SNAPSHOT_MAX_NAMED; i++) mock.snapshot(`s${i}`);
    expect(() => mock.snapshot('one-too-many')).toThrow(RangeError);
    mock.snapshot('clean'); // replacing a name adds none
    expect(mock.snapshots.delete('clean')).toBe(true);
    expect(mock.snapshots.get('clean')).toBeUndefined();
  });
});
