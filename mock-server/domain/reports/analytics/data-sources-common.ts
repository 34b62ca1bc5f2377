import type { CustomReportSource } from '../../../../src/contract/index.js';
import type { ReportContext } from '../core/registry.js';

// What every custom-report data source is (data-sources.ts lists them).

/** How a field is compared, summed and shown: money and number fields sum; dates group by day to year. */
export type FieldKind = 'text' | 'date' | 'number' | 'money';
export type Cell = string | number | null;
/** One record of a data source: every field by name. */
export type SourceRecord = Record<string, Cell>;

export interface DataSource {
  name: CustomReportSource;
  /** Tables whose writes can change its records (the report cache's `reads`). */
  reads: readonly string[];
  /** The date field `dateRange` applies to. */
  dateField: string;
  fields: Readonly<Record<string, FieldKind>>;
  /** The records dated `from` to `to` (inclusive), spending a unit of work per record read. */
  records(ctx: ReportContext, from: string, to: string): Iterable<SourceRecord>;
}

/** The rows dated `from` to `to` (inclusive), spending a unit of work per row read, in range or not. */
export function* datedRows<T>(ctx: ReportContext, rows: Iterable<T>, dateOf: (row: T) => string, from: string, to: string): Generator<T> {
  for (const row of rows) {
    ctx.budget.spend(1);
    const date = dateOf(row);
    if (date >= from && date <= to) yield row;
  }
}
