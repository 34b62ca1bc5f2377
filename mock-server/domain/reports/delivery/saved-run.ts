import type { z } from 'zod';
import { CustomReportDefinition, type CustomReportParams, type ReportFormat, type SavedReportRun } from '../../../../src/contract/index.js';
import { ServiceError } from '../../../kernel/errors.js';
import type { CompanyContext } from '../../../store/context.js';
import type { ActingContext } from '../../shared/actor.js';
import { customReportDefinition, runCustomReport } from '../analytics/custom.js';
import type { CheckedDefinition } from '../analytics/custom-query.js';
import { reportFormatOf } from '../core/files.js';
import { runReport, type ReportRun } from '../core/run.js';
import {
  checkedReportParameters,
  parametersRefusal,
  retrieveSavedReport,
  saveCustomReport,
  savedReportsTable,
  type SavedReportRow,
} from './saved.js';
import type { RunnableReport } from './targets.js';
import { reportOfType } from '../core/catalogue.js';

// Running saved and custom reports (spec document 3, "Reports": `POST /v1/reports/custom`,
// `POST /v1/reports/saved/{id}/execute`), always through the report engine (cache, work limit).

/** What a custom report's run may override: its period, filters, order and row limit. */
const CustomOverrides = CustomReportDefinition.pick({ dateRange: true, filters: true, sorting: true, limit: true }).strict();

/** The definition and parameters a saved report runs with, `overrides` applied over the saved parameters. */
export function savedTarget(row: SavedReportRow, overrides: Record<string, unknown> = {}): RunnableReport {
  if (row.definition) {
    const parsed = CustomOverrides.safeParse(overrides);
    if (!parsed.success)
      throw parametersRefusal(
        parsed.error,
        overrides,
        'parameters',
        'A custom report takes dateRange, filters, sorting and limit as parameters',
      );
    const definition: CheckedDefinition = { ...row.definition, ...dropUndefined(parsed.data) };
    return { definition: customReportDefinition(definition.dataSource), params: definition, savedReportId: row.id, name: row.name };
  }
  const definition = reportOfType(row.reportType);
  // A saved type the catalogue no longer has cannot run: the saved report is as good as gone.
  if (!definition)
    throw new ServiceError('REPORT_NOT_FOUND', `The report type ${row.reportType} of saved report ${row.id} is no longer offered`, [
      { field: 'reportType', id: row.id },
    ]);
  const params = checkedReportParameters(definition, { ...row.parameters, ...overrides });
  return { definition, params, savedReportId: row.id, name: row.name };
}

const dropUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The saved report a schedule's `reportId` names, when it is one of the company's, with the schedule's `overrides`. */
export function savedReportTarget(
  ctx: CompanyContext,
  reportId: string,
  overrides: Record<string, unknown> = {},
): RunnableReport | undefined {
  const row = savedReportsTable(ctx).get(reportId);
  return row ? savedTarget(row, overrides) : undefined;
}

export interface SavedRunResult {
  target: RunnableReport;
  run: ReportRun;
  format: ReportFormat;
  /** The JSON answer. */
  result: SavedReportRun;
}

/** Runs a saved report: 404 REPORT_NOT_FOUND for an unknown id, then the format, the overrides and the run. */
export function executeSavedReport(
  ctx: ActingContext,
  reportId: string,
  body: { parameters?: Record<string, unknown>; format?: string },
  generatedBy: string,
): SavedRunResult {
  const row = retrieveSavedReport(ctx, reportId);
  const format = reportFormatOf(body.format);
  const target = savedTarget(row, body.parameters);
  const run = runReport(ctx, target.definition, target.params, { generatedBy });
  const report = row.definition ? { ...(run.data as object), savedReportId: row.id } : (run.data as Record<string, unknown>);
  return {
    target,
    run: { ...run, data: report },
    format,
    result: {
      reportId: row.id,
      name: row.name,
      reportType: row.reportType,
      parameters: row.definition ? target.params : { ...row.parameters, ...body.parameters },
      cached: run.cached,
      report,
    },
  };
}

/** `POST /v1/reports/custom`: runs the report and, with `save` or `saveAs`, keeps its definition (both or neither). */
export function requestCustomReport(
  ctx: ActingContext,
  body: z.output<typeof CustomReportParams>,
  generatedBy: string,
): { run: ReportRun; data: Record<string, unknown> } {
  const { save, saveAs, ...definition } = body;
  return ctx.store.transaction(() => {
    const run = runCustomReport(ctx, definition, { generatedBy });
    const saved = save || saveAs ? saveCustomReport(ctx, { ...definition, name: saveAs ?? definition.name }) : null;
    return { run, data: { ...(run.data as object), savedReportId: saved?.id ?? null } };
  });
}
