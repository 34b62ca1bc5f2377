import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AbortError, type AcsError, ReportJobFailedError, type ReportJob } from '../../../src/index.js';
import { startReportJob, type ReportJobRow } from '../../../mock-server/domain/reports/index.js';
import type { CompanyContext } from '../../../mock-server/store/context.js';
import { accountByNumber, failureOf, sandbox, transfer } from '../../support/sandbox.js';
import { until } from '../../stream/helpers.js';

const START = '2026-11-02T09:00:00.000Z';
const { mock, acs, client, companyClient } = sandbox({ now: START });
const ctx: CompanyContext = { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId };

/** A job of the trial balance, through the job engine every async report runs on. */
const trialBalanceJob = (params: Record<string, unknown> = {}) => startReportJob(ctx, 'trial-balance', params, { generatedBy: 'Tests' }).id;

beforeEach(() => {
  mock.reset();
  mock.clock.set(START);
});

const codeOf = async (call: PromiseLike<unknown>) => {
  const error = (await failureOf(call)) as AcsError;
  return { status: error.status, code: error.code };
};

describe('report jobs through the SDK', () => {
  it('computes a balance sheet asynchronously: 202 processing, progress, then the same figures as the report, as JSON or a file', async () => {
    const { data: job, response } = await acs.reports.balanceSheetAsync({ asOfDate: '2026-10-31', format: 'pdf' }).withResponse();
    expect(response.status).toBe(202);
    expect(job).toMatchObject({
      reportType: 'balance-sheet',
      status: 'processing',
      downloadUrl: null,
      estimatedCompletion: expect.any(String),
    });
    const seen: number[] = [];
    const done = await acs.reports.waitForJob(job.jobId, {
      intervalMs: 1,
      onProgress: (current) => {
        seen.push(current.progress);
        mock.clock.advance({ seconds: 1 });
      },
    });
    expect(seen.at(-1)).toBe(100);
    expect(done.downloadUrl).toBe(`${mock.credentials.baseUrl}/reports/jobs/${job.jobId}/result?format=pdf`);
    const sheet = await acs.reports.balanceSheet({ asOfDate: '2026-10-31' });
    const result = (await acs.reports.jobs.result(job.jobId)) as typeof sheet;
    expect(result.sections).toEqual(sheet.sections);
    expect(result.balanceCheck).toEqual(sheet.balanceCheck);
    const pdf = await acs.reports.jobs.download(job.jobId, { format: 'pdf' });
    expect(pdf).toMatchObject({ filename: 'balance-sheet-2026-10-31.pdf', contentType: 'application/pdf' });
    expect(new TextDecoder().decode(pdf.data.slice(0, 5))).toBe('%PDF-');
  });

  it('refuses a balance sheet job with bad parameters at once, 400, and starts nothing', async () => {
    const before = (await acs.reports.jobs.list()).data.length;
    expect(await codeOf(acs.reports.balanceSheetAsync({ asOfDate: '31/10/2026' }))).toEqual({ status: 400, code: 'INVALID_PARAMETERS' });
    expect(await codeOf(acs.reports.balanceSheetAsync({ comparativePeriod: 'someday' as never }))).toEqual({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
    expect(await codeOf(acs.reports.balanceSheetAsync({ format: 'docx' }))).toEqual({ status: 400, code: 'FORMAT_NOT_SUPPORTED' });
    // Refused by the balance sheet itself (journal lines carry no location), before any job exists.
    expect(await codeOf(acs.reports.balanceSheetAsync({ locationId: 'loc_1' }))).toEqual({ status: 400, code: 'INVALID_PARAMETERS' });
    expect((await acs.reports.jobs.list()).data).toHaveLength(before);
  });

  it('shows a job processing, then completed with its download URL, its result the report itself', async () => {
    const jobId = trialBalanceJob({ asOfDate: '2026-10-31' });
    const first = await acs.reports.jobs.retrieve(jobId);
    expect(first).toMatchObject({
      jobId,
      reportType: 'trial-balance',
      status: 'processing',
      downloadUrl: null,
      completedAt: null,
      error: null,
    });
    expect(await codeOf(acs.reports.jobs.result(jobId))).toEqual({ status: 422, code: 'BUSINESS_RULE_VIOLATION' });
    mock.clock.advance({ seconds: 1 });
    const half = await acs.reports.jobs.retrieve(jobId);
    expect(half.progress).toBeGreaterThan(first.progress);
    mock.clock.advance({ minutes: 1 });
    const done = await acs.reports.jobs.retrieve(jobId);
    expect(done).toMatchObject({
      status: 'completed',
      progress: 100,
      completedAt: first.estimatedCompletion,
      downloadUrl: `${mock.credentials.baseUrl}/reports/jobs/${jobId}/result`,
    });

    const result = (await acs.reports.jobs.result(jobId)) as { accounts: unknown[]; totals: unknown };
    const report = await acs.reports.trialBalance({ asOfDate: '2026-10-31' });
    expect(result.accounts).toEqual(report.accounts);
    expect(result.totals).toEqual(report.totals);
    const csv = await acs.reports.jobs.download(jobId, { format: 'csv' });
    expect(csv.filename).toBe('trial-balance-2026-10-31.csv');
    expect(csv.text()).toBe((await acs.reports.trialBalance.download({ asOfDate: '2026-10-31', format: 'csv' })).text());
  });

  it('holds the figures of the moment the job started, not of a later posting', async () => {
    const jobId = trialBalanceJob({ includeZeroBalances: true });
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    const entry = await acs.journalEntries.create({ date: mock.today(), lines: transfer(supplies.id, cash.id, 123) });
    await acs.journalEntries.post(entry.id);
    mock.clock.advance({ minutes: 1 });
    const result = (await acs.reports.jobs.result(jobId)) as Awaited<ReturnType<typeof acs.reports.trialBalance>>;
    const now = await acs.reports.trialBalance({ includeZeroBalances: true });
    const suppliesOf = (report: typeof now) => report.accounts.find((row) => row.accountId === supplies.id)!.debit;
    expect(suppliesOf(now)).toBeCloseTo(suppliesOf(result) + 123, 2);
  });

  it('waitForJob polls with a growing wait, reports each change of progress and resolves to the completed job', async () => {
    const jobId = trialBalanceJob();
    const polls: number[] = [];
    const timed = client({
      fetch: (input, init) => {
        polls.push(performance.now());
        return mock.fetch(input, init);
      },
    });
    const seen: ReportJob[] = [];
    const done = await timed.reports.waitForJob(jobId, {
      intervalMs: 20,
      maxIntervalMs: 45,
      onProgress: (job) => {
        seen.push(job);
        // A quarter of the job's time passes between two polls.
        mock.clock.advance({ seconds: 0.5 });
      },
    });
    expect(done).toMatchObject({ jobId, status: 'completed', progress: 100 });
    const progress = seen.map((job) => job.progress);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(new Set(progress).size).toBe(progress.length);
    expect(polls.length).toBeGreaterThanOrEqual(5);
    const gaps = polls.slice(1).map((at, i) => at - polls[i]);
    for (const [i, wait] of [20, 30, 45, 45].entries()) expect(gaps[i]).toBeGreaterThanOrEqual(wait - 2);
  });

  it('waitForJob rejects with ReportJobFailedError for a failed job, and with AbortError when its signal aborts', async () => {
    // A job the service failed to compute (a fault of the service: a refusal of the request answers the POST instead).
    const jobs = mock.store.table<ReportJobRow>(ctx.companyId, 'reportJobs');
    const failing = jobs.get(trialBalanceJob())!;
    jobs.update(failing.id, {
      status: 'failed',
      completedAt: mock.clock.iso(),
      error: { code: 'REPORT_GENERATION_FAILED', message: 'The report could not be computed' },
    });
    const error = await failureOf(acs.reports.waitForJob(failing.id, { intervalMs: 5 }));
    expect(ReportJobFailedError.is(error)).toBe(true);
    expect(error).toMatchObject({ code: 'REPORT_GENERATION_FAILED', job: { jobId: failing.id, status: 'failed', progress: 0 } });

    const slow = trialBalanceJob();
    const controller = new AbortController();
    const waiting = acs.reports.waitForJob(slow, { intervalMs: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(AbortError.is(await failureOf(waiting))).toBe(true);
  });

  it('lists the company’s jobs newest first, the demo’s completed one among them, filtered by status', async () => {
    const jobId = trialBalanceJob();
    const { data } = await acs.reports.jobs.list();
    expect(data[0]).toMatchObject({ jobId, status: 'processing' });
    expect(data.at(-1)).toMatchObject({ reportType: 'trial-balance', status: 'completed', progress: 100 });
    expect(data.at(-1)!.downloadUrl).toBe(`${mock.credentials.baseUrl}/reports/jobs/${data.at(-1)!.jobId}/result`);
    expect((await acs.reports.jobs.list({ status: 'processing' })).data.map((job) => job.jobId)).toEqual([jobId]);
    const theirs = (await companyClient(1).reports.jobs.list()).data.map((job) => job.jobId);
    expect(theirs).not.toContain(jobId);
  });

  it('lists the report types a job, an email or a schedule can run', async () => {
    const { data } = await acs.reports.list();
    expect(data).toContainEqual({
      id: 'trial-balance',
      reportType: 'trial-balance',
      path: '/v1/reports/trial-balance',
      summary: expect.any(String),
      formats: ['json', 'csv', 'pdf', 'excel'],
    });
  });

  it("answers an unknown job, or another company's, 404 REPORT_NOT_FOUND", async () => {
    const jobId = trialBalanceJob();
    expect(await codeOf(acs.reports.jobs.retrieve('rjb_unknown'))).toEqual({ status: 404, code: 'REPORT_NOT_FOUND' });
    expect(await codeOf(companyClient(1).reports.jobs.retrieve(jobId))).toEqual({ status: 404, code: 'REPORT_NOT_FOUND' });
    expect(await codeOf(companyClient(1).reports.jobs.result(jobId))).toEqual({ status: 404, code: 'REPORT_NOT_FOUND' });
  });
});

describe('report.completed on the report stream', () => {
  const streamed = sandbox({ now: START }, { fetch: undefined });
  const server = setupServer(...streamed.mock.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  it('arrives when a job or a scheduled run finishes, filtered by reportTypes', async () => {
    const { mock: live, acs: liveAcs } = streamed;
    const companyId = live.credentials.companyId;
    const types: string[] = [];
    const stream = liveAcs.reportStream({ channels: ['report.completed'], filters: { reportTypes: ['trial-balance'] } });
    stream.on('report.generated', (event) => types.push(`${event.data.reportType}:${String(event.data.source)}`));
    await stream.ready();
    try {
      live.events.publish({ event: 'report.generated', companyId, data: { reportId: 'other', reportType: 'balance-sheet' } });
      startReportJob({ store: live.store, clock: live.clock, companyId }, 'trial-balance', {}, { generatedBy: 'Tests' });
      await liveAcs.reports.schedules.create({
        reportId: 'trial-balance',
        name: 'Daily trial balance',
        schedule: { frequency: 'daily', time: '00:00', timezone: 'UTC' },
        parameters: { format: 'csv' },
        recipients: [{ email: 'cfo@example.my' }],
      });
      live.clock.advance({ days: 1 });
      await until(() => types.length === 2, 'the job and the scheduled run');
      expect(types.sort()).toEqual(['trial-balance:job', 'trial-balance:schedule']);
    } finally {
      stream.close();
    }
  });
});
