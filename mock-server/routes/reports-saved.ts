import { contract } from '../../src/contract/index.js';
import { DataWithHeaders, FileResponse } from '../kernel/raw.js';
import {
  deleteSavedReport,
  executeSavedReport,
  presentSavedReport,
  reportFile,
  requestCustomReport,
  retrieveSavedReport,
  savedReportsTable,
  saveStandardReport,
  type ReportRun,
} from '../domain/reports/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { reports } = contract;

/** Whether the figures came from the 15-minute cache, as every report route says it (decision REP-6). */
const cacheHeaders = (run: ReportRun) => ({ 'X-Report-Cache': run.cached ? 'HIT' : 'MISS', 'X-Report-Computed-At': run.computedAt });

/** Custom and saved reports (spec document 3, "Reports"; saving a standard report and deleting one: implied). */
export const savedReportRoutes: Route[] = [
  route(reports.reportsCustom, (ctx) => {
    const { run, data } = requestCustomReport(ctx, ctx.body, ctx.principal.actor);
    return new DataWithHeaders(data, cacheHeaders(run));
  }),
  listRoute(reports.reportsSavedList, {
    rows: (ctx) => savedReportsTable(ctx),
    where: (ctx) => (row) => ctx.query.reportType === undefined || row.reportType === ctx.query.reportType,
    present: (_ctx, row) => presentSavedReport(row),
  }),
  route(reports.reportsSavedRetrieve, (ctx) => presentSavedReport(retrieveSavedReport(ctx, ctx.params.reportId))),
  route(reports.reportsSavedCreate, (ctx) => presentSavedReport(saveStandardReport(ctx, ctx.body))),
  route(reports.reportsSavedDelete, (ctx) => deleteSavedReport(ctx, ctx.params.reportId)),
  route(reports.reportsSavedExecute, (ctx) => {
    const { target, run, format, result } = executeSavedReport(ctx, ctx.params.reportId, ctx.body, ctx.principal.actor);
    if (format === 'json') return new DataWithHeaders(result, cacheHeaders(run));
    return new FileResponse(reportFile(ctx, target.definition, run.data, target.params, format, run.computedAt), cacheHeaders(run));
  }),
];
