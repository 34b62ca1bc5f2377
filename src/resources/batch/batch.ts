import { pollUntil, type PollOptions } from '../../core/poll.js';
import { Resource } from '../../core/resource.js';
import { batchCustomers, batchJobsList, batchJobsRetrieve, type BatchJob, type CustomerCreateParams, type CustomerUpdateParams } from '../../generated/index.js';
import { BatchTemplates, csvImportMethod } from './batch-import.js';
import { BatchEntity, type BatchOperation } from './batch-run.js';

const FINISHED = new Set(['completed', 'completed_with_errors', 'failed', 'rolled_back', 'validated']);

/** An asynchronous batch's status and progress (`acs.batch.jobs`). */
export class BatchJobs extends Resource {
  retrieve = this.method(batchJobsRetrieve);

  /** The company's asynchronous batches, newest first (`status`, `entity`). */
  list = this.method(batchJobsList);
}

/**
 * Batch operations (spec document 3, "Batch operations"): up to an entity's limit of records per call,
 * each through the single-record rules, with per-record results; large batches run as jobs.
 *
 * @example
 * const result = await acs.batch.customers.run([{ operation: 'create', referenceId: 'row-1', data: { name: 'Kedai Ali', email: 'ali@kedai.my' } }], { continueOnError: true });
 */
export class Batch extends Resource {
  /** Up to 500 customers: create, update, delete. */
  customers = new BatchEntity<BatchOperation<CustomerCreateParams, CustomerUpdateParams, true>>(this.core, batchCustomers);

  jobs = this.resource(BatchJobs);

  /**
   * Imports customers from a CSV (`File`, `Blob` or text), each field from the column `mapping` names;
   * an error's `context.rowNumber` is the line of the file. With `{ async: true }`, up to 50,000 rows.
   *
   * @example
   * const job = await acs.batch.importCustomersCsv(csv, { mapping: { name: 'Name', email: 'Email' }, options: { async: true, continueOnError: true } });
   */
  importCustomersCsv = csvImportMethod((route) => this.method(route));

  templates = this.resource(BatchTemplates);

  /**
   * Polls a job until it is done and resolves with it; `onProgress` sees it advance.
   *
   * @example
   * const job = await acs.batch.waitForJob(jobId, { onProgress: (j) => console.log(`${j.progress.percentComplete}%`) });
   */
  waitForJob(jobId: string, options: PollOptions<BatchJob> = {}): Promise<BatchJob> {
    return pollUntil(
      {
        read: (signal) => this.jobs.retrieve(jobId, { signal }),
        done: (job) => FINISHED.has(job.status),
        state: (job) => `${job.status}:${job.progress.processedRecords + job.progress.skippedRecords}`,
        what: `batch job ${jobId}`,
        defaultIntervalMs: 500,
      },
      options,
    );
  }
}
