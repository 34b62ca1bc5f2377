import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, DeletedRecord, EMAIL_MAX_LENGTH, freeFormObject, isoDateTime, queryBoolean, sortQuery } from '../common.js';

// Report schedules (spec document 3, "Reports": "Schedule request"; what the spec leaves open:
// decisions REP-82 to REP-86).

/**
 * The parameters a report runs with, as its endpoint's query names them (`asOfDate`, `includeDrillDown`,
 * `format`, ...): a flat object of texts, numbers and booleans, checked against the report's own query
 * (400 INVALID_PARAMETERS).
 */
export const ReportRunParameters = freeFormObject(
  { maxKeys: 30, maxKeyLength: 64, maxValueLength: 200, maxDepth: 1, maxBytes: 4000 },
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);

/** When a schedule runs; `daily`, `weekly` and `quarterly` are ours beside the spec's `monthly`. */
export const ScheduleTiming = z.object({
  /** daily, weekly, monthly or quarterly (January, April, July, October). */
  frequency: z.enum(['daily', 'weekly', 'monthly', 'quarterly']),
  /** Monthly and quarterly: 1-31 (default 1); past a month's last day, that last day. */
  dayOfMonth: z.number().int().min(1).max(31).optional(),
  /** Weekly: 1 (Monday) to 7 (Sunday), ISO 8601 (default 1). */
  dayOfWeek: z.number().int().min(1).max(7).optional(),
  /** `HH:MM`, 24-hour, on the wall clock of `timezone`. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 00:00 to 23:59'),
  /** An IANA time zone name (`Asia/Kuala_Lumpur`); daylight-saving switches are followed. */
  timezone: z.string().min(1).max(64),
});
export type ScheduleTiming = z.input<typeof ScheduleTiming>;

/** Someone a scheduled report is emailed to. */
export const ReportRecipient = z.object({ email: z.email().max(EMAIL_MAX_LENGTH), name: z.string().trim().min(1).max(100).optional() });

const scheduleFields = {
  /** A report type of the catalogue (`balance-sheet`) or a saved report's id. */
  reportId: z.string().min(1).max(100),
  /** The schedule's name, 1-200 characters after trimming. */
  name: z.string().trim().min(1).max(200),
  /** When it runs; on update the whole timing is replaced, and the next run is computed again from now. */
  schedule: ScheduleTiming,
  /** The report's parameters; `format` csv, pdf (default) or excel is the attachment's. */
  parameters: ReportRunParameters.optional(),
  /** 1 to 50 people the report is emailed to; an address listed again (any case) is kept once. */
  recipients: z.array(ReportRecipient).min(1).max(50),
  /** `{{month}}`, `{{year}}` and `{{reportName}}` are filled at each run (default `{{reportName}}: {{month}} {{year}}`). */
  emailSubject: z.string().trim().min(1).max(200).optional(),
  /** The same placeholders as `emailSubject`. */
  emailBody: z.string().max(5000).optional(),
  /** Default true; an inactive schedule keeps its settings and never runs. */
  active: z.boolean().optional(),
};

export const ReportScheduleCreateParams = z.object(scheduleFields);
export type ReportScheduleCreateParams = z.input<typeof ReportScheduleCreateParams>;

/** The fields to change; the others stay. */
export const ReportScheduleUpdateParams = z.object(scheduleFields).partial();
export type ReportScheduleUpdateParams = z.input<typeof ReportScheduleUpdateParams>;

/** How a schedule's last run went. */
export const ReportScheduleRun = z.object({
  /** succeeded or failed. */
  status: z.string(),
  ranAt: isoDateTime(),
  /** The outbox message of a run that succeeded. */
  messageId: z.string().nullable(),
  /** Why a run failed (REPORT_NOT_FOUND, INVALID_DATE_RANGE, ...). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const ReportSchedule = z.object({
  id: z.string(),
  reportId: z.string(),
  /** The report type it runs (the saved report's, for a saved report). */
  reportType: z.string(),
  name: z.string(),
  schedule: z.object({
    frequency: z.string(),
    dayOfMonth: z.number().int().nullable(),
    dayOfWeek: z.number().int().nullable(),
    time: z.string(),
    timezone: z.string(),
  }),
  parameters: z.record(z.string(), z.unknown()),
  recipients: z.array(z.object({ email: z.string(), name: z.string().nullable() })),
  emailSubject: z.string(),
  emailBody: z.string(),
  active: z.boolean(),
  /** The next run by the clock, in UTC; null while inactive. */
  nextRunAt: isoDateTime().nullable(),
  lastRunAt: isoDateTime().nullable(),
  lastRun: ReportScheduleRun.nullable(),
  runCount: z.number().int(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;

export const ReportScheduleListParams = z.object({ active: queryBoolean().optional(), ...sortQuery, ...cursorPageQuery });
export type ReportScheduleListParams = z.input<typeof ReportScheduleListParams>;

const scheduleId = z.object({ scheduleId: z.string() });

export const reportsSchedulesCreate = endpoint({
  id: 'reports.schedules.create',
  method: 'POST',
  path: '/reports/schedules',
  scope: 'write:accounts',
  status: 201,
  summary: 'Schedule a report to be run and emailed with its file attached',
  description:
    "Schedules a report (`reportId`: a report type such as `balance-sheet`, or a saved report's id). The " +
    "answer's `nextRunAt` is the first run in UTC, daylight-saving switches of `timezone` included; " +
    '`{{month}}`, `{{year}}` and `{{reportName}}` in the subject and body are filled at each run.',
  example:
    "const schedule = await acs.reports.schedules.create({ reportId: 'trial-balance', name: 'Month end', schedule: { frequency: 'monthly', dayOfMonth: 1, time: '08:00', timezone: 'Asia/Kuala_Lumpur' }, recipients: [{ email: 'cfo@example.my' }] });",
  exampleCall: { body: { fixture: 'reportSchedule' } },
  body: ReportScheduleCreateParams,
  response: ReportSchedule,
});

export const reportsSchedulesList = endpoint({
  id: 'reports.schedules.list',
  method: 'GET',
  path: '/reports/schedules',
  scope: 'read:reports',
  summary: "List the company's report schedules",
  description: "The company's schedules (cursor pages), oldest first; `active` and `reportId` filter.",
  example: 'for await (const schedule of acs.reports.schedules.list({ active: true })) console.log(schedule.name, schedule.nextRunAt);',
  query: ReportScheduleListParams,
  response: ReportSchedule,
  list: { paging: 'cursor', defaultLimit: 20, maxLimit: 100, defaultSort: 'createdAt:asc', sort: ['createdAt', 'name', 'nextRunAt'] },
});

export const reportsSchedulesUpdate = endpoint({
  id: 'reports.schedules.update',
  method: 'PUT',
  path: '/reports/schedules/{scheduleId}',
  scope: 'write:accounts',
  summary: "Change a report schedule's fields; its next run is computed again",
  description: 'Changes the fields sent (the others stay); the next run is computed again from now.',
  example: 'await acs.reports.schedules.update(schedule.id, { active: false });',
  exampleCall: { params: { scheduleId: { fixture: 'monthlySchedule' } }, body: { active: false } },
  params: scheduleId,
  body: ReportScheduleUpdateParams,
  response: ReportSchedule,
});

export const reportsSchedulesDelete = endpoint({
  id: 'reports.schedules.delete',
  method: 'DELETE',
  path: '/reports/schedules/{scheduleId}',
  scope: 'write:accounts',
  summary: 'Delete a report schedule',
  description: 'Deletes a schedule; it runs no more.',
  example: 'await acs.reports.schedules.delete(schedule.id);',
  exampleCall: { params: { scheduleId: { fixture: 'monthlySchedule' } } },
  params: scheduleId,
  response: DeletedRecord,
});
