import type { CompanyContext } from '../../../store/context.js';
import type { ReportColumn } from './document.js';
import type { ReportContext } from './registry.js';

// The inventory and purchasing modules' reports served as reports of spec document 3: the module's
// one computation, stamped with `reportType` and who generated it when (decision REP-47).

/** A module's report as a report of document 3. */
export const stamped = <T extends string, R extends object>(ctx: ReportContext, reportType: T, report: R) => ({
  ...report,
  reportType,
  generatedAt: ctx.clock.iso(),
  generatedBy: ctx.generatedBy,
});

/**
 * A report's `compute` from a module's report function: it spends the rows of the table it reads most
 * (the work limit of a synchronous report), then stamps the module's answer.
 */
export const fromModule =
  <T extends string, P, R extends object>(
    reportType: T,
    rowsRead: (ctx: CompanyContext) => number,
    compute: (ctx: CompanyContext, params: P) => R,
  ) =>
  (ctx: ReportContext, params: P) => {
    ctx.budget.spend(rowsRead(ctx));
    return stamped(ctx, reportType, compute(ctx, params));
  };

/** A column of a layout, in one line. */
export const column = (key: string, label: string, kind: ReportColumn['kind'] = 'text'): ReportColumn => ({ key, label, kind });
