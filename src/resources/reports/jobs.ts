import { reportsJobsResult, type ReportJob } from '../../generated/index.js';
import type { ApiPromise } from '../../core/api-promise.js';
import { AcsError } from '../../core/errors.js';
import { pollUntil, type PollOptions } from '../../core/poll.js';
import type { FileFormat, ReportFile } from '../../core/report-file.js';
import type { RequestOptions } from '../../core/request-options.js';

import { ReportsJobsMethods } from '../../generated/resources/reports.js';

/** Options of `acs.reports.waitForJob`: intervals default to 500 ms. */
export type WaitForJobOptions = PollOptions<ReportJob>;

/** A report job that ended `failed`: `job.error` says why (its `code` is this error's). */
export class ReportJobFailedError extends AcsError {
  static override readonly kind: string = 'ReportJobFailedError';
  declare readonly status: undefined;
  declare readonly headers: undefined;
  constructor(readonly job: ReportJob) {
    super({
      code: job.error?.code ?? 'REPORT_JOB_FAILED',
      message: `Report job ${job.jobId} failed: ${job.error?.message ?? 'no reason given'}`,
      details: job.error ?? undefined,
    });
  }
}

/** Asynchronous report jobs (spec document 3: `GET /v1/reports/jobs/{jobId}`): `acs.reports.jobs`. */
export class ReportJobs extends ReportsJobsMethods {
  /**
   * A completed job's report as a file (`format` csv, pdf or excel): a `ReportFile`.
   *
   * @example
   * const pdf = await acs.reports.jobs.download(jobId, { format: 'pdf' });
   */
  download(jobId: string, query: { format: FileFormat }, options?: RequestOptions): ApiPromise<ReportFile> {
    return this.downloadFrom(reportsJobsResult, { params: { jobId }, query }, options);
  }

  /** `acs.reports.waitForJob`. @internal */
  async wait(jobId: string, options: WaitForJobOptions = {}): Promise<ReportJob> {
    const job = await pollUntil(
      {
        read: (signal) => this.retrieve(jobId, { signal }),
        done: (j) => j.status === 'completed' || j.status === 'failed',
        state: (j) => `${j.status}:${j.progress}`,
        what: `report job ${jobId}`,
        defaultIntervalMs: 500,
      },
      options,
    );
    if (job.status === 'failed') throw new ReportJobFailedError(job);
    return job;
  }
}
