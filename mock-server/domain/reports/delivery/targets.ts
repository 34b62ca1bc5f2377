import type { CompanyContext } from '../../../store/context.js';
import { reportOfType } from '../core/catalogue.js';
import { reportNotFound } from '../core/errors.js';
import type { AnyReportDefinition } from '../core/registry.js';
import { checkedReportParameters } from './saved.js';
import { savedReportTarget } from './saved-run.js';

/** What a schedule, an email or a job runs: a report and the parameters it runs with. */
export interface RunnableReport {
  definition: AnyReportDefinition;
  params: Record<string, unknown>;
  /** The saved report it came from, if any. */
  savedReportId: string | null;
  name: string;
}

/**
 * The report a `reportId` names (a schedule's, spec document 3 "Schedule request"): a report type of the
 * catalogue (`balance-sheet`), with no parameters of its own, or a saved report of the company (its
 * definition and parameters). REPORT_NOT_FOUND otherwise. `overrides` (a schedule's `parameters`,
 * `format` apart) are checked and applied over the report's own: 400 INVALID_PARAMETERS.
 */
export function resolveReport(ctx: CompanyContext, reportId: string, overrides: Record<string, unknown> = {}): RunnableReport {
  const definition = reportOfType(reportId);
  if (definition) return { definition, params: checkedReportParameters(definition, overrides), savedReportId: null, name: reportId };
  const saved = savedReportTarget(ctx, reportId, overrides);
  if (saved) return saved;
  throw reportNotFound('report', reportId);
}
