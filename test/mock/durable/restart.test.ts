import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../../mock-server/index.js';
import { START } from '../support/widgets.js';
import { client, newDataFolder } from './support.js';

const open: MockService[] = [];
function start(data: string, options: Parameters<typeof createMockService>[0] = {}): MockService {
  const mock = createMockService({ now: START, ...options, data });
  open.push(mock);
  return mock;
}
afterEach(() => {
  for (const mock of open.splice(0)) mock.close();
});

describe('a data folder (MOCK-29)', () => {
  it('a restart on the same folder keeps every acknowledged customer, the credentials and the clock', async () => {
    const data = newDataFolder();
    const first = start(data);
    const created = await client(first).post('/customers', { name: 'Kept Customer', email: 'kept@x.my' });
    expect(created.status).toBe(201);
    first.clock.advance({ days: 3 });
    const clockAtClose = first.clock.nowMs();
    const credentials = first.credentials;
    first.close();

    const second = start(data);
    expect(second.credentials).toEqual(credentials);
    expect(second.clock.nowMs()).toBeGreaterThanOrEqual(clockAtClose);
    const read = await client(second).get(`/customers/${created.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe('Kept Customer');
  });

  it('numbers and seeded ids keep increasing after a restart instead of starting again', async () => {
    const data = newDataFolder();
    const first = start(data, { seedKey: 'durable-test' });
    const one = await client(first).post('/customers', { name: 'One', email: 'one@x.my' });
    first.close();
    const second = start(data, { seedKey: 'durable-test' });
    const two = await client(second).post('/customers', { name: 'Two', email: 'two@x.my' });
    expect(two.status).toBe(201);
    expect(two.body.data.id).not.toBe(one.body.data.id);
    const numberOf = (customer: { customerNumber?: string; number?: string }) =>
      Number((customer.customerNumber ?? customer.number ?? '').replace(/\D/g, ''));
    expect(numberOf(two.body.data)).toBeGreaterThan(numberOf(one.body.data));
  });

  it('an Idempotency-Key used before the restart replays its answer after it', async () => {
    const data = newDataFolder();
    const first = start(data);
    const body = { name: 'Once', email: 'once@x.my' };
    const created = await client(first).post('/customers', body, { 'Idempotency-Key': 'durable-once' });
    first.close();
    const second = start(data);
    const again = await client(second).post('/customers', body, { 'Idempotency-Key': 'durable-once' });
    expect(again.replayed).toBe('true');
    expect(again.body.data.id).toBe(created.body.data.id);
  });

  it('a reset on a folder is kept too: the restart does not bring back what the reset removed', async () => {
    const data = newDataFolder();
    const first = start(data);
    const created = await client(first).post('/customers', { name: 'Gone', email: 'gone@x.my' });
    first.reset();
    first.close();
    const second = start(data);
    expect((await client(second).get(`/customers/${created.body.data.id}`)).status).toBe(404);
  });

  it('a table is read on first use after a restart: a snapshot taken before that restores it, and a restore keeps it in the folder', async () => {
    const data = newDataFolder();
    const first = start(data);
    const kept = await client(first).post('/customers', { name: 'Unread Yet', email: 'unread@x.my' });
    first.close();
    const second = start(data);
    // Taken before any request has read the customers: it holds them as the folder did.
    const clean = second.snapshot();
    const later = await client(second).post('/customers', { name: 'After Snapshot', email: 'after@x.my' });
    second.restore(clean);
    expect((await client(second).get(`/customers/${later.body.data.id}`)).status).toBe(404);
    expect((await client(second).get(`/customers/${kept.body.data.id}`)).status).toBe(200);
    second.close();
    const third = start(data);
    expect((await client(third).get(`/customers/${kept.body.data.id}`)).status).toBe(200);
    expect((await client(third).get(`/customers/${later.body.data.id}`)).status).toBe(404);
  });

  it('a named snapshot is kept in the folder: after a restart it is listed, restores what it held, and a delete is kept too', async () => {
    const data = newDataFolder();
    const first = start(data);
    const before = await client(first).post('/customers', { name: 'Before Snapshot', email: 'before@x.my' });
    // A fault armed at the snapshot is part of it: its matcher is built again from its options after the restart.
    first.faults.inject({ status: 503, method: 'GET', path: '/customers' });
    first.snapshot('clean');
    first.faults.clear();
    const after = await client(first).post('/customers', { name: 'After Snapshot', email: 'after@x.my' });
    first.close();

    const second = start(data);
    expect(second.snapshots.list().map((s) => s.name)).toEqual(['clean']);
    second.restore('clean');
    expect((await client(second).get(`/customers/${before.body.data.id}`)).status).toBe(200);
    expect((await client(second).get(`/customers/${after.body.data.id}`)).status).toBe(404);
    expect((await client(second).get('/customers')).status).toBe(503);
    expect((await client(second).get('/customers')).status).toBe(200);
    expect(second.snapshots.delete('clean')).toBe(true);
    second.close();
    const third = start(data);
    expect(third.snapshots.list()).toEqual([]);
    expect((await client(third).get(`/customers/${after.body.data.id}`)).status).toBe(404);
  });

  it('a restore after a restart gives back the snapshot, whatever was read or written before and after it (MOCK-45)', async () => {
    let serial = 0;
    const customer = () => ({ name: `Property ${++serial} Sdn Bhd`, email: `property${serial}@x.my` });
    const ids = async (mock: MockService) =>
      ((await client(mock).get('/customers?limit=100')).body.data as { id: string }[]).map((c) => c.id).sort();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.boolean(), async (before, after, readFirst) => {
        const data = newDataFolder();
        const first = start(data);
        for (let i = 0; i < before; i++) await client(first).post('/customers', customer());
        const atStop = await ids(first);
        first.close();
        const second = start(data);
        // The customers table is read before the snapshot, or only after it (the snapshot then gets it as the folder held it).
        if (readFirst) await ids(second);
        const snapshot = second.snapshot();
        for (let i = 0; i < after; i++) await client(second).post('/customers', customer());
        second.restore(snapshot);
        expect(await ids(second)).toEqual(atStop);
        second.close();
        expect(await ids(start(data))).toEqual(atStop);
      }),
      { numRuns: 8, seed: 45 },
    );
  });
});
