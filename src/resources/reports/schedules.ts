import { ReportsSchedulesMethods } from '../../generated/resources/reports.js';

/**
 * Report schedules (spec document 3, "Reports"): a report run at a wall time of an IANA time zone and
 * emailed with its file attached: `acs.reports.schedules`.
 */
export class ReportSchedules extends ReportsSchedulesMethods {}
