import { reportsSavedExecute, type SavedReportExecuteParams } from '../../generated/index.js';
import type { ApiPromise } from '../../core/api-promise.js';
import type { FileFormat, ReportFile } from '../../core/report-file.js';
import type { RequestOptions } from '../../core/request-options.js';

import { ReportsSavedMethods } from '../../generated/resources/reports.js';

/**
 * Saved reports (spec document 3, "Reports"): `acs.reports.saved`. A saved report is a standard report
 * type with parameters, or a custom report's definition (saved by `acs.reports.custom({ ..., save: true })`).
 */
export class SavedReports extends ReportsSavedMethods {
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
