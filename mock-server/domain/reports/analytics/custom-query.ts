import type { z } from 'zod';
import type { CustomReportDefinition, CustomReportOperator } from '../../../../src/contract/index.js';
import { isoDate } from '../../../../src/contract/common.js';
import type { CompanyContext } from '../../../store/context.js';
import { customRange, dateBucket, type CustomRange, type DateGroup } from './custom-dates.js';
import { DATA_SOURCES, type Cell, type DataSource, type FieldKind, type SourceRecord } from './data-sources.js';
import type { ColumnKind } from '../core/document.js';
import { invalidParameters } from '../core/errors.js';

// A custom report's request checked against its data source and turned into a plan (REP-59, REP-61):
// every field, operator, value and sort key the source cannot take answers 400 INVALID_PARAMETERS naming it.

/** The definition as the contract parses it. */
export type CheckedDefinition = z.output<typeof CustomReportDefinition>;
type DimensionIn = NonNullable<CheckedDefinition['dimensions']>[number];
type MeasureIn = CheckedDefinition['measures'][number];
type FilterIn = NonNullable<CheckedDefinition['filters']>[number];

export interface PlannedDimension {
  key: string;
  label: string;
  kind: ColumnKind;
  value(record: SourceRecord): Cell;
}

export interface PlannedMeasure {
  key: string;
  label: string;
  field: string;
  aggregation: 'sum' | 'count' | 'avg' | 'min' | 'max';
  /** The field's kind: money rounds to two decimals, number to four. */
  fieldKind: FieldKind;
  kind: ColumnKind;
}

export interface CustomPlan {
  source: DataSource;
  range: CustomRange;
  dimensions: PlannedDimension[];
  measures: PlannedMeasure[];
  filters: ((record: SourceRecord) => boolean)[];
  sorting: { key: string; direction: 'asc' | 'desc' }[];
  limit: number;
}

/** Rows a custom report answers when the request names no `limit`. */
export const DEFAULT_CUSTOM_ROWS = 1000;

const NUMERIC: ReadonlySet<FieldKind> = new Set(['number', 'money']);
const FORMAT_KIND = { currency: 'money', number: 'number', integer: 'integer' } as const;

/** The plan of a checked definition, or INVALID_PARAMETERS naming the first field, operator or value the source cannot take. */
export function planCustomReport(ctx: CompanyContext, definition: CheckedDefinition): CustomPlan {
  const source = DATA_SOURCES.get(definition.dataSource)!;
  const dimensions = (definition.dimensions ?? []).map((dimension, index) => planDimension(source, dimension, `dimensions.${index}`));
  const measures = definition.measures.map((measure, index) => planMeasure(source, measure, `measures.${index}`));
  const keys = [...dimensions, ...measures].map((column) => column.key);
  const repeated = keys.find((key, index) => keys.indexOf(key) !== index);
  if (repeated)
    throw invalidParameters(
      columnPath(definition, repeated),
      `${repeated} appears twice; each dimension field and each measure's field and aggregation may appear once`,
      repeated,
    );
  return {
    source,
    range: customRange(ctx, definition.dateRange),
    dimensions,
    measures,
    filters: (definition.filters ?? []).map((filter, index) => planFilter(source, filter, `filters.${index}`)),
    sorting: (definition.sorting ?? []).map((sort, index) => ({
      key: sortKey(dimensions, measures, sort.field, `sorting.${index}.field`),
      direction: sort.direction ?? 'asc',
    })),
    limit: definition.limit ?? DEFAULT_CUSTOM_ROWS,
  };
}

/** The kind of a field of the source, or INVALID_PARAMETERS listing its fields. */
function kindOf(source: DataSource, field: string, path: string): FieldKind {
  const kind = Object.hasOwn(source.fields, field) ? source.fields[field] : undefined;
  if (!kind)
    throw invalidParameters(
      path,
      `${field} is not a field of the ${source.name} data source; its fields: ${Object.keys(source.fields).join(', ')}`,
      field,
    );
  return kind;
}

function planDimension(source: DataSource, dimension: DimensionIn, path: string): PlannedDimension {
  const { field, label, groupBy } = dimension;
  const kind = kindOf(source, field, `${path}.field`);
  if (kind !== 'date' && groupBy)
    throw invalidParameters(`${path}.groupBy`, `groupBy applies to a date field; ${field} is ${kind}`, groupBy);
  const group: DateGroup = groupBy ?? 'day';
  return {
    key: field,
    label: label ?? field,
    kind: kind === 'date' ? (group === 'day' ? 'date' : 'text') : kind,
    value:
      kind === 'date'
        ? (record) => (typeof record[field] === 'string' ? dateBucket(record[field], group) : null)
        : (record) => record[field],
  };
}

function planMeasure(source: DataSource, measure: MeasureIn, path: string): PlannedMeasure {
  const { field, aggregation } = measure;
  const fieldKind = kindOf(source, field, `${path}.field`);
  if (aggregation !== 'count' && !NUMERIC.has(fieldKind)) {
    throw invalidParameters(
      `${path}.aggregation`,
      `${aggregation} applies to a number or money field; ${field} is ${fieldKind} (count applies to any field)`,
      aggregation,
    );
  }
  const natural: ColumnKind = aggregation === 'count' ? 'integer' : (fieldKind as 'number' | 'money');
  return {
    key: `${field}_${aggregation}`,
    label: measure.label ?? `${aggregation} of ${field}`,
    field,
    aggregation,
    fieldKind,
    kind: measure.format ? FORMAT_KIND[measure.format] : natural,
  };
}

/** Where a repeated column key was asked for, for the refusal. */
function columnPath(definition: CheckedDefinition, key: string): string {
  const dimension = (definition.dimensions ?? []).findLastIndex((d) => d.field === key);
  if (dimension >= 0) return `dimensions.${dimension}.field`;
  return `measures.${definition.measures.findLastIndex((m) => `${m.field}_${m.aggregation}` === key)}`;
}

/** A sort names a column key, a measure's field when one measure uses it, or a column's label. */
function sortKey(dimensions: PlannedDimension[], measures: PlannedMeasure[], field: string, path: string): string {
  const columns = [...dimensions, ...measures];
  const byKey = columns.find((column) => column.key === field);
  if (byKey) return byKey.key;
  const byField = measures.filter((measure) => measure.field === field);
  if (byField.length === 1) return byField[0].key;
  const byLabel = columns.filter((column) => column.label === field);
  if (byLabel.length === 1) return byLabel[0].key;
  throw invalidParameters(path, `sorting names a column of the report: ${columns.map((column) => column.key).join(', ')}`, field);
}

type Value = string | number;

function planFilter(source: DataSource, filter: FilterIn, path: string): (record: SourceRecord) => boolean {
  const { field, operator, values } = filter;
  const kind = kindOf(source, field, `${path}.field`);
  checkOperator(kind, operator, values.length, path);
  const wanted = values.map((value, index) => filterValueOf(kind, value, `${path}.values.${index}`));
  return matcher(kind, operator, wanted, field);
}

const ORDERED: ReadonlySet<CustomReportOperator> = new Set(['gt', 'gte', 'lt', 'lte', 'between']);

function checkOperator(kind: FieldKind, operator: CustomReportOperator, count: number, path: string): void {
  if (operator === 'contains' && kind !== 'text')
    throw invalidParameters(`${path}.operator`, `contains applies to a text field; this one is ${kind}`, operator);
  if (ORDERED.has(operator) && kind === 'text')
    throw invalidParameters(`${path}.operator`, `${operator} applies to a number, money or date field; this one is text`, operator);
  const expected = operator === 'between' ? 2 : operator === 'in' || operator === 'nin' ? null : 1;
  if (expected !== null && count !== expected)
    throw invalidParameters(
      `${path}.values`,
      `${operator} takes ${expected === 1 ? 'one value' : 'two values (from, to)'}; ${count} given`,
      count,
    );
}

/** A filter value as the field's kind takes it: a number (or numeric text) for number and money, `YYYY-MM-DD` for a date. */
function filterValueOf(kind: FieldKind, value: Value, path: string): Value {
  if (kind === 'number' || kind === 'money') {
    const number = typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isFinite(number)) throw invalidParameters(path, `a ${kind} field is compared with a number`, value);
    return number;
  }
  if (kind === 'date' && !(typeof value === 'string' && isoDate().safeParse(value).success))
    throw invalidParameters(path, 'a date field is compared with a date, YYYY-MM-DD', value);
  return typeof value === 'number' ? String(value) : value;
}

function matcher(kind: FieldKind, operator: CustomReportOperator, wanted: Value[], field: string): (record: SourceRecord) => boolean {
  const [first, second] = wanted;
  const lower = kind === 'text' ? String(first).toLowerCase() : '';
  const test = (cell: Cell): boolean => {
    switch (operator) {
      case 'eq':
        return cell === first;
      case 'ne':
        return cell !== first;
      case 'in':
        return cell !== null && wanted.includes(cell);
      case 'nin':
        return cell === null || !wanted.includes(cell);
      case 'contains':
        return typeof cell === 'string' && cell.toLowerCase().includes(lower);
      case 'gt':
        return cell !== null && cell > first;
      case 'gte':
        return cell !== null && cell >= first;
      case 'lt':
        return cell !== null && cell < first;
      case 'lte':
        return cell !== null && cell <= first;
      case 'between':
        return cell !== null && cell >= first && cell <= second;
    }
  };
  return (record) => test(record[field]);
}
