import { REPORT_JOBS, REPORT_SCHEDULES, type ReportJobRow, type ReportScheduleRow } from '../../domain/reports/index.js';
import { onFieldChange, tableRule, type EventRule, type TableChange } from '../bus.js';

/** A schedule's run that emailed its report: `lastRun` moved to a new run that succeeded. */
const scheduledRunSucceeded = ({ before, after }: TableChange<ReportScheduleRow>): boolean =>
  before !== null && after !== null && after.lastRunAt !== before.lastRunAt && after.lastRun?.status === 'succeeded';

/**
 * `report.generated` (alias `report.completed`, spec document 3's report stream) when an asynchronous
 * job completes or a scheduled run has emailed its report; `reportType` is what `filters.reportTypes`
 * matches. A failed job or run publishes nothing (decisions REP-91, STREAM-8).
 */
export const reportDeliveryEventRules: EventRule[] = [
  tableRule<ReportJobRow>({
    table: REPORT_JOBS,
    event: 'report.generated',
    when: onFieldChange('status', ['completed']),
    present: (change) => {
      const job = change.after!;
      return { reportId: job.id, reportType: job.reportType, source: 'job', jobId: job.id, completedAt: job.completedAt };
    },
  }),
  tableRule<ReportScheduleRow>({
    table: REPORT_SCHEDULES,
    event: 'report.generated',
    when: scheduledRunSucceeded,
    present: (change) => {
      const schedule = change.after!;
      return {
        reportId: schedule.reportId,
        reportType: schedule.reportType,
        source: 'schedule',
        scheduleId: schedule.id,
        messageId: schedule.lastRun!.messageId,
        completedAt: schedule.lastRunAt,
      };
    },
  }),
];
