import { beforeEach, describe, expect, it } from 'vitest';
import type { AcsError, ReportScheduleCreateParams } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

// 2 November 2026, 17:00 in Kuala Lumpur; 04:00 in New York (daylight saving ended on 1 November).
const START = '2026-11-02T09:00:00.000Z';
const { mock, acs, companyClient } = sandbox({ now: START });

beforeEach(() => {
  mock.reset();
  mock.clock.set(START);
});

const monthly = (overrides: Partial<ReportScheduleCreateParams> = {}): ReportScheduleCreateParams => ({
  reportId: 'trial-balance',
  name: 'Month-end trial balance',
  schedule: { frequency: 'monthly', dayOfMonth: 1, time: '08:00', timezone: 'Asia/Kuala_Lumpur' },
  parameters: { format: 'csv', includeZeroBalances: true },
  recipients: [{ email: 'cfo@example.my', name: 'Chief Financial Officer' }, { email: 'auditor@example.my' }],
  emailSubject: 'Trial balance for {{month}} {{year}}',
  emailBody: 'Hello,\n\nthe {{reportName}} of {{ month }} {{year}} is attached. {{unknown}} stays.',
  ...overrides,
});

/** A schedule as the list shows it now (the list runs what the clock made due). */
const scheduleOf = async (id: string) => (await acs.reports.schedules.list({ limit: 100 })).data.find((schedule) => schedule.id === id)!;

const reportMails = () => mock.outbox.filter((message) => message.kind === 'report');

const codeOf = async (call: PromiseLike<unknown>) => {
  const error = (await failureOf(call)) as AcsError;
  return { status: error.status, code: error.code, fields: (error.details as { field?: string }[]).map((d) => d.field) };
};

describe('report schedules', () => {
  it('shows the demo company’s month-end schedule, paused', async () => {
    const { data } = await acs.reports.schedules.list();
    expect(data).toEqual([
      expect.objectContaining({ reportId: 'trial-balance', name: 'Month-end trial balance', active: false, nextRunAt: null }),
    ]);
  });

  it('computes the next run at the wall time of the schedule’s time zone, as UTC', async () => {
    const kl = await acs.reports.schedules.create(monthly());
    expect(kl).toMatchObject({
      reportId: 'trial-balance',
      reportType: 'trial-balance',
      active: true,
      schedule: { frequency: 'monthly', dayOfMonth: 1, dayOfWeek: null, time: '08:00', timezone: 'Asia/Kuala_Lumpur' },
      recipients: [
        { email: 'cfo@example.my', name: 'Chief Financial Officer' },
        { email: 'auditor@example.my', name: null },
      ],
      nextRunAt: '2026-12-01T00:00:00.000Z',
      lastRunAt: null,
      lastRun: null,
      runCount: 0,
    });
    const newYork = await acs.reports.schedules.create(
      monthly({ schedule: { frequency: 'monthly', time: '08:00', timezone: 'America/New_York' } }),
    );
    expect(newYork.nextRunAt).toBe('2026-12-01T13:00:00.000Z');
    const london = await acs.reports.schedules.create(
      monthly({ schedule: { frequency: 'daily', time: '09:30', timezone: 'europe/london' } }),
    );
    expect(london.schedule.timezone).toBe('Europe/London');
    expect(london.nextRunAt).toBe('2026-11-02T09:30:00.000Z');
  });

  it('follows a daylight-saving switch between two runs (New York, 8 March 2026)', async () => {
    mock.clock.set('2026-03-06T14:00:00Z');
    const schedule = await acs.reports.schedules.create(
      monthly({ schedule: { frequency: 'daily', time: '08:00', timezone: 'America/New_York' } }),
    );
    expect(schedule.nextRunAt).toBe('2026-03-07T13:00:00.000Z');
    const runs: string[] = [];
    for (let day = 0; day < 3; day++) {
      mock.clock.advance({ days: 1 });
      runs.push((await scheduleOf(schedule.id)).lastRunAt!);
    }
    // 08:00 EST is 13:00Z; from 8 March, 08:00 EDT is 12:00Z.
    expect(runs).toEqual(['2026-03-07T13:00:00.000Z', '2026-03-08T12:00:00.000Z', '2026-03-09T12:00:00.000Z']);
    expect(reportMails()).toHaveLength(3);
    expect((await scheduleOf(schedule.id)).nextRunAt).toBe('2026-03-10T12:00:00.000Z');
  });

  it('runs when the clock passes nextRunAt: the report attached in the outbox, placeholders filled, the next run set', async () => {
    const schedule = await acs.reports.schedules.create(monthly());
    mock.clock.advance({ days: 28 });
    expect(reportMails()).toEqual([]);
    mock.clock.advance({ days: 1 });
    const [mail] = reportMails();
    expect(mail).toMatchObject({
      documentId: schedule.id,
      to: ['cfo@example.my', 'auditor@example.my'],
      subject: 'Trial balance for December 2026',
      message: 'Hello,\n\nthe Month-end trial balance of December 2026 is attached. {{unknown}} stays.',
      attachPDF: false,
    });
    const [attachment] = mail.attachments!;
    expect(attachment.filename).toBe(`trial-balance-${mock.today()}.csv`);
    expect(attachment.contentType).toBe('text/csv; charset=utf-8');
    const csv = new TextDecoder().decode(await attachment.bytes()).replace(/^\ufeff/, '');
    const json = await acs.reports.trialBalance({ includeZeroBalances: true });
    expect(csv.split('\r\n')[0]).toBe('Code,Account,Type,Debit,Credit');
    expect(csv).toContain(`,Total,,${json.totals.debit.toFixed(2)},${json.totals.credit.toFixed(2)}`);
    expect(await attachment.bytes()).toBe(await attachment.bytes());

    const after = await scheduleOf(schedule.id);
    expect(after).toMatchObject({ lastRunAt: '2026-12-01T00:00:00.000Z', runCount: 1, nextRunAt: '2027-01-01T00:00:00.000Z' });
    // The run's time on the timetable; the clock got there at 09:00Z, when it ran.
    expect(after.lastRun).toEqual({
      status: 'succeeded',
      ranAt: expect.stringMatching(/^2026-12-01T09:00:0/),
      messageId: mail.id,
      error: null,
    });
  });

  it('runs once for a jump of the clock over several runs, then waits for the next run after now', async () => {
    const schedule = await acs.reports.schedules.create(monthly());
    mock.clock.advance({ days: 100 });
    expect(reportMails().map((mail) => mail.subject)).toEqual(['Trial balance for February 2027']);
    const after = await scheduleOf(schedule.id);
    expect(after).toMatchObject({ runCount: 1, lastRunAt: '2027-02-01T00:00:00.000Z', nextRunAt: '2027-03-01T00:00:00.000Z' });
  });

  it('runs dayOfMonth 31 on the last day of a shorter month', async () => {
    const schedule = await acs.reports.schedules.create(
      monthly({ schedule: { frequency: 'monthly', dayOfMonth: 31, time: '23:30', timezone: 'UTC' } }),
    );
    const runs = [schedule.nextRunAt];
    for (let i = 0; i < 3; i++) {
      mock.clock.set(runs.at(-1)!);
      mock.clock.advance({ seconds: 1 });
      runs.push((await scheduleOf(schedule.id)).nextRunAt);
    }
    expect(runs).toEqual(['2026-11-30T23:30:00.000Z', '2026-12-31T23:30:00.000Z', '2027-01-31T23:30:00.000Z', '2027-02-28T23:30:00.000Z']);
  });

  it('runs weekly on its ISO weekday and quarterly in January, April, July and October', async () => {
    // 2 November 2026 is a Monday; Friday is 5.
    const weekly = await acs.reports.schedules.create(
      monthly({ schedule: { frequency: 'weekly', dayOfWeek: 5, time: '18:00', timezone: 'Asia/Kuala_Lumpur' } }),
    );
    expect(weekly.nextRunAt).toBe('2026-11-06T10:00:00.000Z');
    expect(weekly.schedule).toMatchObject({ dayOfWeek: 5, dayOfMonth: null });
    const quarterly = await acs.reports.schedules.create(
      monthly({ schedule: { frequency: 'quarterly', dayOfMonth: 15, time: '09:00', timezone: 'UTC' } }),
    );
    expect(quarterly.nextRunAt).toBe('2027-01-15T09:00:00.000Z');
  });

  it('refuses a bad schedule with the field named, and stores nothing', async () => {
    const before = (await acs.reports.schedules.list()).data;
    const cases: [Partial<ReportScheduleCreateParams>, number, string, string][] = [
      [{ schedule: { frequency: 'monthly', time: '08:00', timezone: 'Mars/Olympus_Mons' } }, 422, 'VALIDATION_ERROR', 'schedule.timezone'],
      [{ schedule: { frequency: 'monthly', time: '24:00', timezone: 'UTC' } }, 422, 'VALIDATION_ERROR', 'schedule.time'],
      [
        { schedule: { frequency: 'monthly', dayOfMonth: 32, time: '08:00', timezone: 'UTC' } },
        422,
        'VALIDATION_ERROR',
        'schedule.dayOfMonth',
      ],
      [{ schedule: { frequency: 'daily', dayOfMonth: 3, time: '08:00', timezone: 'UTC' } }, 422, 'VALIDATION_ERROR', 'schedule.dayOfMonth'],
      [{ schedule: { frequency: 'monthly', dayOfWeek: 2, time: '08:00', timezone: 'UTC' } }, 422, 'VALIDATION_ERROR', 'schedule.dayOfWeek'],
      [{ recipients: [{ email: 'not-an-email' }] }, 422, 'VALIDATION_ERROR', 'recipients.0.email'],
      [{ recipients: [] }, 422, 'VALIDATION_ERROR', 'recipients'],
      [{ reportId: 'no-such-report' }, 404, 'REPORT_NOT_FOUND', 'id'],
      [{ parameters: { asOfDate: '31/10/2026' } }, 400, 'INVALID_PARAMETERS', 'parameters.asOfDate'],
      [{ parameters: { colour: 'blue' } }, 400, 'INVALID_PARAMETERS', 'parameters'],
      [{ parameters: { format: 'json' } }, 400, 'INVALID_PARAMETERS', 'parameters.format'],
      [{ parameters: { format: 'docx' } }, 400, 'FORMAT_NOT_SUPPORTED', 'format'],
    ];
    for (const [overrides, status, code, field] of cases) {
      expect(
        await codeOf(acs.reports.schedules.create(monthly(overrides as Partial<ReportScheduleCreateParams>))),
        JSON.stringify(overrides),
      ).toEqual({ status, code, fields: [field] });
    }
    expect((await acs.reports.schedules.list()).data).toEqual(before);
  });

  it('updates the fields sent and computes the next run again; an inactive schedule never runs', async () => {
    const schedule = await acs.reports.schedules.create(monthly());
    const moved = await acs.reports.schedules.update(schedule.id, {
      schedule: { frequency: 'daily', time: '20:00', timezone: 'Asia/Kuala_Lumpur' },
    });
    expect(moved).toMatchObject({
      name: schedule.name,
      nextRunAt: '2026-11-02T12:00:00.000Z',
      schedule: { frequency: 'daily', dayOfMonth: null },
    });
    const paused = await acs.reports.schedules.update(schedule.id, { active: false });
    expect(paused).toMatchObject({ active: false, nextRunAt: null, schedule: moved.schedule });
    mock.clock.advance({ days: 40 });
    expect(reportMails()).toEqual([]);
    expect((await acs.reports.schedules.list({ active: false })).data.map((s) => s.id)).toContain(schedule.id);
    expect((await acs.reports.schedules.list({ active: true })).data.map((s) => s.id)).not.toContain(schedule.id);
    const resumed = await acs.reports.schedules.update(schedule.id, { active: true });
    expect(resumed.nextRunAt).toBe('2026-12-12T12:00:00.000Z');
    expect(
      await codeOf(acs.reports.schedules.update(schedule.id, { schedule: { frequency: 'daily', time: '7:00', timezone: 'UTC' } })),
    ).toMatchObject({ status: 422 });
    expect(await scheduleOf(schedule.id)).toEqual(resumed);
  });

  it('deletes a schedule: it runs no more and is unknown after', async () => {
    const schedule = await acs.reports.schedules.create(monthly());
    expect(await acs.reports.schedules.delete(schedule.id)).toEqual({ id: schedule.id, deleted: true });
    mock.clock.advance({ days: 40 });
    expect(reportMails()).toEqual([]);
    expect(await codeOf(acs.reports.schedules.delete(schedule.id))).toEqual({ status: 404, code: 'REPORT_NOT_FOUND', fields: ['id'] });
    expect(await codeOf(acs.reports.schedules.update(schedule.id, { active: false }))).toMatchObject({
      status: 404,
      code: 'REPORT_NOT_FOUND',
    });
  });

  it('records a run whose report refuses to run on the schedule, sends nothing and keeps its timetable', async () => {
    // Accepted as a parameter of the trial balance; refused when the report runs (reports are in the company's currency).
    const schedule = await acs.reports.schedules.create(monthly({ parameters: { currency: 'USD' } }));
    mock.clock.advance({ days: 30 });
    expect(reportMails()).toEqual([]);
    const after = await scheduleOf(schedule.id);
    expect(after).toMatchObject({
      id: schedule.id,
      runCount: 0,
      lastRunAt: '2026-12-01T00:00:00.000Z',
      nextRunAt: '2027-01-01T00:00:00.000Z',
    });
    expect(after.lastRun).toMatchObject({ status: 'failed', messageId: null, error: { code: 'INVALID_PARAMETERS' } });
  });

  it('runs a saved report by its id, with the schedule’s parameters over the saved ones; one deleted since fails the run', async () => {
    const saved = await acs.reports.saved.create({
      name: 'Year-end trial balance',
      reportType: 'trial-balance',
      parameters: { asOfDate: '2025-12-31' },
    });
    const schedule = await acs.reports.schedules.create(
      monthly({ reportId: saved.id, emailSubject: '{{reportName}}', parameters: { format: 'csv' } }),
    );
    expect(schedule).toMatchObject({ reportId: saved.id, reportType: 'trial-balance' });
    mock.clock.advance({ days: 29 });
    const [mail] = reportMails();
    expect(mail.subject).toBe('Year-end trial balance');
    expect(mail.attachments![0].filename).toBe('trial-balance-2025-12-31.csv');
    await acs.reports.saved.delete(saved.id);
    mock.clock.advance({ days: 31 });
    expect(reportMails()).toHaveLength(1);
    expect((await scheduleOf(schedule.id)).lastRun).toMatchObject({ status: 'failed', error: { code: 'REPORT_NOT_FOUND' } });
  });

  it("keeps one company's schedules from another", async () => {
    const schedule = await acs.reports.schedules.create(monthly());
    const other = companyClient(1);
    expect((await other.reports.schedules.list()).data.map((s) => s.id)).not.toContain(schedule.id);
    expect(await codeOf(other.reports.schedules.update(schedule.id, { active: false }))).toMatchObject({
      status: 404,
      code: 'REPORT_NOT_FOUND',
    });
    expect(await codeOf(other.reports.schedules.delete(schedule.id))).toMatchObject({ status: 404, code: 'REPORT_NOT_FOUND' });
  });
});
