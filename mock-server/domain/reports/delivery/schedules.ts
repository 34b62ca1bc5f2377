import type {
  ReportSchedule,
  ReportScheduleCreateParams,
  ReportScheduleUpdateParams,
  ScheduleTiming,
} from '../../../../src/contract/index.js';
import { validationError, type ValidationIssue } from '../../../kernel/errors.js';
import type { CompanyContext } from '../../../store/context.js';
import { reportNotFound } from '../core/errors.js';
import { fileFormatOf, splitParameters } from './run-parameters.js';
import { nextRunAfter, type ScheduleTimingRow } from './schedule-calendar.js';
import { resolveReport } from './targets.js';
import { ianaTimeZone } from '../../../kernel/clock.js';

/** A report schedule as stored: the spec's request with its defaults, and how its runs went. */
export interface ReportScheduleRow {
  id: string;
  reportId: string;
  reportType: string;
  name: string;
  schedule: ScheduleTimingRow;
  /** As sent (validated against the report's query): a later run checks them again. */
  parameters: Record<string, unknown>;
  recipients: { email: string; name: string | null }[];
  emailSubject: string;
  emailBody: string;
  active: boolean;
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastRun: ReportSchedule['lastRun'];
  runCount: number;
  createdAt: string;
  updatedAt: string;
  /** Who made it: the `generatedBy` of its runs. */
  createdBy: string;
}

export const REPORT_SCHEDULES = 'reportSchedules';

export const reportSchedulesTable = (ctx: CompanyContext) => ctx.store.table<ReportScheduleRow>(ctx.companyId, REPORT_SCHEDULES);

export const DEFAULT_SCHEDULE_SUBJECT = '{{reportName}}: {{month}} {{year}}';
export const DEFAULT_SCHEDULE_BODY = 'The {{reportName}} report for {{month}} {{year}} is attached.';

/** `POST /v1/reports/schedules`: a schedule of a report the company can run, its first run computed in its time zone. */
export function createReportSchedule(ctx: CompanyContext, body: ReportScheduleCreateParams, createdBy: string): ReportScheduleRow {
  const table = reportSchedulesTable(ctx);
  const now = ctx.clock.iso();
  const fields = checkedScheduleFields(ctx, body);
  return table.insert({
    id: table.newId(),
    ...fields,
    nextRunAt: nextRunOf(ctx, fields),
    lastRunAt: null,
    lastRun: null,
    runCount: 0,
    createdAt: now,
    updatedAt: now,
    createdBy,
  });
}

/** `PUT /v1/reports/schedules/{id}`: the fields sent replace the stored ones; the next run is computed again from now. */
export function updateReportSchedule(ctx: CompanyContext, scheduleId: string, body: ReportScheduleUpdateParams): ReportScheduleRow {
  const row = findSchedule(ctx, scheduleId);
  const merged = { ...storedFields(row), ...definedFields(body) } as ReportScheduleCreateParams;
  const fields = checkedScheduleFields(ctx, merged);
  return reportSchedulesTable(ctx).update(row.id, { ...fields, nextRunAt: nextRunOf(ctx, fields), updatedAt: ctx.clock.iso() });
}

/** `DELETE /v1/reports/schedules/{id}`. */
export function deleteReportSchedule(ctx: CompanyContext, scheduleId: string): { id: string; deleted: true } {
  const row = findSchedule(ctx, scheduleId);
  reportSchedulesTable(ctx).delete(row.id);
  return { id: row.id, deleted: true };
}

/** A schedule of the company, or 404 REPORT_NOT_FOUND (the spec's code for a report resource it cannot find). */
export function findSchedule(ctx: CompanyContext, scheduleId: string): ReportScheduleRow {
  const row = reportSchedulesTable(ctx).get(scheduleId);
  if (!row) throw reportNotFound('report schedule', scheduleId);
  return row;
}

export function presentReportSchedule(row: ReportScheduleRow): ReportSchedule {
  const { createdBy: _createdBy, ...shown } = row;
  return shown;
}

type ScheduleFields = Pick<
  ReportScheduleRow,
  'reportId' | 'reportType' | 'name' | 'schedule' | 'parameters' | 'recipients' | 'emailSubject' | 'emailBody' | 'active'
>;

/** Every rule of a schedule's fields, so that a create and an update leave the same kind of record. */
function checkedScheduleFields(ctx: CompanyContext, body: ReportScheduleCreateParams): ScheduleFields {
  const schedule = checkedTiming(body.schedule);
  const given = body.parameters ?? {};
  // A saved report's own parameters first, the schedule's over them (spec: the schedule's `parameters`).
  const split = splitParameters(given);
  const target = resolveReport(ctx, body.reportId, split.rest);
  fileFormatOf(split);
  const recipients = new Map<string, { email: string; name: string | null }>();
  for (const r of body.recipients)
    if (!recipients.has(r.email.toLowerCase())) recipients.set(r.email.toLowerCase(), { email: r.email, name: r.name ?? null });
  return {
    reportId: body.reportId,
    reportType: target.definition.type,
    name: body.name,
    schedule,
    parameters: Object.fromEntries(Object.entries(given).filter(([, value]) => value !== null)),
    recipients: [...recipients.values()],
    emailSubject: body.emailSubject ?? DEFAULT_SCHEDULE_SUBJECT,
    emailBody: body.emailBody ?? DEFAULT_SCHEDULE_BODY,
    active: body.active ?? true,
  };
}

/** The timing with its defaults; a day that does not apply to the frequency is refused rather than ignored. */
function checkedTiming(timing: ScheduleTiming): ScheduleTimingRow {
  const issues: ValidationIssue[] = [];
  const timezone = ianaTimeZone(timing.timezone);
  if (timezone === null)
    issues.push({
      field: 'schedule.timezone',
      code: 'INVALID_FORMAT',
      message: 'schedule.timezone must be an IANA time zone name such as Asia/Kuala_Lumpur',
      value: timing.timezone,
    });
  const monthly = timing.frequency === 'monthly' || timing.frequency === 'quarterly';
  if (timing.dayOfMonth !== undefined && !monthly) {
    issues.push({
      field: 'schedule.dayOfMonth',
      code: 'INVALID_CHOICE',
      message: 'schedule.dayOfMonth applies to monthly and quarterly schedules',
      value: timing.dayOfMonth,
    });
  }
  if (timing.dayOfWeek !== undefined && timing.frequency !== 'weekly') {
    issues.push({
      field: 'schedule.dayOfWeek',
      code: 'INVALID_CHOICE',
      message: 'schedule.dayOfWeek applies to weekly schedules',
      value: timing.dayOfWeek,
    });
  }
  if (issues.length > 0) throw validationError(issues);
  return {
    frequency: timing.frequency,
    dayOfMonth: monthly ? (timing.dayOfMonth ?? 1) : null,
    dayOfWeek: timing.frequency === 'weekly' ? (timing.dayOfWeek ?? 1) : null,
    time: timing.time,
    timezone: timezone!,
  };
}

/** The next run from now by the clock; none while inactive. */
function nextRunOf(ctx: CompanyContext, fields: ScheduleFields): string | null {
  return fields.active ? new Date(nextRunAfter(fields.schedule, ctx.clock.nowMs())).toISOString() : null;
}

/** A stored schedule as the request that would make it (the timing's nulls dropped). */
function storedFields(row: ReportScheduleRow): ReportScheduleCreateParams {
  const { dayOfMonth, dayOfWeek, ...timing } = row.schedule;
  return {
    reportId: row.reportId,
    name: row.name,
    schedule: { ...timing, ...(dayOfMonth === null ? {} : { dayOfMonth }), ...(dayOfWeek === null ? {} : { dayOfWeek }) },
    parameters: row.parameters as ReportScheduleCreateParams['parameters'],
    recipients: row.recipients.map((r) => ({ email: r.email, ...(r.name === null ? {} : { name: r.name }) })),
    emailSubject: row.emailSubject,
    emailBody: row.emailBody,
    active: row.active,
  };
}

const definedFields = <T extends object>(body: T): Partial<T> =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
