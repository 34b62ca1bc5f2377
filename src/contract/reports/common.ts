import { z } from 'zod';
import { endpoint, type Endpoint } from '../endpoint.js';
import { isoDateTime } from '../common.js';

// What every report shares (spec document 3, "Reports"): the `format` parameter, the error of a bad
// query, who generated it and when. The shapes of the reports themselves are in their own files.

/** The formats of spec document 3: json (the default), csv, pdf, excel. */
export const REPORT_FORMATS = ['json', 'csv', 'pdf', 'excel'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * `format`: any text, so that an unknown one answers the spec's 400 FORMAT_NOT_SUPPORTED rather than a
 * validation error; the SDK's JSON methods take `json` only and `.download()` the file formats.
 */
export const reportFormat = () => z.string().max(32).optional().describe('json (default); files: `.download()`');

/** `currency`: the company's currency is the only one a report is written in (decision REP-5). */
export const reportCurrency = () => z.string().max(8).optional().describe("the company's only");

/** Who asked for a report and when it was computed (a cached copy keeps its first `generatedAt`). */
export const reportStamp = {
  generatedAt: isoDateTime(),
  /** The user or API key name that asked for it. */
  generatedBy: z.string(),
};

/** The error of a report query that breaks its rules (spec document 3, "Errors": INVALID_PARAMETERS; 400 ours). */
export const INVALID_REPORT_PARAMETERS = { status: 400, code: 'INVALID_PARAMETERS', all: true } as const;

type ReportDef<Q extends z.ZodType, R extends z.ZodType> = Omit<
  Parameters<typeof endpoint<z.ZodType, Q, z.ZodType, R>>[0],
  'method' | 'scope'
>;

/**
 * A report endpoint: GET, `read:reports`, JSON by default and a file for csv, pdf and excel, a bad
 * query answered 400 INVALID_PARAMETERS.
 */
export function reportEndpoint<Q extends z.ZodType, R extends z.ZodType>(
  def: ReportDef<Q, R>,
): Endpoint<z.ZodType, Q, z.ZodType, R> & { files: readonly ['csv', 'pdf', 'excel'] } {
  return endpoint({
    method: 'GET',
    scope: 'read:reports',
    files: ['csv', 'pdf', 'excel'],
    invalidQuery: INVALID_REPORT_PARAMETERS,
    tags: ['reports'],
    ...def,
  }) as Endpoint<z.ZodType, Q, z.ZodType, R> & { files: readonly ['csv', 'pdf', 'excel'] };
}
