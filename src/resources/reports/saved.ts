import {
  reportsSavedCreate,
  reportsSavedDelete,
  reportsSavedExecute,
  reportsSavedList,
  reportsSavedRetrieve,
  type SavedReportExecuteParams,
} from '../../generated/index.js';
import type { ApiPromise } from '../../core/api-promise.js';
import type { FileFormat, ReportFile } from '../../core/report-file.js';
import type { RequestOptions } from '../../core/request-options.js';
import { Resource } from '../../core/resource.js';

/**
 * Saved reports (spec document 3, "Reports"): `acs.reports.saved`. A saved report is a standard report
 * type with parameters, or a custom report's definition (saved by `acs.reports.custom({ ..., save: true })`).
 */
export class SavedReports extends Resource {
  /**
   * The company's saved reports, by name; `reportType` keeps one type (`custom`, `trial-balance`, ...).
   *
   * @example
   * for await (const saved of acs.reports.saved.list()) console.log(saved.name, saved.reportType);
   */
  list = this.method(reportsSavedList);

  /**
   * One saved report; an unknown id rejects with 404 `REPORT_NOT_FOUND`.
   *
   * @example
   * const saved = await acs.reports.saved.retrieve('rpt_...');
   */
  retrieve = this.method(reportsSavedRetrieve);

  /**
   * Saves a standard report type with its parameters (checked as the report checks its query).
   *
   * @example
   * const saved = await acs.reports.saved.create({ name: 'Trial balance', reportType: 'trial-balance', parameters: { includeZeroBalances: true } });
   */
  create = this.method(reportsSavedCreate);

  /**
   * Deletes a saved report.
   *
   * @example
   * await acs.reports.saved.delete(saved.id);
   */
  delete = this.method(reportsSavedDelete);

  /**
   * Runs a saved report as JSON: `parameters` override the saved ones (a custom report takes
   * `dateRange`, `filters`, `sorting`, `limit`); `report` is the report as its own endpoint answers it.
   *
   * @example
   * const { report, cached } = await acs.reports.saved.execute(saved.id, { parameters: { asOfDate: '2026-10-31' } });
   */
  execute = this.method(reportsSavedExecute);

  /**
   * Runs a saved report as a CSV, PDF or Excel file.
   *
   * @example
   * const pdf = await acs.reports.saved.download(saved.id, { format: 'pdf' });
   */
  download(
    reportId: string,
    input: Omit<SavedReportExecuteParams, 'format'> & { format: FileFormat },
    options?: RequestOptions,
  ): ApiPromise<ReportFile> {
    return this.downloadFrom(reportsSavedExecute, { params: { reportId }, body: input }, options);
  }
}
