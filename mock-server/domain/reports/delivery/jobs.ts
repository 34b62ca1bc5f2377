import type { ReportJob } from '../../../../src/contract/index.js';
import type { ReportFormat } from '../../../../src/contract/reports/common.js';
import { businessRule, ServiceError } from '../../../kernel/errors.js';
import type { CompanyContext } from '../../../store/context.js';
import { reportOfType } from '../core/catalogue.js';
import { reportNotFound } from '../core/errors.js';
import type { AnyReportDefinition } from '../core/registry.js';
import { runReport, type ReportRun } from '../core/run.js';
import { runParametersOf } from './run-parameters.js';

/**
 * An asynchronous report (spec document 3: `POST /v1/reports/balance-sheet/async`, `GET /v1/reports/jobs/{id}`).
 * Its figures are computed when it is asked for, with no work limit; the job completes on a timetable
 * of the mock clock, so that its progress is seen to advance and tests can move it on
 * (decision REP-89).
 */
export interface ReportJobRow {
  id: string;
  reportType: string;
  params: Record<string, unknown>;
  /** The format of its `downloadUrl` (json: the JSON result). */
  format: ReportFormat;
  status: ReportJob['status'];
  createdAt: string;
  estimatedCompletion: string;
  completedAt: string | null;
  error: ReportJob['error'];
  generatedBy: string;
}

/** A job's figures, kept apart from the job (an internal table: no audit row carries a whole report). */
export interface ReportJobResultRow {
  /** The job's id. */
  id: string;
  data: unknown;
  computedAt: string;
}

export const REPORT_JOBS = 'reportJobs';
export const REPORT_JOB_RESULTS = 'reportJobResults';

export const reportJobsTable = (ctx: CompanyContext) => ctx.store.table<ReportJobRow>(ctx.companyId, REPORT_JOBS);
const resultsTable = (ctx: CompanyContext) => ctx.store.table<ReportJobResultRow>(ctx.companyId, REPORT_JOB_RESULTS);

/** A job takes 2 s, plus 1 s per 10,000 records in the tables its report reads, at most 60 s, by the mock clock. */
export const JOB_BASE_MS = 2000;
const JOB_MS_PER_10K_ROWS = 1000;
export const JOB_MAX_MS = 60_000;

/** How long a report's job takes on the books as they are now. */
export function jobDurationMs(ctx: CompanyContext, definition: AnyReportDefinition): number {
  const rows = definition.reads.reduce((sum, name) => sum + ctx.store.table(ctx.companyId, name).size, 0);
  return Math.min(JOB_MAX_MS, JOB_BASE_MS + Math.floor(rows / 10_000) * JOB_MS_PER_10K_ROWS);
}

/** Who asked for a job; `startedAtMs` (default now) dates a job of the demo seed in the past. */
export interface JobCaller {
  generatedBy: string;
  startedAtMs?: number;
}

/**
 * Starts a job of a catalogue report. Its figures are computed now, with no work limit (the books as they
 * stand when asked), so a report that refuses to run (bad parameters, no data) answers at once and leaves
 * no job; the job then completes on its timetable by the clock. A report that breaks while computing
 * (a fault of the service, not of the request) leaves a `failed` job.
 */
export function createReportJob(
  ctx: CompanyContext,
  definition: AnyReportDefinition,
  raw: Record<string, unknown>,
  caller: JobCaller,
): ReportJobRow {
  const run = runParametersOf(definition, raw);
  const table = reportJobsTable(ctx);
  const nowMs = caller.startedAtMs ?? ctx.clock.nowMs();
  const job: ReportJobRow = {
    id: table.newId(),
    reportType: definition.type,
    params: run.params,
    format: run.format,
    status: 'processing',
    createdAt: new Date(nowMs).toISOString(),
    estimatedCompletion: new Date(nowMs + jobDurationMs(ctx, definition)).toISOString(),
    completedAt: null,
    error: null,
    generatedBy: caller.generatedBy,
  };
  let report: ReportRun;
  try {
    report = runReport(ctx, definition, run.params, { generatedBy: caller.generatedBy, unbounded: true });
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    return table.insert({
      ...job,
      status: 'failed',
      completedAt: ctx.clock.iso(),
      error: { code: 'REPORT_GENERATION_FAILED', message: 'The report could not be computed' },
    });
  }
  const row = table.insert(job);
  resultsTable(ctx).insert({ id: row.id, data: report.data, computedAt: report.computedAt });
  return row;
}

/** A job of the company (another company's is unknown here), brought up to date with the clock; else 404 REPORT_NOT_FOUND. */
export function findReportJob(ctx: CompanyContext, jobId: string): ReportJobRow {
  const row = reportJobsTable(ctx).get(jobId);
  if (!row) throw reportNotFound('report job', jobId);
  return settleReportJob(ctx, row);
}

/** A processing job completed once the clock has passed its estimated completion. */
export function settleReportJob(ctx: CompanyContext, row: ReportJobRow): ReportJobRow {
  if (row.status !== 'processing' || ctx.clock.nowMs() < Date.parse(row.estimatedCompletion)) return row;
  return reportJobsTable(ctx).update(row.id, { status: 'completed', completedAt: row.estimatedCompletion });
}

/** Share of the timetable gone, 0 to 99 while processing. */
function progressOf(row: ReportJobRow, nowMs: number): number {
  const start = Date.parse(row.createdAt);
  const span = Math.max(1, Date.parse(row.estimatedCompletion) - start);
  return Math.max(0, Math.min(99, Math.floor(((nowMs - start) * 100) / span)));
}

/** A job as the API shows it at `nowMs`; its `downloadUrl` is under `baseUrl`, the business API's base of the request. */
export function presentReportJob(row: ReportJobRow, nowMs: number, baseUrl: string): ReportJob {
  const progress = row.status === 'completed' ? 100 : row.status === 'failed' ? 0 : progressOf(row, nowMs);
  return {
    jobId: row.id,
    reportType: row.reportType,
    status: row.status,
    progress,
    estimatedCompletion: row.estimatedCompletion,
    downloadUrl: row.status === 'completed' ? jobResultUrl(row, baseUrl) : null,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
    error: row.error,
  };
}

/** `<base>/reports/jobs/{id}/result`, with the `format` the job was asked for unless json. */
const jobResultUrl = (row: ReportJobRow, baseUrl: string): string =>
  `${baseUrl}/reports/jobs/${row.id}/result${row.format === 'json' ? '' : `?format=${row.format}`}`;

/** A completed job's report and its definition; 422 BUSINESS_RULE_VIOLATION while processing or after a failure. */
export function reportJobResult(
  ctx: CompanyContext,
  jobId: string,
): { definition: AnyReportDefinition; row: ReportJobRow; result: ReportJobResultRow } {
  const row = findReportJob(ctx, jobId);
  if (row.status !== 'completed') {
    const rule = row.status === 'failed' ? 'a failed report job has no result' : 'a report job has its result once completed';
    throw businessRule(rule, { jobId: row.id, status: row.status, estimatedCompletion: row.estimatedCompletion, error: row.error });
  }
  return { definition: reportOfType(row.reportType)!, row, result: resultsTable(ctx).get(row.id)! };
}

/** The soonest estimated completion of the company's processing jobs, in epoch milliseconds, or null. */
export function soonestJobCompletion(ctx: CompanyContext): number | null {
  let soonest: number | null = null;
  for (const row of reportJobsTable(ctx).values()) {
    if (row.status !== 'processing') continue;
    const at = Date.parse(row.estimatedCompletion);
    if (soonest === null || at < soonest) soonest = at;
  }
  return soonest;
}

/** Brings every processing job of the company up to date with the clock. */
export function settleReportJobs(ctx: CompanyContext): void {
  for (const row of reportJobsTable(ctx).all()) if (row.status === 'processing') settleReportJob(ctx, row);
}
