import { z } from 'zod';
import type { DeletedRecord, SavedReport, SavedReportCreateParams } from '../../../../src/contract/index.js';
import { ServiceError } from '../../../kernel/errors.js';
import { toValidationIssues } from '../../../kernel/validation.js';
import type { CompanyContext } from '../../../store/context.js';
import type { Store, Table } from '../../../store/index.js';
import { actorOf, type ActingContext } from '../../shared/actor.js';
import { REPORTS, reportOfType } from '../core/catalogue.js';
import { planCustomReport, type CheckedDefinition } from '../analytics/custom-query.js';
import { invalidParameters, reportNotFound } from '../core/errors.js';
import type { AnyReportDefinition } from '../core/registry.js';

// Saved reports (spec document 3, "Reports": `GET /v1/reports/saved`, `GET /v1/reports/saved/{id}`;
// saving a standard report and deleting one are implied): a report kept under a name, either a report
// type of the catalogue with its parameters or a custom report's definition.

export const SAVED_REPORTS = 'savedReports';

export interface SavedReportRow {
  id: string;
  name: string;
  description: string | null;
  /** A report type of the catalogue, or `custom`. */
  reportType: string;
  /** A standard report's parameters as the caller gave them (checked); `{}` for a custom report. */
  parameters: Record<string, unknown>;
  definition: CheckedDefinition | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export function defineReportTables(store: Store): void {
  store.defineTable(SAVED_REPORTS, { prefix: 'rpt', indexes: ['reportType'] });
}

export const savedReportsTable = (ctx: CompanyContext): Table<SavedReportRow> =>
  ctx.store.table<SavedReportRow>(ctx.companyId, SAVED_REPORTS);

/** The saved report with this id in the company, or 404 REPORT_NOT_FOUND. */
export function retrieveSavedReport(ctx: CompanyContext, reportId: string): SavedReportRow {
  const row = savedReportsTable(ctx).get(reportId);
  if (!row) throw reportNotFound('saved report', reportId);
  return row;
}

export const presentSavedReport = (row: SavedReportRow): SavedReport => ({ ...row });

const NO_QUERY = z.object({}).strict();
// One strict schema a query: a schema made afresh each call is compiled afresh on its first parse (MOCK-51).
const strictQueries = new WeakMap<object, z.ZodType>();

function strictQueryOf(definition: AnyReportDefinition): z.ZodType {
  const query = definition.endpoint.query;
  if (!query) return NO_QUERY;
  let strict = strictQueries.get(query);
  if (!strict) strictQueries.set(query, (strict = query instanceof z.ZodObject ? query.strict() : query));
  return strict;
}

/**
 * A standard report's parameters checked as its endpoint checks its query, no unknown name, no
 * `format` (chosen when it runs); INVALID_PARAMETERS naming `<root>.<parameter>` otherwise.
 */
export function checkedReportParameters(
  definition: AnyReportDefinition,
  parameters: Record<string, unknown>,
  root = 'parameters',
): Record<string, unknown> {
  if (Object.hasOwn(parameters, 'format'))
    throw invalidParameters(`${root}.format`, 'format is chosen when the report runs, not saved with it', parameters.format);
  const result = strictQueryOf(definition).safeParse(parameters);
  if (!result.success)
    throw parametersRefusal(result.error, parameters, root, `The ${definition.type} report does not take these parameters`);
  const { format: _format, ...checked } = result.data as Record<string, unknown>;
  return checked;
}

/** 400 INVALID_PARAMETERS listing each broken rule of `parameters`, named `<root>.<name>` (spec document 3, "Errors"). */
export function parametersRefusal(error: z.ZodError, input: unknown, root: string, message: string): ServiceError {
  const details = toValidationIssues(error.issues, input, root).map((detail) =>
    detail.field === root ? detail : { ...detail, field: `${root}.${detail.field}` },
  );
  return new ServiceError('INVALID_PARAMETERS', message, details);
}

function insertSaved(
  ctx: ActingContext,
  fields: Pick<SavedReportRow, 'name' | 'description' | 'reportType' | 'parameters' | 'definition'>,
): SavedReportRow {
  const table = savedReportsTable(ctx);
  const now = ctx.clock.iso();
  return table.insert({ id: table.newId(), ...fields, createdBy: actorOf(ctx), createdAt: now, updatedAt: now });
}

/** Saves a report type of the catalogue with parameters (checked now, computed when it runs). */
export function saveStandardReport(ctx: ActingContext, input: z.output<typeof SavedReportCreateParams>): SavedReportRow {
  if (input.reportType === 'custom')
    throw invalidParameters('reportType', 'a custom report is saved by POST /v1/reports/custom with save: true', input.reportType);
  const definition = reportOfType(input.reportType);
  if (!definition)
    throw invalidParameters(
      'reportType',
      `no report type ${input.reportType}; one of: ${[...REPORTS.keys()].join(', ')}`,
      input.reportType,
    );
  const parameters = input.parameters ?? {};
  checkedReportParameters(definition, parameters);
  return ctx.store.transaction(() =>
    insertSaved(ctx, {
      name: input.name,
      description: input.description ?? null,
      reportType: definition.type,
      parameters,
      definition: null,
    }),
  );
}

/** Saves a custom report's definition (checked against its data source). */
export function saveCustomReport(ctx: ActingContext, definition: CheckedDefinition): SavedReportRow {
  planCustomReport(ctx, definition);
  return ctx.store.transaction(() =>
    insertSaved(ctx, {
      name: definition.name,
      description: definition.description ?? null,
      reportType: 'custom',
      parameters: {},
      definition,
    }),
  );
}

export function deleteSavedReport(ctx: CompanyContext, reportId: string): DeletedRecord {
  return ctx.store.transaction(() => {
    const row = retrieveSavedReport(ctx, reportId);
    savedReportsTable(ctx).delete(row.id);
    return { id: row.id, deleted: true };
  });
}
