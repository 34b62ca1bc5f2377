import { reportsSchedulesCreate, reportsSchedulesDelete, reportsSchedulesList, reportsSchedulesUpdate } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/**
 * Report schedules (spec document 3, "Reports"): a report run at a wall time of an IANA time zone and
 * emailed with its file attached: `acs.reports.schedules`.
 */
export class ReportSchedules extends Resource {
  /**
   * Schedules a report (`reportId`: a report type such as `balance-sheet`, or a saved report's id). The
   * answer's `nextRunAt` is the first run in UTC, daylight-saving switches of `timezone` included;
   * `{{month}}`, `{{year}}` and `{{reportName}}` in the subject and body are filled at each run.
   *
   * @example
   * const schedule = await acs.reports.schedules.create({ reportId: 'trial-balance', name: 'Month end', schedule: { frequency: 'monthly', dayOfMonth: 1, time: '08:00', timezone: 'Asia/Kuala_Lumpur' }, recipients: [{ email: 'cfo@example.my' }] });
   */
  create = this.method(reportsSchedulesCreate);

  /**
   * The company's schedules (cursor pages), oldest first; `active` and `reportId` filter.
   *
   * @example
   * for await (const schedule of acs.reports.schedules.list({ active: true })) console.log(schedule.name, schedule.nextRunAt);
   */
  list = this.method(reportsSchedulesList);

  /**
   * Changes the fields sent (the others stay); the next run is computed again from now.
   *
   * @example
   * await acs.reports.schedules.update(schedule.id, { active: false });
   */
  update = this.method(reportsSchedulesUpdate);

  /**
   * Deletes a schedule; it runs no more.
   *
   * @example
   * await acs.reports.schedules.delete(schedule.id);
   */
  delete = this.method(reportsSchedulesDelete);
}
