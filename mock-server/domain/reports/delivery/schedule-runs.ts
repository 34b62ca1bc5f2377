import { ServiceError } from '../../../kernel/errors.js';
import type { CompanyContext } from '../../../store/context.js';
import { sendReportEmail, type SentReportEmail } from './email.js';
import { runReport } from '../core/run.js';
import { fileFormatOf, splitParameters } from './run-parameters.js';
import { latestRunDue, nextRunAfter, runMonthYear } from './schedule-calendar.js';
import { reportSchedulesTable, type ReportScheduleRow } from './schedules.js';
import { resolveReport } from './targets.js';

/**
 * Runs every active schedule of the company whose `nextRunAt` the clock has passed (on each move of
 * the mock clock, at its real-time due moment, and before each read of the schedules). A schedule the
 * clock jumped several runs past runs once, as its latest run due, and then waits for its next run
 * after now (decision REP-86). Answers the schedules that ran.
 */
export function runDueSchedules(ctx: CompanyContext): ReportScheduleRow[] {
  const now = ctx.clock.nowMs();
  const due = reportSchedulesTable(ctx)
    .all()
    .filter((row) => row.active && row.nextRunAt !== null && Date.parse(row.nextRunAt) <= now);
  return due.map((row) => runSchedule(ctx, row));
}

/** The soonest `nextRunAt` of the company's active schedules, in epoch milliseconds, or null. */
export function soonestScheduleRun(ctx: CompanyContext): number | null {
  let soonest: number | null = null;
  for (const row of reportSchedulesTable(ctx).values()) {
    if (!row.active || row.nextRunAt === null) continue;
    const at = Date.parse(row.nextRunAt);
    if (soonest === null || at < soonest) soonest = at;
  }
  return soonest;
}

/**
 * One run: the report as of now with no work limit (spec document 1 leaves scheduled runs free of the
 * synchronous bound), emailed with its file attached and the placeholders filled; a report that cannot
 * run (a saved report deleted, parameters no longer valid, no data) records its error on the schedule
 * and sends nothing. Either way the schedule moves to its next run.
 */
function runSchedule(ctx: CompanyContext, row: ReportScheduleRow): ReportScheduleRow {
  // `lastRunAt` is the run's own time on the timetable; `lastRun.ranAt` when the clock got there (later after a jump).
  const ranAtMs = ctx.clock.nowMs();
  const dueAt = new Date(latestRunDue(row.schedule, Date.parse(row.nextRunAt!), ranAtMs)).toISOString();
  const ranAt = new Date(ranAtMs).toISOString();
  const nextRunAt = new Date(nextRunAfter(row.schedule, ranAtMs)).toISOString();
  return ctx.store.transaction(() => {
    let sent: SentReportEmail;
    try {
      sent = ctx.store.transaction(() => emailScheduledReport(ctx, row, Date.parse(dueAt)));
    } catch (error) {
      // A fault of the service itself fails the run as a job's does, rather than stopping every later run.
      const reason =
        error instanceof ServiceError
          ? { code: error.code, message: error.message }
          : { code: 'REPORT_GENERATION_FAILED', message: 'The report could not be computed' };
      const lastRun = { status: 'failed', ranAt, messageId: null, error: reason };
      return reportSchedulesTable(ctx).update(row.id, { lastRunAt: dueAt, lastRun, nextRunAt });
    }
    const lastRun = { status: 'succeeded', ranAt, messageId: sent.message.id, error: null };
    return reportSchedulesTable(ctx).update(row.id, { lastRunAt: dueAt, lastRun, nextRunAt, runCount: row.runCount + 1 });
  });
}

function emailScheduledReport(ctx: CompanyContext, row: ReportScheduleRow, dueAtMs: number): SentReportEmail {
  const split = splitParameters(row.parameters);
  const target = resolveReport(ctx, row.reportId, split.rest);
  const format = fileFormatOf(split);
  const report = runReport(ctx, target.definition, target.params, { generatedBy: row.createdBy, unbounded: true });
  const values: Record<string, string> = {
    ...runMonthYear(dueAtMs, row.schedule.timezone),
    reportName: target.name === target.definition.type ? row.name : target.name,
  };
  return sendReportEmail(ctx, {
    definition: target.definition,
    params: target.params,
    format,
    run: report,
    to: row.recipients.map((r) => r.email),
    subject: fillPlaceholders(row.emailSubject, values),
    message: fillPlaceholders(row.emailBody, values),
    attach: true,
    link: null,
    documentId: row.id,
  });
}

/** `{{month}}`, `{{ year }}`, `{{reportName}}` replaced by their values; any other `{{...}}` left as written. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}
