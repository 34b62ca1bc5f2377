import type { FileFormat } from '../../../../src/contract/index.js';
import type { ReportFormat } from '../../../../src/contract/reports/common.js';
import { invalidParameters } from '../core/errors.js';
import { reportFormatOf } from '../core/files.js';
import type { AnyReportDefinition } from '../core/registry.js';
import { checkedReportParameters } from './saved.js';

/** The `parameters` of an email, a schedule or a job: the format asked for, and the report's own. */
export interface SplitParameters {
  /** json when not given (FORMAT_NOT_SUPPORTED for an unknown one). */
  format: ReportFormat;
  formatGiven: boolean;
  /** The report's own parameters, not yet checked; a null reads as not given, as an absent query parameter. */
  rest: Record<string, unknown>;
}

export function splitParameters(given: Record<string, unknown> = {}): SplitParameters {
  const { format, ...rest } = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== null));
  return { format: reportFormatOf(format), formatGiven: format !== undefined && format !== '', rest };
}

/**
 * A catalogue report's parameters from a JSON body (an email's, a job's), checked as its endpoint checks
 * its query (spec document 3, "Errors": 400 INVALID_PARAMETERS naming `parameters.<field>`, an unknown
 * name included), and the format asked for.
 */
export function runParametersOf(
  definition: AnyReportDefinition,
  given: Record<string, unknown> = {},
): { params: Record<string, unknown>; format: ReportFormat; formatGiven: boolean } {
  const split = splitParameters(given);
  return { params: checkedReportParameters(definition, split.rest), format: split.format, formatGiven: split.formatGiven };
}

/** The file an emailed or scheduled report is sent as: csv, pdf (the default) or excel; json is no file (400 INVALID_PARAMETERS). */
export function fileFormatOf(split: { format: ReportFormat; formatGiven: boolean }): FileFormat {
  if (!split.formatGiven) return 'pdf';
  if (split.format === 'json') throw invalidParameters('parameters.format', 'an emailed report is a file: csv, pdf or excel', 'json');
  return split.format;
}
