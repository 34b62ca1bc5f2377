import type { FileFormat } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import { companyCurrency, retrieveCompany } from '../../platform/index.js';
import { REPORT_FORMATS, type ReportFormat } from '../../../../src/contract/reports/common.js';
import type { ReportDocument } from './document.js';
import { formatNotSupported, invalidParameters } from './errors.js';
import type { AnyReportDefinition, ReportLayout } from './registry.js';
import { extensionOf, mediaTypeOf, renderReportDocument } from './render/index.js';

/** A report file ready to send or attach: its bytes are made on demand. */
export interface ReportFileOut {
  filename: string;
  contentType: string;
  render(): Promise<Uint8Array>;
}

/** `format` checked: json when absent; FORMAT_NOT_SUPPORTED for anything but the four of spec document 3. */
export function reportFormatOf(format: unknown): ReportFormat {
  if (format === undefined || format === null || format === '') return 'json';
  if (typeof format === 'string' && (REPORT_FORMATS as readonly string[]).includes(format)) return format as ReportFormat;
  throw formatNotSupported(String(format));
}

/** A report is written in the company's currency only (decision REP-5): another answers INVALID_PARAMETERS. */
export function checkReportCurrency(ctx: CompanyContext, currency: unknown): void {
  if (currency === undefined || currency === null || currency === '') return;
  const own = companyCurrency(ctx);
  if (currency !== own)
    throw invalidParameters(
      'currency',
      `reports are written in the company's currency, ${own}; currency translation is not offered`,
      currency,
    );
}

/** The file of a computed report: its layout, with the company, currency and time of the run. */
export function reportFile(
  ctx: CompanyContext,
  definition: AnyReportDefinition,
  data: unknown,
  params: Record<string, unknown>,
  format: FileFormat,
  computedAt: string,
): ReportFileOut {
  return layoutFile(ctx, definition.layout(data, params), definition.filename(data, params), format, computedAt);
}

/** The file of a laid-out document (a report, a tax return): the company, currency and time of the run added. */
export function layoutFile(
  ctx: CompanyContext,
  layout: ReportLayout,
  filename: string,
  format: FileFormat,
  generatedAt: string,
): ReportFileOut {
  const document: ReportDocument = {
    ...layout,
    companyName: retrieveCompany(ctx).name,
    currency: companyCurrency(ctx),
    generatedAt,
  };
  return {
    filename: `${filename}.${extensionOf(format)}`,
    contentType: mediaTypeOf(format),
    render: () => renderReportDocument(document, format),
  };
}
