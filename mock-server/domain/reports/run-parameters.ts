import { z } from 'zod';
import type { FileFormat } from '../../../src/contract/index.js';
import { INVALID_REPORT_PARAMETERS, type ReportFormat } from '../../../src/contract/reports/common.js';
import { parseOrRefuse } from '../../kernel/validation.js';
import { invalidParameters } from './errors.js';
import { reportFormatOf } from './files.js';
import type { AnyReportDefinition } from './registry.js';

/** A report's parameters as it runs with them, and the format asked for. */
export interface RunParameters {
  /** Validated as the report's query, `format` apart (what `runReport` takes). */
  params: Record<string, unknown>;
  format: ReportFormat;
}

const wrapped = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The `parameters` of an email, a schedule or a job, checked as the report's own endpoint checks its
 * query (spec document 3, "Errors": 400 INVALID_PARAMETERS naming `parameters.<field>`), a name the
 * query does not take included; `format` as a report's (FORMAT_NOT_SUPPORTED for an unknown one).
 */
export function runParametersOf(definition: AnyReportDefinition, given: Record<string, unknown> = {}): RunParameters {
  // null reads as "not given", as an absent query parameter.
  const raw = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== null));
  const format = reportFormatOf(raw.format);
  const query = definition.endpoint.query;
  if (!query) return { params: withoutFormat(raw), format };
  if (query instanceof z.ZodObject) {
    const unknown = Object.keys(raw).find((key) => !Object.hasOwn(query.shape, key));
    if (unknown !== undefined) throw invalidParameters(`parameters.${unknown}`, `${unknown} is not a parameter of the ${definition.type} report`, unknown);
  }
  let schema = wrapped.get(query);
  if (!schema) wrapped.set(query, (schema = z.object({ parameters: query })));
  const parsed = parseOrRefuse(schema, { parameters: raw }, { parameters: raw }, 'parameters', 'report parameters', { invalid: INVALID_REPORT_PARAMETERS }) as {
    parameters: Record<string, unknown>;
  };
  return { params: withoutFormat(parsed.parameters), format };
}

/** The file an emailed or scheduled report is sent as: csv, pdf (the default) or excel; json is no file (400 INVALID_PARAMETERS). */
export function fileFormatOf(raw: Record<string, unknown> | undefined, run: RunParameters): FileFormat {
  if (raw?.format === undefined || raw.format === null || raw.format === '') return 'pdf';
  if (run.format === 'json') throw invalidParameters('parameters.format', 'an emailed report is a file: csv, pdf or excel', 'json');
  return run.format;
}

function withoutFormat(params: Record<string, unknown>): Record<string, unknown> {
  const { format: _format, ...rest } = params;
  // Absent parameters are left out, so the cache key of a run is the key of the same report asked for by GET.
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}
