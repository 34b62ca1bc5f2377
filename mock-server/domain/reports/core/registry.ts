import type { z } from 'zod';
import type { AnyEndpoint } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import type { ReportDocument } from './document.js';
import type { WorkBudget } from './runtime.js';

/** What a report computes with: the company, who asked, and the work it may spend. */
export interface ReportContext extends CompanyContext {
  budget: WorkBudget;
  generatedBy: string;
}

/** The parts of a file a report gives; the company, currency and time come from the run. */
export type ReportLayout = Pick<ReportDocument, 'title' | 'period' | 'tables' | 'chart' | 'notes'>;

/**
 * One report of spec document 3: how it is computed from the books and laid out as a file. Every
 * route, saved report, schedule, email and async job runs a report through its definition.
 */
export interface ReportDefinition<E extends AnyEndpoint = AnyEndpoint, R = unknown> {
  /** The `reportType` of the email, schedule and async endpoints, and the path's last segment: `trial-balance`. */
  type: string;
  endpoint: E;
  /** Tables whose writes can change the figures: any write to one makes a cached copy stale. */
  reads: readonly string[];
  compute(ctx: ReportContext, params: ReportParams<E>): R;
  layout(report: R, params: ReportParams<E>): ReportLayout;
  /** The file name without its extension: `trial-balance-2026-10-31`. */
  filename(report: R, params: ReportParams<E>): string;
}

/** The validated query of a report's endpoint, `format` aside. */
export type ReportParams<E extends AnyEndpoint> = Omit<
  E extends { query?: infer Q } ? (Q extends z.ZodType ? z.output<Q> : Record<string, never>) : never,
  'format'
>;

export type AnyReportDefinition = ReportDefinition<AnyEndpoint, unknown>;

/** Declares a report; typed by its endpoint. */
export const defineReport = <E extends AnyEndpoint, R>(definition: ReportDefinition<E, R>): ReportDefinition<E, R> => definition;
