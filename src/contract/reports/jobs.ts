import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDateTime } from '../common.js';
import { INVALID_REPORT_PARAMETERS, reportFormat } from './common.js';
import { BalanceSheetParams } from './balance-sheet.js';

// Asynchronous reports (spec document 3, "Reports": `POST /v1/reports/balance-sheet/async` answers
// `{ jobId, status, estimatedCompletion, downloadUrl }`, `GET /v1/reports/jobs/{jobId}` its status).

/** A report being computed off the request, and where to fetch it once ready. */
export const ReportJob = z.object({
  jobId: z.string(),
  reportType: z.string(),
  /** processing, then completed or failed. */
  status: z.enum(['processing', 'completed', 'failed']),
  /** Percent of the job done, 0 to 100 (100 once completed). */
  progress: z.number().int().min(0).max(100),
  estimatedCompletion: isoDateTime(),
  /** `GET /v1/reports/jobs/{jobId}/result` once completed (with the `format` asked for); null before. */
  downloadUrl: z.string().nullable(),
  createdAt: isoDateTime(),
  completedAt: isoDateTime().nullable(),
  /** Why the job failed (INVALID_DATE_RANGE, INSUFFICIENT_DATA, ...); null otherwise. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ReportJob = z.infer<typeof ReportJob>;

export const reportsBalanceSheetAsync = endpoint({
  id: 'reports.balanceSheetAsync',
  method: 'POST',
  path: '/reports/balance-sheet/async',
  scope: 'read:reports',
  status: 202,
  summary: 'Start computing a balance sheet off the request; poll its job, then fetch the result',
  description: "Starts a balance sheet as an asynchronous job (`status: 'processing'`); follow it with `waitForJob`.",
  example: "const job = await acs.reports.balanceSheetAsync({ asOfDate: '2026-10-31' });",
  exampleCall: { body: { asOfDate: '2026-10-31' } },
  body: BalanceSheetParams,
  invalid: INVALID_REPORT_PARAMETERS,
  response: ReportJob,
});

/** The result's format: json (default), csv, pdf or excel. */
export const ReportJobResultParams = z.object({ format: reportFormat() });
export type ReportJobResultParams = z.input<typeof ReportJobResultParams>;

/** The report as its own endpoint answers it (the balance sheet's JSON for a balance-sheet job). */
export const ReportJobResult = z.unknown();

const jobId = z.object({ jobId: z.string() });

export const ReportJobListParams = z.object({ status: z.enum(['processing', 'completed', 'failed']).optional(), ...cursorPageQuery });
export type ReportJobListParams = z.input<typeof ReportJobListParams>;

export const reportsJobsList = endpoint({
  id: 'reports.jobs.list',
  method: 'GET',
  path: '/reports/jobs',
  scope: 'read:reports',
  source: 'implied',
  summary: "The company's report jobs, newest first",
  description: "The company's report jobs, newest first (cursor pages); `status` filters.",
  example: "const running = await acs.reports.jobs.list({ status: 'processing' });",
  exampleCall: { query: { status: 'completed' } },
  query: ReportJobListParams,
  response: ReportJob,
  list: { paging: 'cursor', defaultLimit: 20, maxLimit: 100, defaultSort: 'createdAt:desc' },
});

export const reportsJobsRetrieve = endpoint({
  id: 'reports.jobs.retrieve',
  method: 'GET',
  path: '/reports/jobs/{jobId}',
  scope: 'read:reports',
  summary: "A report job's status, progress and, once completed, its download URL",
  description:
    "A job's `status` (`processing`, `completed`, `failed`), `progress` (percent), `estimatedCompletion` " +
    'and, once completed, `downloadUrl`.',
  example: 'const job = await acs.reports.jobs.retrieve(jobId);',
  exampleCall: { params: { jobId: { fixture: 'balanceSheetJob' } } },
  params: jobId,
  response: ReportJob,
});

export const reportsJobsResult = endpoint({
  id: 'reports.jobs.result',
  method: 'GET',
  path: '/reports/jobs/{jobId}/result',
  scope: 'read:reports',
  source: 'implied',
  summary: "A completed job's report: JSON, or a file by `format`",
  description:
    "A completed job's report as JSON (the balance sheet's own form for a balance-sheet job); a job still " +
    'processing or failed answers 422 `BUSINESS_RULE_VIOLATION`.',
  example: 'const balanceSheet = await acs.reports.jobs.result(jobId);',
  params: jobId,
  query: ReportJobResultParams,
  invalidQuery: INVALID_REPORT_PARAMETERS,
  files: ['csv', 'pdf', 'excel'],
  response: ReportJobResult,
});
