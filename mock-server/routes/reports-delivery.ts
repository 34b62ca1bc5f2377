import { contract } from '../../src/contract/index.js';
import { FileResponse } from '../kernel/raw.js';
import {
  armDeliveries,
  createReportSchedule,
  deleteReportSchedule,
  emailReport,
  findReportJob,
  openReportLink,
  presentReportJob,
  presentReportSchedule,
  reportFile,
  reportFormatOf,
  reportJobResult,
  reportJobsTable,
  reportSchedulesTable,
  reportTypeRows,
  settleReportJobs,
  runDueSchedules,
  startReportJob,
  updateReportSchedule,
  type ReportJobRow,
} from '../domain/reports/index.js';
import { listRoute } from './list-route.js';
import { route, type Route, type RouteContext } from '../store/context.js';

const { reports } = contract;

/** A written schedule, with the timer set for its next run. */
function armed<T>(ctx: RouteContext, value: T): T {
  armDeliveries(ctx);
  return value;
}

const caller = (ctx: RouteContext) => ({ generatedBy: ctx.principal.actor, baseUrl: ctx.bases.business });

/** A job as of now, its `downloadUrl` under the base URL the request came to. */
const presentJob = (ctx: RouteContext, row: ReportJobRow) => presentReportJob(row, ctx.clock.nowMs(), ctx.bases.business);

/** A completed job's report: JSON in the envelope, or the file its `format` asks for. */
function serveJobResult(ctx: RouteContext<typeof reports.reportsJobsResult>): unknown {
  const format = reportFormatOf(ctx.query.format);
  const { definition, row, result } = reportJobResult(ctx, ctx.params.jobId);
  if (format === 'json') return result.data;
  return new FileResponse(reportFile(ctx, definition, result.data, row.params, format, result.computedAt));
}

/** Schedules, emails with links and asynchronous jobs of reports (spec document 3, "Reports"; REP-82 to REP-92). */
export const reportDeliveryRoutes: Route[] = [
  listRoute(reports.reportsList, { rows: () => reportTypeRows(), present: (_ctx, type) => type }),
  route(reports.reportsSchedulesCreate, (ctx) =>
    armed(ctx, presentReportSchedule(createReportSchedule(ctx, ctx.body, ctx.principal.actor))),
  ),
  listRoute(reports.reportsSchedulesList, {
    rows: (ctx) => {
      // Runs fall due by the clock: a read sees the runs due by now done.
      runDueSchedules(ctx);
      return reportSchedulesTable(ctx);
    },
    where: (ctx) => (row) => ctx.query.active === undefined || row.active === ctx.query.active,
    present: (_ctx, row) => presentReportSchedule(row),
  }),
  route(reports.reportsSchedulesUpdate, (ctx) =>
    armed(ctx, presentReportSchedule(updateReportSchedule(ctx, ctx.params.scheduleId, ctx.body))),
  ),
  route(reports.reportsSchedulesDelete, (ctx) => deleteReportSchedule(ctx, ctx.params.scheduleId)),
  route(reports.reportsEmail, (ctx) => emailReport(ctx, ctx.params.reportType, ctx.body, caller(ctx))),
  route(reports.reportsDownloadLink, (ctx) => new FileResponse(openReportLink(ctx.store, ctx.params.linkId, ctx.query.token))),
  route(reports.reportsBalanceSheetAsync, (ctx) => presentJob(ctx, startReportJob(ctx, 'balance-sheet', ctx.body, caller(ctx)))),
  listRoute(reports.reportsJobsList, {
    rows: (ctx) => {
      // Jobs complete by the clock: a read sees those due by now completed.
      settleReportJobs(ctx);
      return reportJobsTable(ctx);
    },
    where: (ctx) => (row) => ctx.query.status === undefined || row.status === ctx.query.status,
    present: (ctx, row) => presentJob(ctx, row),
  }),
  route(reports.reportsJobsRetrieve, (ctx) => presentJob(ctx, findReportJob(ctx, ctx.params.jobId))),
  route(reports.reportsJobsResult, serveJobResult),
];
