import { type ReportDownloadLinkParams, type ReportJob, reportsDownloadLink } from '../../generated/index.js';
import type { Method } from '../../core/resource.js';
import type { ReportFile } from '../../core/report-file.js';
import { PurchasingReports } from './purchasing.js';
import { ReportJobs, type WaitForJobOptions } from './jobs.js';
import { SavedReports } from './saved.js';
import { ReportSchedules } from './schedules.js';
import { ReportsMethods } from '../../generated/resources/reports.js';

/**
 * Reports (spec document 3, "Reports"): each method resolves to the report as JSON, and its
 * `.download({ format })` to the same report as a CSV, PDF or Excel file (a `ReportFile`).
 */
export class Reports extends ReportsMethods {
  readonly purchasing = this.resource(PurchasingReports);
  readonly saved = this.resource(SavedReports);

  /** Report schedules: run at a wall time of a time zone and emailed with the file attached. */
  readonly schedules = this.resource(ReportSchedules);
  /** Asynchronous report jobs: status, progress, result. */
  readonly jobs = this.resource(ReportJobs);

  /**
   * Downloads an emailed report by its link's id and token, without credentials, until it expires (410).
   *
   * @example
   * const file = await acs.reports.downloadLink(linkId, { token });
   */
  downloadLink = this.method(reportsDownloadLink) as Method<[linkId: string, query: ReportDownloadLinkParams], ReportFile>;

  /**
   * Polls a report job with a growing wait until it completes; rejects with `ReportJobFailedError` or `AbortError`.
   *
   * @example
   * const done = await acs.reports.waitForJob(job.jobId, { onProgress: (j) => console.log(j.progress) });
   */
  waitForJob(jobId: string, options?: WaitForJobOptions): Promise<ReportJob> {
    return this.jobs.wait(jobId, options);
  }
}
