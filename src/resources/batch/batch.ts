import type { ApiPromise } from '../../core/api-promise.js';
import { pollUntil, type PollOptions } from '../../core/poll.js';
import type { ReportFile } from '../../core/report-file.js';
import type { RequestOptions } from '../../core/request-options.js';
import { Resource } from '../../core/resource.js';
import { batchCustomers, batchJobsList, batchJobsResults, batchJobsRetrieve, batchMetrics, type BatchJob, type CustomerCreateParams, type CustomerUpdateParams } from '../../generated/index.js';
import { BatchEntity, type BatchOperation } from './batch-run.js';

const FINISHED = new Set(['completed', 'completed_with_errors', 'failed', 'rolled_back', 'validated']);

/** An asynchronous batch's status and progress (`acs.batch.jobs`). */
export class BatchJobs extends Resource {
  retrieve = this.method(batchJobsRetrieve);

  /** The company's asynchronous batches, newest first (`status`, `entity`). */
  list = this.method(batchJobsList);

  /**
   * A finished job's per-record results, in the shape of a synchronous batch's answer; before the job
   * has finished, 409 `BATCH_JOB_NOT_FINISHED`.
   *
   * @example
   * const { results } = await acs.batch.jobs.results(jobId);
   */
  results = this.method(batchJobsResults);

  /**
   * The same results as a CSV file (`rowNumber`, `referenceId`, `operation`, `success`, `recordId`, `errorCode`, ...).
   *
   * @example
   * const csv = await (await acs.batch.jobs.downloadResults(jobId)).text();
   */
  downloadResults(jobId: string, options?: RequestOptions): ApiPromise<ReportFile> {
    return this.downloadFrom(batchJobsResults, { params: { jobId }, query: { format: 'csv' } }, options);
  }
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

  /** This month's batches, the jobs running and queued, and the batch rate limit left (`rateLimits.remaining`, `resetTime`). */
  metrics = this.method(batchMetrics);

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
