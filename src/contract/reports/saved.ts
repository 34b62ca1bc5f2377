import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, DeletedRecord, isoDateTime, sortQuery } from '../common.js';
import { INVALID_REPORT_PARAMETERS, reportFormat } from './common.js';
import { CustomReportDefinition } from './custom.js';

// Saved reports (spec document 3, "Reports": `GET /v1/reports/saved`, `GET /v1/reports/saved/{id}`,
// `POST /v1/reports/saved/{id}/execute`; saving a standard report and deleting one: implied).

const ReportIdParams = z.object({ reportId: z.string() });

/** Parameters by name: a standard report's query parameters, or a custom report's overrides. */
const reportParameters = () => z.record(z.string().max(64), z.unknown());

/** A report kept under a name: a standard report type with its parameters, or a custom report's definition. */
export const SavedReport = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** A report type (`balance-sheet`, `trial-balance`, ...) or `custom`. */
  reportType: z.string(),
  /** The standard report's parameters (`format` aside); `{}` for a custom report. */
  parameters: reportParameters(),
  /** The custom report's definition; null for a standard report. */
  definition: CustomReportDefinition.nullable(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type SavedReport = z.infer<typeof SavedReport>;

export const SavedReportListParams = z.object({
  reportType: z.string().max(64).optional(),
  ...sortQuery,
  ...cursorPageQuery,
});
export type SavedReportListParams = z.input<typeof SavedReportListParams>;

/** Saves a standard report type with parameters (custom reports: `POST /v1/reports/custom` with `save`). */
export const SavedReportCreateParams = z.object({
  /** The name it is listed under, 1-100 characters after trimming (need not be unique). */
  name: z.string().trim().min(1).max(100),
  /** Free text, up to 500 characters; null on the record when omitted. */
  description: z.string().max(500).optional(),
  /** A report type of the catalogue (`balance-sheet`, ...); `custom` or an unknown type is 400 INVALID_PARAMETERS. */
  reportType: z.string().min(1).max(64),
  /** The report's query parameters, checked as its endpoint checks them; `format` is chosen when it runs. */
  parameters: reportParameters().optional(),
});
export type SavedReportCreateParams = z.input<typeof SavedReportCreateParams>;

export const SavedReportExecuteParams = z.object({
  /**
   * Overrides of the saved parameters, by name. A custom report takes `dateRange`, `filters`,
   * `sorting` and `limit`.
   */
  parameters: reportParameters().optional(),
  /** json (default), csv, pdf or excel; another value answers 400 FORMAT_NOT_SUPPORTED. */
  format: reportFormat(),
});
export type SavedReportExecuteParams = z.input<typeof SavedReportExecuteParams>;

/** A saved report's run: the parameters it ran with and the report, as its own endpoint answers it. */
export const SavedReportRun = z.object({
  reportId: z.string(),
  name: z.string(),
  reportType: z.string(),
  parameters: reportParameters(),
  /** Served from the 15-minute report cache. */
  cached: z.boolean(),
  /** The report (a `CustomReport` for a custom one). */
  report: z.record(z.string(), z.unknown()),
});
export type SavedReportRun = z.infer<typeof SavedReportRun>;

const savedList = { paging: 'cursor', defaultLimit: 20, maxLimit: 100 } as const;

export const reportsSavedList = endpoint({
  id: 'reports.saved.list',
  method: 'GET',
  path: '/reports/saved',
  scope: 'read:reports',
  summary: "List the company's saved reports",
  description: "The company's saved reports, by name; `reportType` keeps one type (`custom`, `trial-balance`, ...).",
  example: 'for await (const saved of acs.reports.saved.list()) console.log(saved.name, saved.reportType);',
  exampleCall: { query: { reportType: 'custom' } },
  query: SavedReportListParams,
  response: SavedReport,
  list: { ...savedList, defaultSort: 'name:asc', sort: ['name', 'createdAt'] },
});

export const reportsSavedRetrieve = endpoint({
  id: 'reports.saved.retrieve',
  method: 'GET',
  path: '/reports/saved/{reportId}',
  scope: 'read:reports',
  summary: 'Retrieve a saved report; an unknown id answers 404 REPORT_NOT_FOUND',
  description: 'One saved report; an unknown id rejects with 404 `REPORT_NOT_FOUND`.',
  example: "const saved = await acs.reports.saved.retrieve('rpt_...');",
  exampleCall: { params: { reportId: { first: 'reports.saved.list' } } },
  params: ReportIdParams,
  response: SavedReport,
});

export const reportsSavedCreate = endpoint({
  id: 'reports.saved.create',
  method: 'POST',
  path: '/reports/saved',
  scope: 'write:accounts',
  source: 'implied',
  status: 201,
  summary: 'Save a standard report type with its parameters under a name',
  description: 'Saves a standard report type with its parameters (checked as the report checks its query).',
  example:
    "const saved = await acs.reports.saved.create({ name: 'Trial balance', reportType: 'trial-balance', parameters: { includeZeroBalances: true } });",
  exampleCall: { body: { name: 'Every endpoint', reportType: 'trial-balance', parameters: { includeZeroBalances: true } } },
  body: SavedReportCreateParams,
  response: SavedReport,
  invalid: INVALID_REPORT_PARAMETERS,
});

export const reportsSavedDelete = endpoint({
  id: 'reports.saved.delete',
  method: 'DELETE',
  path: '/reports/saved/{reportId}',
  scope: 'write:accounts',
  source: 'implied',
  summary: 'Delete a saved report',
  description: 'Deletes a saved report.',
  example: 'await acs.reports.saved.delete(saved.id);',
  exampleCall: { params: { reportId: { first: 'reports.saved.list' } } },
  params: ReportIdParams,
  response: DeletedRecord,
});

export const reportsSavedExecute = endpoint({
  id: 'reports.saved.execute',
  method: 'POST',
  path: '/reports/saved/{reportId}/execute',
  scope: 'read:reports',
  summary: 'Run a saved report with its parameters (overridden by `parameters`), as JSON or a csv, pdf or excel file',
  description:
    'Runs a saved report as JSON: `parameters` override the saved ones (a custom report takes ' +
    '`dateRange`, `filters`, `sorting`, `limit`); `report` is the report as its own endpoint answers it.',
  example: "const { report, cached } = await acs.reports.saved.execute(saved.id, { parameters: { asOfDate: '2026-10-31' } });",
  exampleCall: {
    params: { reportId: { first: 'reports.saved.list', query: { reportType: 'custom' } } },
    body: { parameters: { limit: 10 } },
  },
  params: ReportIdParams,
  body: SavedReportExecuteParams,
  response: SavedReportRun,
  invalid: INVALID_REPORT_PARAMETERS,
  files: ['csv', 'pdf', 'excel'],
});
