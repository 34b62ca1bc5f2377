import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../../mock-server/index.js';
import type { BatchOperation, CustomerCreateParams } from '../../../src/index.js';
import { RecordingTransport } from '../../stream/helpers.js';
import { clientFor } from '../../support/sandbox.js';
import { START } from '../support/widgets.js';
import { newDataFolder } from './support.js';

const open: MockService[] = [];
function start(data: string): MockService {
  const mock = createMockService({ now: START, data });
  open.push(mock);
  return mock;
}
afterEach(() => {
  for (const mock of open.splice(0)) mock.close();
});

const create = (name: string): BatchOperation<CustomerCreateParams> => ({
  operation: 'create',
  referenceId: name,
  data: { name, email: `${name.toLowerCase().replace(/\W/g, '')}@resume.my` },
});
const many = (tag: string, n: number) => Array.from({ length: n }, (_, i) => create(`${tag} ${i + 1}`));
const customerNames = async (mock: MockService) => {
  const names: string[] = [];
  for await (const customer of clientFor(mock).customers.list({ limit: 100 })) names.push(customer.name);
  return names;
};

describe('work in progress across a restart on a data folder (MOCK-43)', () => {
  it('a batch job running at the stop goes on from its last committed chunk and completes, each record written once', async () => {
    const data = newDataFolder();
    const first = start(data);
    const before = (await customerNames(first)).length;
    // Stop right after the first chunk commits: its records and the job's progress are in the folder, the rest not yet.
    const stopped = new Promise<void>((resolve) => {
      const off = first.store.onCommit((changes) => {
        if (!changes.some((c) => c.table === 'batchJobChunks')) return;
        off();
        first.close();
        resolve();
      });
    });
    const operations = many('Resumed', 250);
    const { jobId } = await clientFor(first).batch.customers.run(operations, { async: true });
    await stopped;

    const second = start(data);
    // Read before the worker's first turn: the folder held the job as the first chunk left it.
    const kept = second.store.table(second.credentials.companyId, 'batches').get(jobId);
    expect(kept).toMatchObject({ status: 'processing', processedRecords: 100, totalRecords: 250 });
    const acs = clientFor(second);
    const done = await acs.batch.waitForJob(jobId, { intervalMs: 1 });
    expect(done).toMatchObject({ status: 'completed', progress: { processedRecords: 250, successfulRecords: 250 } });
    const results = await acs.batch.jobs.results(jobId);
    expect(results.results.map((r) => r.referenceId)).toEqual(operations.map((op) => op.referenceId));
    const names = (await customerNames(second)).filter((name) => name.startsWith('Resumed '));
    expect(names.length).toBe(250);
    expect(new Set(names).size).toBe(250);
    expect((await customerNames(second)).length).toBe(before + 250);
  });

  it('a batch job still queued at the stop starts after the restart', async () => {
    const data = newDataFolder();
    const first = start(data);
    const { jobId } = await clientFor(first).batch.customers.run(many('Queued', 3), { async: true });
    // Closed before the worker's first turn: the job is queued in the folder.
    first.close();
    const second = start(data);
    const done = await clientFor(second).batch.waitForJob(jobId, { intervalMs: 1 });
    expect(done).toMatchObject({ status: 'completed', progress: { successfulRecords: 3 } });
  });
});

describe('webhook deliveries across a restart (MOCK-44)', () => {
  it('keeps the delivery journal and a retry waiting on the clock, and attempts it after the restart once it is due', async () => {
    const data = newDataFolder();
    const first = start(data);
    const acs = clientFor(first);
    await acs.webhooks.subscribe({ url: 'https://example.com/hooks', events: ['customer.created'], secret: 'whsec_durable_test_000001' });
    first.webhooks.fail({ times: 1, status: 503 });
    await acs.customers.create({ name: 'Hooked Sdn Bhd', email: 'hooked@x.my' });
    await first.webhooks.settled();
    const journal = first.webhooks.deliveries;
    const [waiting] = first.webhooks.scheduled;
    expect(waiting).toMatchObject({ attempt: 2 });
    first.close();

    const second = start(data);
    expect(second.webhooks.deliveries).toEqual(journal);
    expect(second.webhooks.scheduled).toEqual([waiting]);
    expect(second.webhooks.sent(waiting.id)).toMatchObject({ event: 'customer.created', attempts: journal });
    // Due while the process was down, as far as the clock goes: attempted as the clock passes it.
    second.webhooks.fail({ times: 1, status: 500 });
    second.clock.advance({ minutes: 2 });
    await second.webhooks.settled();
    expect(second.webhooks.deliveries.map((a) => [a.attempt, a.status, a.outcome])).toEqual([
      [1, 503, 'retry_scheduled'],
      [2, 500, 'retry_scheduled'],
    ]);
    second.close();
    // The second attempt, made after the first restart, is kept through the next one.
    expect(start(data).webhooks.scheduled).toMatchObject([{ id: waiting.id, attempt: 3 }]);
  });
});

describe('the event history across a restart (MOCK-44)', () => {
  it('a stream client resuming with its last event id gets what it missed, and event ids go on increasing', async () => {
    const data = newDataFolder();
    const first = start(data);
    const acs = clientFor(first);
    for (const n of [1, 2, 3]) await acs.customers.create({ name: `Streamed ${n} Sdn Bhd`, email: `streamed${n}@x.my` });
    const ids = first.events.history.filter((e) => e.event === 'customer.created').map((e) => e.id);
    expect(ids).toHaveLength(3);
    first.close();

    const second = start(data);
    const transport = new RecordingTransport();
    const session = second.stream.open('events', transport);
    const { apiKey, companyId } = second.credentials;
    session.receive(JSON.stringify({ type: 'auth', token: apiKey, companyId }));
    session.receive(JSON.stringify({ type: 'subscribe', channels: ['customer.created'], lastEventId: ids[0] }));
    expect(transport.eventIds()).toEqual(ids.slice(1));
    expect(transport.ofType('replayed')).toEqual([{ type: 'replayed', lastEventId: ids[0], count: 2 }]);
    const next = await clientFor(second).customers.create({ name: 'After Restart Sdn Bhd', email: 'after@x.my' });
    expect(transport.eventIds().at(-1)! > ids[2]).toBe(true);
    expect(second.events.history.at(-1)?.data).toMatchObject({ id: next.id });
  });
});
