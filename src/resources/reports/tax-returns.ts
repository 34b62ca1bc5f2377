import { taxReturnsRetrieve } from '../../generated/index.js';
import type { ApiPromise } from '../../core/api-promise.js';
import type { FileFormat, ReportFile } from '../../core/report-file.js';
import type { RequestOptions } from '../../core/request-options.js';
import { TaxReturnsMethods } from '../../generated/resources/reports.js';

/** Tax returns by taxable period and their payments (implied; decisions ACC-35, ACC-36, ACC-39, ACC-40). */
export class TaxReturns extends TaxReturnsMethods {
  /**
   * A filed return as a CSV, PDF or Excel file, laid out as the reports are (a draft's: `preview.download`).
   *
   * @example
   * const pdf = await acs.taxReturns.download(filed.id!, { format: 'pdf' });
   */
  download(taxReturnId: string, query: { format: FileFormat }, options?: RequestOptions): ApiPromise<ReportFile> {
    return this.downloadFrom(taxReturnsRetrieve, { params: { taxReturnId }, query }, options);
  }
}
