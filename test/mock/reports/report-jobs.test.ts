import { beforeEach, describe, expect, it } from 'vitest';
import { createMockService } from '../../../mock-server/index.js';
import {
  findReportJob,
  JOB_BASE_MS,
  JOB_MAX_MS,
  jobDurationMs,
  presentReportJob,
  reportJobResult,
  startReportJob,
  trialBalanceReport,
} from '../../../mock-server/domain/reports/index.js';
import { JOURNAL_ENTRIES } from '../../../mock-server/domain/accounting/index.js';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import type { CompanyContext } from '../../../mock-server/store/context.js';

// The job engine on any report of the catalogue, here the trial balance, below the HTTP layer.
const START = '2026-11-02T09:00:00.000Z';
const mock = createMockService({ now: START });
const ctx: CompanyContext = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId };
const caller = { generatedBy: 'Tests' };
const base = mock.credentials.baseUrl;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(() => {
  mock.reset();
  mock.clock.set(START);
});

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ServiceError) return { status: error.status, code: error.code };
  }
  throw new Error('expected a refusal');
};

describe('report jobs (domain)', () => {
  it('runs any report of the catalogue: processing, progress by the clock, then completed with its result', async () => {
    const job = startReportJob(ctx, 'trial-balance', { includeZeroBalances: true }, caller);
    const startedAt = Date.parse(job.createdAt);
    expect(Date.parse(job.estimatedCompletion) - startedAt).toBe(jobDurationMs(ctx, trialBalanceReport));
    const shown = (row = findReportJob(ctx, job.id)) => presentReportJob(row, mock.clock.nowMs(), base);
    expect(shown()).toMatchObject({ status: 'processing', downloadUrl: null, completedAt: null, error: null });
    expect(shown().progress).toBeLessThan(10);
    mock.clock.set(startedAt + JOB_BASE_MS / 2);
    expect(shown().progress).toBeGreaterThanOrEqual(49);
    expect(shown().progress).toBeLessThanOrEqual(51);
    mock.clock.set(Date.parse(job.estimatedCompletion));
    expect(shown()).toMatchObject({
      status: 'completed',
      progress: 100,
      completedAt: job.estimatedCompletion,
      downloadUrl: `${mock.credentials.baseUrl}/reports/jobs/${job.id}/result`,
    });
    const { result } = reportJobResult(ctx, job.id);
    expect(result.data).toMatchObject({ reportType: 'trial-balance', generatedBy: 'Tests', totals: { balanced: true } });
  });

  it('takes longer on bigger books, within its bound', () => {
    const duration = jobDurationMs(ctx, trialBalanceReport);
    expect(duration).toBeGreaterThanOrEqual(JOB_BASE_MS);
    const books = { ...trialBalanceReport, reads: Array.from({ length: 500 }, () => JOURNAL_ENTRIES) };
    expect(jobDurationMs(ctx, books)).toBeLessThanOrEqual(JOB_MAX_MS);
    expect(jobDurationMs(ctx, books)).toBeGreaterThan(duration);
  });

  it('refuses a job whose report refuses to run, at once and leaving no job, as its GET would answer', () => {
    const jobs = mock.store.table(ctx.companyId, 'reportJobs');
    const before = jobs.size;
    expect(refusal(() => startReportJob(ctx, 'trial-balance', { currency: 'USD' }, caller))).toEqual({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
    expect(refusal(() => startReportJob(ctx, 'balance-sheet', { locationId: 'loc_1' }, caller))).toEqual({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
    expect(jobs.size).toBe(before);
  });

  it('refuses bad parameters and unknown reports when the job is asked for, and unknown jobs', () => {
    expect(refusal(() => startReportJob(ctx, 'trial-balance', { asOfDate: 'soon' }, caller))).toEqual({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
    expect(refusal(() => startReportJob(ctx, 'trial-balance', { format: 'docx' }, caller))).toEqual({
      status: 400,
      code: 'FORMAT_NOT_SUPPORTED',
    });
    expect(refusal(() => startReportJob(ctx, 'no-such-report', {}, caller))).toEqual({ status: 404, code: 'REPORT_NOT_FOUND' });
    expect(refusal(() => findReportJob(ctx, 'rjb_unknown'))).toEqual({ status: 404, code: 'REPORT_NOT_FOUND' });
    const job = startReportJob(ctx, 'trial-balance', {}, caller);
    const other = { ...ctx, companyId: mock.credentials.companies[1].id };
    expect(refusal(() => findReportJob(other, job.id))).toEqual({ status: 404, code: 'REPORT_NOT_FOUND' });
    expect(refusal(() => reportJobResult(ctx, job.id))).toEqual({ status: 422, code: 'BUSINESS_RULE_VIOLATION' });
  });

  it('publishes report.generated with the report type when a job completes, on the move of the clock', async () => {
    const seen: unknown[] = [];
    const off = mock.events.on('report.generated', (event) => seen.push(event.data));
    const job = startReportJob(ctx, 'trial-balance', { format: 'pdf' }, caller);
    await tick();
    expect(seen).toEqual([]);
    mock.clock.advance({ minutes: 1 });
    off();
    expect(seen).toEqual([
      { reportId: job.id, reportType: 'trial-balance', source: 'job', jobId: job.id, completedAt: job.estimatedCompletion },
    ]);
    expect(presentReportJob(findReportJob(ctx, job.id), mock.clock.nowMs(), base).downloadUrl).toBe(
      `${mock.credentials.baseUrl}/reports/jobs/${job.id}/result?format=pdf`,
    );
  });

  it('completes a job at its moment in real time too, with nobody asking', async () => {
    const job = startReportJob(ctx, 'trial-balance', {}, caller);
    // As if the job were due now: the timer set for it fires on its own.
    mock.clock.set(Date.parse(job.estimatedCompletion) - 30);
    const done = new Promise((resolve) => mock.events.on('report.generated', resolve));
    await done;
    expect(mock.store.table(ctx.companyId, 'reportJobs').get(job.id)).toMatchObject({ status: 'completed' });
  });
});
