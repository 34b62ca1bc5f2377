import { DataWithHeaders, FileResponse } from '../kernel/raw.js';
import { REPORTS, reportFile, reportFormatOf, runReport, type AnyReportDefinition } from '../domain/reports/index.js';
import { route, type Route, type RouteContext } from '../store/context.js';

/**
 * A report's answer: JSON in the envelope, or the file its `format` asks for; either way the
 * `X-Report-Cache` header says whether the figures came from the 15-minute cache (decision REP-6).
 */
function serveReport(ctx: RouteContext, definition: AnyReportDefinition): DataWithHeaders | FileResponse {
  const { format, ...params } = ctx.query as Record<string, unknown>;
  const chosen = reportFormatOf(format);
  const run = runReport(ctx, definition, params, { generatedBy: ctx.principal.actor });
  const headers = { 'X-Report-Cache': run.cached ? 'HIT' : 'MISS', 'X-Report-Computed-At': run.computedAt };
  if (chosen === 'json') return new DataWithHeaders(run.data, headers);
  return new FileResponse(reportFile(ctx, definition, run.data, params, chosen, run.computedAt), headers);
}

/** Every report of the catalogue at its `GET /v1/reports/<type>` (spec document 3, "Reports"). */
export const reportRoutes: Route[] = [...REPORTS.values()].map((definition) =>
  route(definition.endpoint, (ctx) => serveReport(ctx, definition)),
);
