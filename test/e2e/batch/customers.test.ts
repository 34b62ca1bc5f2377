import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient, BatchOperation, CustomerCreateParams, CustomerUpdateParams } from '../../../src/index.js';

type BatchCustomerOperation = BatchOperation<CustomerCreateParams, CustomerUpdateParams, true>;
import { sandbox } from '../../support/sandbox.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo' }));
});

const customerCount = async () => (await acs.customers.list({ limit: 1 })).pagination;
const create = (name: string, extra: Record<string, unknown> = {}, referenceId?: string): BatchCustomerOperation => ({
  operation: 'create',
  ...(referenceId ? { referenceId } : {}),
  data: { name, email: `${name.toLowerCase().replace(/\W/g, '') || 'x'}@batch.my`, ...extra },
});

describe('POST /v1/batch/customers', () => {
  it('creates, updates and deletes customers through the single-record rules, with per-record results and a summary', async () => {
    const kept = await acs.customers.create({ name: 'Kedai Lama', email: 'lama@kedai.my' });
    const gone = await acs.customers.create({ name: 'Kedai Tutup', email: 'tutup@kedai.my' });
    const result = await acs.batch.customers.run([
      create('Kedai Baru', { email: 'baru@kedai.my' }, 'row-1'),
      { operation: 'update', referenceId: 'row-2', data: { id: kept.id, phone: '+60312345678' } },
      { operation: 'delete', referenceId: 'row-3', data: { id: gone.id } },
    ]);
    expect(result).toMatchObject({
      status: 'completed',
      totalRecords: 3,
      processedRecords: 3,
      successfulRecords: 3,
      failedRecords: 0,
      skippedRecords: 0,
      summary: { created: 1, updated: 1, deleted: 1, errors: 0, warnings: 0 },
    });
    expect(result.batchId).toMatch(/^batch_/);
    expect(result.results.map((r) => [r.referenceId, r.operation, r.success])).toEqual([
      ['row-1', 'create', true],
      ['row-2', 'update', true],
      ['row-3', 'delete', true],
    ]);
    expect((await acs.customers.retrieve(kept.id)).phone).toBe('+60312345678');
    await expect(acs.customers.retrieve(gone.id)).rejects.toMatchObject({ status: 404 });
  });

  it('reports a failed record with its code, category, field, details and context, and stops there without continueOnError', async () => {
    const result = await acs.batch.customers.run([create('Satu'), create('Dua', { email: 'not-an-email' }), create('Tiga')]);
    expect(result).toMatchObject({ status: 'completed_with_errors', successfulRecords: 1, failedRecords: 1, skippedRecords: 1 });
    const failed = result.results[1]!;
    expect(failed.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      category: 'validation',
      field: 'email',
      context: { rowNumber: 2, originalData: { name: 'Dua', email: 'not-an-email' } },
    });
    expect(failed.error!.details[0]).toMatchObject({ field: 'email' });
    expect(result.results[2]).toMatchObject({ success: false, skipped: true });
  });

  it('goes on after a failure with continueOnError', async () => {
    const result = await acs.batch.customers.run([create(''), create('Dua'), create('Tiga')], { continueOnError: true });
    expect(result).toMatchObject({ successfulRecords: 2, failedRecords: 1, skippedRecords: 0, summary: { created: 2, errors: 1 } });
  });

  it('stores nothing with validateOnly, and reports every record', async () => {
    const before = await customerCount();
    const result = await acs.batch.customers.run([create('Satu'), create('x'.repeat(101))], { validateOnly: true, continueOnError: true });
    expect(result).toMatchObject({ status: 'validated', successfulRecords: 1, failedRecords: 1, summary: { created: 0 } });
    expect(result.results[0]!.data).toBeUndefined();
    expect(await customerCount()).toEqual(before);
  });

  it('undoes the whole batch with rollbackOnError when one record fails', async () => {
    const before = await customerCount();
    const result = await acs.batch.customers.run([create('Satu'), create('Dua'), create('')], {
      rollbackOnError: true,
      continueOnError: true,
    });
    expect(result).toMatchObject({ status: 'rolled_back', failedRecords: 1, summary: { created: 0 } });
    expect(result.results.every((r) => r.rolledBack && r.data === undefined)).toBe(true);
    expect(await customerCount()).toEqual(before);
  });

  it('refuses a batch over 500 records, or with a referenceId given twice, and stores nothing', async () => {
    const before = await customerCount();
    await expect(acs.batch.customers.run(Array.from({ length: 501 }, (_, i) => create(`C${i}`)))).rejects.toMatchObject({ status: 422 });
    await expect(acs.batch.customers.run([create('A', {}, 'r'), create('B', {}, 'r')])).rejects.toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
    });
    expect(await customerCount()).toEqual(before);
    expect(mock).toBeDefined();
  });
});

describe('asynchronous batches', () => {
  it('answers 202 with a job that runs in chunks, while the mock answers other requests, to the same results', async () => {
    const operations = Array.from({ length: 450 }, (_, i) => create(`Async ${i}`, i === 7 ? { email: 'broken' } : {}, `r${i}`));
    const accepted = await acs.batch.customers.run(operations, { async: true, continueOnError: true }).withResponse();
    expect(accepted.response.status).toBe(202);
    expect(accepted.data).toMatchObject({
      status: 'queued',
      totalRecords: 450,
      progressUrl: expect.stringMatching(/\/batch\/jobs\/batch_/),
      downloadUrl: expect.stringMatching(/\/results$/),
    });
    const seen: number[] = [];
    const [job] = await Promise.all([
      acs.batch.waitForJob(accepted.data.jobId, { intervalMs: 1, onProgress: (j) => seen.push(j.progress.processedRecords) }),
      acs.customers.list({ limit: 1 }),
    ]);
    expect(job).toMatchObject({
      status: 'completed_with_errors',
      progress: { totalRecords: 450, processedRecords: 450, successfulRecords: 449, failedRecords: 1, percentComplete: 100 },
    });
    expect(job.completedAt).not.toBeNull();
    expect(seen.at(-1)).toBe(450);
    expect((await acs.customers.list({ search: 'Async 449' })).data).toHaveLength(1);
  });

  it('refuses rollbackOnError for a job before running anything', async () => {
    await expect(acs.batch.customers.run([create('A')], { async: true, rollbackOnError: true })).rejects.toMatchObject({
      status: 422,
      code: 'ROLLBACK_NOT_SUPPORTED',
    });
  });

  it('an unknown job, or a synchronous batch id, is 404', async () => {
    const sync = await acs.batch.customers.run([create('Sync')]);
    await expect(acs.batch.jobs.retrieve(sync.batchId)).rejects.toMatchObject({ status: 404, code: 'BATCH_JOB_NOT_FOUND' });
  });
});
