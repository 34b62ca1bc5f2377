import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient, BatchJob, BatchOperation, CustomerCreateParams } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo' }));
});

const create = (name: string, email = `${name.toLowerCase().replace(/\W/g, '')}@jobs.my`): BatchOperation<CustomerCreateParams> => ({
  operation: 'create',
  referenceId: name,
  data: { name, email },
});
const many = (tag: string, n: number) => Array.from({ length: n }, (_, i) => create(`${tag} ${i + 1}`));
const customerTotal = async () => (await acs.customers.list({ limit: 1 })).pagination.total;
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('GET /v1/batch/jobs/{jobId}/results', () => {
  it("gives a finished job's per-record results in order, in the shape of a synchronous batch's answer", async () => {
    const operations = [create('Kedai Satu'), create('Kedai Dua', 'not-an-email'), ...many('Kedai', 150)];
    const { jobId } = await acs.batch.customers.run(operations, { async: true, continueOnError: true });
    await acs.batch.waitForJob(jobId, { intervalMs: 1 });
    const result = await acs.batch.jobs.results(jobId);
    expect(result).toMatchObject({
      batchId: jobId,
      status: 'completed_with_errors',
      totalRecords: 152,
      successfulRecords: 151,
      failedRecords: 1,
    });
    expect(result.summary).toMatchObject({ created: 151, errors: 1 });
    expect(result.results.map((r) => r.referenceId)).toEqual(operations.map((op) => op.referenceId));
    expect(result.results[1]).toMatchObject({
      success: false,
      error: { code: 'VALIDATION_ERROR', field: 'email', context: { rowNumber: 2 } },
    });
  });

  it('downloads the results as a CSV file with a line per record', async () => {
    const { jobId } = await acs.batch.customers.run([create('Kedai Satu'), create('=cmd', 'bad')], { async: true, continueOnError: true });
    await acs.batch.waitForJob(jobId, { intervalMs: 1 });
    const file = await acs.batch.jobs.downloadResults(jobId);
    expect(file.contentType).toMatch(/^text\/csv/);
    expect(file.filename).toBe(`batch-customers-${jobId}-results.csv`);
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('rowNumber,referenceId,operation,success,skipped,rolledBack,recordId,errorCode,errorField,errorMessage');
    expect(lines[1]).toMatch(/^1,Kedai Satu,create,true,false,false,cus_\w+,,,$/);
    // A value a spreadsheet would run as a formula is quoted.
    expect(lines[2]).toMatch(/^2,'=cmd,create,false,false,false,,VALIDATION_ERROR,email,/);
  });

  it('is 409 BATCH_JOB_NOT_FINISHED before the job has finished, and 404 for an unknown job', async () => {
    const { jobId } = await acs.batch.customers.run(many('Kedai', 500), { async: true });
    await expect(acs.batch.jobs.results(jobId)).rejects.toMatchObject({ status: 409, code: 'BATCH_JOB_NOT_FINISHED' });
    await expect(acs.batch.jobs.results('batch_unknown')).rejects.toMatchObject({ status: 404, code: 'BATCH_JOB_NOT_FOUND' });
    await acs.batch.waitForJob(jobId, { intervalMs: 1 });
    expect((await acs.batch.jobs.results(jobId)).successfulRecords).toBe(500);
  });
});

describe('concurrent jobs', () => {
  it('runs at most three jobs of a company at once; a fourth waits queued until a slot is free', async () => {
    const ids: string[] = [];
    for (const tag of ['A', 'B', 'C', 'D']) ids.push((await acs.batch.customers.run(many(`Kedai ${tag}`, 500), { async: true })).jobId);
    const seen: BatchJob[][] = [];
    for (;;) {
      const jobs = await Promise.all(ids.map((id) => acs.batch.jobs.retrieve(id)));
      seen.push(jobs);
      if (jobs.every((job) => job.completedAt !== null)) break;
      await turn();
    }
    for (const jobs of seen) expect(jobs.filter((job) => job.status === 'processing').length).toBeLessThanOrEqual(3);
    // Once three were running, the fourth was queued, and it started only after one of them had finished.
    const full = seen.find((jobs) => jobs.filter((job) => job.status === 'processing').length === 3);
    expect(full?.filter((job) => job.status === 'queued')).toHaveLength(1);
    const waiting = full!.find((job) => job.status === 'queued')!;
    const last = seen.at(-1)!;
    const started = last.find((job) => job.jobId === waiting.jobId)!.startedAt!;
    const firstDone = last
      .filter((job) => job.jobId !== waiting.jobId)
      .map((job) => job.completedAt!)
      .sort()[0];
    expect(started >= firstDone).toBe(true);
    expect(last.map((job) => job.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
  });
});

describe('mock.reset() and a job in flight', () => {
  it('leaves no job running and nothing written after the reset', async () => {
    const before = await customerTotal();
    const { jobId } = await acs.batch.customers.run(many('Kedai', 500), { async: true });
    for (let job = await acs.batch.jobs.retrieve(jobId); job.progress.processedRecords === 0; job = await acs.batch.jobs.retrieve(jobId))
      await turn();
    expect(await customerTotal()).toBeGreaterThan(before);
    mock.reset();
    for (let i = 0; i < 10; i++) await turn();
    expect(await customerTotal()).toBe(before);
    await expect(acs.batch.jobs.retrieve(jobId)).rejects.toMatchObject({ status: 404 });
    expect((await acs.batch.metrics()).activeBatches).toBe(0);
  });
});
