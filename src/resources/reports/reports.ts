import { reportsBalanceSheetAsync, reportsDownloadLink, reportsEmail, reportsList, reportsTrialBalance, type ReportDownloadLinkParams, type ReportJob } from '../../generated/index.js';
import { Resource, type Method } from '../../core/resource.js';
import { PurchasingReports } from './purchasing.js';
import type { ReportFile } from '../../core/report-file.js';
import { ReportJobs, type WaitForJobOptions } from './jobs.js';
import { ReportSchedules } from './schedules.js';

/**
 * Reports (spec document 3, "Reports"): each method resolves to the report as JSON, and its
 * `.download({ format })` to the same report as a CSV, PDF or Excel file (a `ReportFile`).
 */
export class Reports extends Resource {
  readonly purchasing = this.resource(PurchasingReports);

  /**
   * Every account's debit or credit balance on `asOfDate` (default today), from posted journal lines;
   * `totals.debit` equals `totals.credit` when the books balance.
   *
   * @example
   * const { accounts, totals } = await acs.reports.trialBalance({ asOfDate: '2026-10-31' });
   * const csv = await acs.reports.trialBalance.download({ asOfDate: '2026-10-31', format: 'csv' });
   */
  trialBalance = this.method(reportsTrialBalance);

  /**
   * The report types the service computes (`trial-balance`, ...), each with its path, summary and
   * formats: the `reportType` of `email` and the `reportId` of a schedule.
   *
   * @example
   * for await (const type of acs.reports.list()) console.log(type.reportType, type.formats);
   */
  list = this.method(reportsList);

  /** Report schedules: run at a wall time of a time zone and emailed with the file attached. */
  readonly schedules = this.resource(ReportSchedules);
  /** Asynchronous report jobs: status, progress, result. */
  readonly jobs = this.resource(ReportJobs);

  /**
   * Emails a report (`reportType`: `trial-balance`, `balance-sheet`, ...) as a file (`parameters.format`
   * csv, pdf by default, or excel), attached and/or behind a link (`includeLink`) that downloads it
   * without credentials for `linkExpiryDays` (default 7). The link's secret is in the email only.
   *
   * @example
   * const sent = await acs.reports.email('trial-balance', {
   *   parameters: { asOfDate: '2026-10-31', format: 'pdf' },
   *   recipients: ['auditor@example.my'],
   *   includeLink: true,
   *   linkExpiryDays: 3,
   * });
   */
  email = this.method(reportsEmail);

  /**
   * Starts computing a balance sheet off the request (the balance sheet's parameters; `format` sets the
   * `downloadUrl`'s); resolves to its job, `status: 'processing'`. Follow it with `waitForJob`.
   *
   * @example
   * const job = await acs.reports.balanceSheetAsync({ asOfDate: '2026-10-31' });
   * await acs.reports.waitForJob(job.jobId, { onProgress: (j) => console.log(`${j.progress}%`) });
   * const balanceSheet = await acs.reports.jobs.result(job.jobId);
   */
  balanceSheetAsync = this.method(reportsBalanceSheetAsync);

  /**
   * Downloads an emailed report by its link (`.../reports/links/{linkId}?token=...`), without
   * credentials, until the link expires (then 410 `REPORT_LINK_EXPIRED`); resolves to a `ReportFile`.
   *
   * @example
   * const link = new URL(urlFromTheEmail);
   * const file = await acs.reports.downloadLink(link.pathname.split('/').pop()!, { token: link.searchParams.get('token')! });
   */
  downloadLink = this.method(reportsDownloadLink) as unknown as Method<[linkId: string, query: ReportDownloadLinkParams], ReportFile>;

  /**
   * Polls a report job with a growing wait until it completes: resolves to the completed job (its
   * `downloadUrl` set), rejects with a `ReportJobFailedError` if it fails or an `AbortError` when
   * `signal` aborts; `onProgress` sees each change of progress.
   *
   * @example
   * const done = await acs.reports.waitForJob(job.jobId, { onProgress: (j) => bar.update(j.progress), signal: AbortSignal.timeout(60_000) });
   * const pdf = await acs.reports.jobs.download(done.jobId, { format: 'pdf' });
   */
  waitForJob(jobId: string, options?: WaitForJobOptions): Promise<ReportJob> {
    return this.jobs.wait(jobId, options);
  }
}
