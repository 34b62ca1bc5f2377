import { describe, expect, it } from 'vitest';
import type { BatchOperation, CustomerCreateParams } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';

const create = (name: string, email = `${name.toLowerCase().replace(/\W/g, '')}@metrics.my`): BatchOperation<CustomerCreateParams> => ({
  operation: 'create',
  data: { name, email },
});
const many = (tag: string, n: number) => Array.from({ length: n }, (_, i) => create(`${tag} ${i + 1}`));

describe('GET /v1/batch/metrics', () => {
  it("reports this month's batches, sync and async, from the real history: records, processing time and success rate", async () => {
    const { acs } = sandbox({ seed: 'demo', now: '2026-11-10T09:00:00Z' });
    const before = (await acs.batch.metrics()).currentMonth;
    // The demo's history: one checked import of two customers, both valid.
    expect(before).toMatchObject({ totalBatches: 1, totalRecords: 2, successRate: 100 });
    await acs.batch.customers.run([create('Kedai Satu'), create('Kedai Dua', 'bad'), create('Kedai Tiga')], { continueOnError: true });
    const { jobId } = await acs.batch.customers.run(many('Kedai', 7), { async: true });
    await acs.batch.waitForJob(jobId, { intervalMs: 1 });
    const { currentMonth } = await acs.batch.metrics();
    expect(currentMonth.totalBatches).toBe(before.totalBatches + 2);
    expect(currentMonth.totalRecords).toBe(before.totalRecords + 10);
    expect(currentMonth.averageProcessingTime).toBeGreaterThanOrEqual(0);
    // 11 of 12 processed records succeeded.
    expect(currentMonth.successRate).toBe(91.7);
  });

  it("counts a month in the company's time zone and starts the next one empty", async () => {
    // 23:30 UTC on 30 November is already 1 December in Kuala Lumpur (UTC+8).
    const { acs, mock } = sandbox({ seed: 'demo', now: '2026-11-30T15:30:00Z' });
    await acs.batch.customers.run([create('Kedai Satu')]);
    expect((await acs.batch.metrics()).currentMonth.totalBatches).toBe(2);
    mock.clock.advance({ hours: 1 });
    expect((await acs.batch.metrics()).currentMonth).toEqual({
      totalBatches: 0,
      totalRecords: 0,
      averageProcessingTime: 0,
      successRate: null,
    });
  });

  it('shows the jobs running and queued now, and the batch rate limit left with when it resets', async () => {
    const { acs, mock } = sandbox({ seed: 'demo', now: '2026-11-10T09:00:00Z' });
    mock.clock.advance({ minutes: 2 });
    const ids: string[] = [];
    for (const tag of ['A', 'B', 'C', 'D']) ids.push((await acs.batch.customers.run(many(tag, 500), { async: true })).jobId);
    const running = await acs.batch.metrics();
    expect(running.activeBatches + running.queuedBatches).toBe(4);
    expect(running.activeBatches).toBeLessThanOrEqual(3);
    expect(running.rateLimits.remaining).toBe(6);
    const first = (await acs.batch.jobs.retrieve(ids[0])).createdAt;
    expect(running.rateLimits.resetTime).toBe(new Date(Date.parse(first) + 60_000).toISOString());
    for (const id of ids) await acs.batch.waitForJob(id, { intervalMs: 1 });
    expect(await acs.batch.metrics()).toMatchObject({ activeBatches: 0, queuedBatches: 0 });
  });
});
