import { REPORT_JOBS, REPORT_SCHEDULES, type ReportJobRow, type ReportScheduleRow } from '../../domain/reports/index.js';
import type { Change } from '../../store/index.js';
import { onFieldChange, type EventRule } from '../bus.js';

/** A schedule's run that emailed its report: `lastRun` moved to a new run that succeeded. */
const scheduledRunSucceeded = (change: Change): boolean => {
  const before = change.before as ReportScheduleRow | null;
  const after = change.after as ReportScheduleRow | null;
  return before !== null && after !== null && after.lastRunAt !== before.lastRunAt && after.lastRun?.status === 'succeeded';
};

/**
 * `report.generated` (alias `report.completed`, spec document 3's report stream) when an asynchronous
 * job completes or a scheduled run has emailed its report; `reportType` is what `filters.reportTypes`
 * matches. A failed job or run publishes nothing (decisions REP-91, STREAM-8).
 */
export const reportDeliveryEventRules: EventRule[] = [
  {
    table: REPORT_JOBS,
    event: 'report.generated',
    when: onFieldChange('status', ['completed']),
    present: (change) => {
      const job = change.after as ReportJobRow;
      return { reportId: job.id, reportType: job.reportType, source: 'job', jobId: job.id, completedAt: job.completedAt };
    },
  },
  {
    table: REPORT_SCHEDULES,
    event: 'report.generated',
    when: scheduledRunSucceeded,
    present: (change) => {
      const schedule = change.after as ReportScheduleRow;
      return {
        reportId: schedule.reportId,
        reportType: schedule.reportType,
        source: 'schedule',
        scheduleId: schedule.id,
        messageId: schedule.lastRun!.messageId,
        completedAt: schedule.lastRunAt,
      };
    },
  },
];
