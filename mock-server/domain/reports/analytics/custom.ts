import type { CustomReport, CustomReportSource } from '../../../../src/contract/index.js';
import { contract } from '../../../../src/contract/index.js';
import { companyCurrency } from '../../platform/index.js';
import * as money from '../../shared/money.js';
import { planCustomReport, type CheckedDefinition, type CustomPlan, type PlannedMeasure } from './custom-query.js';
import { DATA_SOURCES, type Cell, type SourceRecord } from './data-sources.js';
import { rangePeriod, type ColumnKind, type ReportRow } from '../core/document.js';
import { defineReport, type AnyReportDefinition, type ReportContext, type ReportLayout } from '../core/registry.js';
import { runReport, type ReportRun, type RunOptions } from '../core/run.js';

// `POST /v1/reports/custom` (spec document 3, "Reports", custom report request): the records of a data
// source in the date range, filtered, grouped by the dimensions, each measure per group and in total.

/** What a measure has seen of one group: records with the field set, their sum, least and greatest. */
interface Accumulator {
  count: number;
  sum: money.Amount;
  min: number | null;
  max: number | null;
}

const accumulators = (measures: PlannedMeasure[]): Accumulator[] =>
  measures.map(() => ({ count: 0, sum: money.ZERO, min: null, max: null }));

function accumulate(into: Accumulator[], measures: PlannedMeasure[], record: SourceRecord): void {
  measures.forEach((measure, index) => {
    const value = record[measure.field];
    if (value === null || value === undefined) return;
    const acc = into[index];
    acc.count += 1;
    if (typeof value !== 'number') return;
    acc.sum = acc.sum.plus(value);
    acc.min = acc.min === null || value < acc.min ? value : acc.min;
    acc.max = acc.max === null || value > acc.max ? value : acc.max;
  });
}

/** Money to two decimals, other numbers (quantities, unit costs) to four; half-up, as money.ts rounds (its decimals' default). */
const rounded = (value: money.Amount, measure: PlannedMeasure): number =>
  measure.fieldKind === 'money' ? money.toNumber(value) : value.toDecimalPlaces(4).toNumber() || 0;

function figure(acc: Accumulator, measure: PlannedMeasure): number | null {
  switch (measure.aggregation) {
    case 'count':
      return acc.count;
    case 'sum':
      return rounded(acc.sum, measure);
    case 'avg':
      return acc.count ? rounded(acc.sum.dividedBy(acc.count), measure) : null;
    case 'min':
      return acc.min;
    case 'max':
      return acc.max;
  }
}

/** Nulls last; numbers by value; text and dates by their characters. */
function compareCells(a: Cell | undefined, b: Cell | undefined): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}

/** Rows by `sorting`, else by the dimensions in order, ascending. */
function sortRows(rows: ReportRow[], plan: CustomPlan): void {
  const order = plan.sorting.length
    ? plan.sorting
    : plan.dimensions.map((dimension) => ({ key: dimension.key, direction: 'asc' as const }));
  rows.sort((a, b) => {
    for (const { key, direction } of order) {
      const compared = compareCells(a[key] as Cell, b[key] as Cell);
      if (compared !== 0) return direction === 'asc' || a[key] === null || b[key] === null ? compared : -compared;
    }
    return 0;
  });
}

/** Computes a custom report (its definition checked by the contract; the rest by {@link planCustomReport}). */
export function customReport(ctx: ReportContext, definition: CheckedDefinition): CustomReport {
  const plan = planCustomReport(ctx, definition);
  const total = accumulators(plan.measures);
  const groups = new Map<string, { cells: Cell[]; acc: Accumulator[] }>();
  for (const record of plan.source.records(ctx, plan.range.from, plan.range.to)) {
    if (!plan.filters.every((test) => test(record))) continue;
    const cells = plan.dimensions.map((dimension) => dimension.value(record));
    const key = JSON.stringify(cells);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { cells, acc: accumulators(plan.measures) }));
    accumulate(group.acc, plan.measures, record);
    accumulate(total, plan.measures, record);
  }
  // With no dimension the answer is one row, the totals, even over no records.
  if (plan.dimensions.length === 0 && groups.size === 0) groups.set('[]', { cells: [], acc: accumulators(plan.measures) });
  const rows: ReportRow[] = [...groups.values()].map(({ cells, acc }) => ({
    ...Object.fromEntries(plan.dimensions.map((dimension, index) => [dimension.key, cells[index]])),
    ...Object.fromEntries(plan.measures.map((measure, index) => [measure.key, figure(acc[index], measure)])),
  }));
  sortRows(rows, plan);
  return {
    reportType: 'custom',
    name: definition.name,
    description: definition.description ?? null,
    dataSource: plan.source.name,
    dateRange: plan.range,
    currency: companyCurrency(ctx),
    columns: [
      ...plan.dimensions.map(({ key, label, kind }) => ({ key, label, kind, role: 'dimension' })),
      ...plan.measures.map(({ key, label, kind }) => ({ key, label, kind, role: 'measure' })),
    ],
    rows: rows.slice(0, plan.limit) as CustomReport['rows'],
    totals: Object.fromEntries(plan.measures.map((measure, index) => [measure.key, figure(total[index], measure)])),
    rowCount: rows.length,
    truncated: rows.length > plan.limit,
    savedReportId: null,
    generatedAt: ctx.clock.iso(),
    generatedBy: ctx.generatedBy,
  };
}

/** A custom report as a file: one table, a totals row under the groups. */
function customLayout(report: CustomReport): ReportLayout {
  const dimensions = report.columns.filter((column) => column.role === 'dimension');
  const totals = dimensions.length
    ? { ...Object.fromEntries(dimensions.map((column, index) => [column.key, index === 0 ? 'Total' : ''])), ...report.totals }
    : undefined;
  const notes = [
    report.description,
    `Data source: ${report.dataSource}.`,
    report.truncated ? `The first ${report.rows.length} of ${report.rowCount} rows.` : null,
  ];
  return {
    title: report.name,
    period: rangePeriod(report.dateRange.from, report.dateRange.to),
    notes: notes.filter((note): note is string => !!note),
    tables: [
      {
        // An Excel sheet name: at most 31 characters, none of []:*?/\.
        name:
          report.name
            .replace(/[[\]:*?/\\]/g, ' ')
            .slice(0, 31)
            .trim() || 'Report',
        columns: report.columns.map(({ key, label, kind }) => ({ key, label, kind: kind as ColumnKind })),
        rows: report.rows,
        totals,
      },
    ],
  };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** One definition per data source, so that the cache reads the versions of that source's tables only. */
const DEFINITIONS: ReadonlyMap<CustomReportSource, AnyReportDefinition> = new Map(
  [...DATA_SOURCES.values()].map((source) => [
    source.name,
    defineReport({
      type: 'custom',
      endpoint: contract.reports.reportsCustom,
      reads: source.reads,
      compute: (ctx, params) => customReport(ctx, params as CheckedDefinition),
      layout: customLayout,
      filename: (report) => `${slug(report.name) || 'custom-report'}-${report.dateRange.to}`,
    }) as AnyReportDefinition,
  ]),
);

/** The report definition a custom report over `source` runs by (what saved reports and schedules run). */
export const customReportDefinition = (source: CustomReportSource): AnyReportDefinition => DEFINITIONS.get(source)!;

/** Runs a custom report through the report engine: the 15-minute cache and the work limit apply. */
export const runCustomReport = (ctx: Parameters<typeof runReport>[0], definition: CheckedDefinition, options: RunOptions): ReportRun =>
  runReport(ctx, customReportDefinition(definition.dataSource), definition as Record<string, unknown>, options);
