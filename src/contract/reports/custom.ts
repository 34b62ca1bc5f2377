import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { isoDate } from '../common.js';
import { INVALID_REPORT_PARAMETERS, reportStamp } from './common.js';

// `POST /v1/reports/custom` (spec document 3, "Reports", custom report request: `name`, `description`,
// `dataSource`, `dateRange`, `dimensions`, `measures`, `filters`, `sorting`); the data sources, the
// absolute range, the other aggregations, `limit` and saving are ours (decisions REP-58 to REP-64).

/** The named record sets a custom report reads; each has its own fields (decision REP-63). */
export const CUSTOM_REPORT_SOURCES = ['invoices', 'invoiceLines', 'payments', 'journalLines', 'stockMovements', 'bills'] as const;
export type CustomReportSource = (typeof CUSTOM_REPORT_SOURCES)[number];

/** Relative periods, read from the company's today. */
export const CUSTOM_REPORT_PERIODS = [
  'this_month',
  'last_month',
  'this_quarter',
  'last_quarter',
  'this_year',
  'last_year',
  'last_7_days',
  'last_30_days',
  'last_90_days',
  'year_to_date',
] as const;
export type CustomReportPeriod = (typeof CUSTOM_REPORT_PERIODS)[number];

export const CUSTOM_REPORT_OPERATORS = ['eq', 'ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'contains', 'between'] as const;
export type CustomReportOperator = (typeof CUSTOM_REPORT_OPERATORS)[number];

/** The largest number of rows a custom report answers with (`limit`'s bound). */
export const CUSTOM_REPORT_MAX_ROWS = 5000;

const fieldName = () => z.string().min(1).max(64);
const label = () => z.string().trim().min(1).max(100);

/** `relative` (the spec's) or `absolute` (ours): the dates the data source's date field must fall in. */
export const CustomReportDateRange = z.discriminatedUnion('type', [
  z.object({ type: z.literal('relative'), period: z.enum(CUSTOM_REPORT_PERIODS) }),
  z.object({ type: z.literal('absolute'), from: isoDate(), to: isoDate() }),
]);
export type CustomReportDateRange = z.infer<typeof CustomReportDateRange>;

/** A field to group by; a date field takes `groupBy` (default `day`). */
export const CustomReportDimension = z.object({
  field: fieldName(),
  label: label().optional(),
  groupBy: z.enum(['day', 'week', 'month', 'quarter', 'year']).optional(),
});

/** A figure per group: `count` of records with the field set, or `sum`, `avg`, `min`, `max` of a number or money field. */
export const CustomReportMeasure = z.object({
  field: fieldName(),
  label: label().optional(),
  aggregation: z.enum(['sum', 'count', 'avg', 'min', 'max']),
  /** How files show it: `currency` (two decimals), `number`, `integer`; default from the field. */
  format: z.enum(['currency', 'number', 'integer']).optional(),
});

/** `values`: one for eq, ne, gt, gte, lt, lte and contains; two for between (inclusive); one or more for in and nin. */
export const CustomReportFilter = z.object({
  field: fieldName(),
  operator: z.enum(CUSTOM_REPORT_OPERATORS),
  values: z
    .array(z.union([z.string().max(200), z.number()]))
    .min(1)
    .max(100),
});

/** A dimension's field, a measure's key (`total_sum`) or its field (when one measure uses it), or a label. */
export const CustomReportSort = z.object({ field: fieldName(), direction: z.enum(['asc', 'desc']).optional() });

/** What a custom report is: the request without the saving fields, as a saved report keeps it. */
export const CustomReportDefinition = z.object({
  name: label(),
  description: z.string().max(500).optional(),
  dataSource: z.enum(CUSTOM_REPORT_SOURCES),
  /** Default: the fiscal year to date. */
  dateRange: CustomReportDateRange.optional(),
  dimensions: z.array(CustomReportDimension).max(5).optional(),
  measures: z.array(CustomReportMeasure).min(1).max(10),
  filters: z.array(CustomReportFilter).max(20).optional(),
  sorting: z.array(CustomReportSort).max(5).optional(),
  /** Rows answered, at most 5000 (default 1000); `rowCount` counts them all. */
  limit: z.number().int().min(1).max(CUSTOM_REPORT_MAX_ROWS).optional(),
});
export type CustomReportDefinition = z.input<typeof CustomReportDefinition>;

export const CustomReportParams = CustomReportDefinition.extend({
  /** Also keep it as a saved report (under `saveAs` when given, else `name`). */
  save: z.boolean().optional(),
  saveAs: label().optional(),
});
export type CustomReportParams = z.input<typeof CustomReportParams>;

/** A column of the answer: a dimension (its field) or a measure (`<field>_<aggregation>`). */
export const CustomReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  /** text, date, money, number or integer. */
  kind: z.string(),
  /** dimension or measure. */
  role: z.string(),
});

export const CustomReport = z.object({
  reportType: z.literal('custom'),
  name: z.string(),
  description: z.string().nullable(),
  dataSource: z.string(),
  /** The dates read, inclusive; `period` is the relative period asked for, if any. */
  dateRange: z.object({ from: isoDate(), to: isoDate(), period: z.string().nullable() }),
  currency: z.string(),
  columns: z.array(CustomReportColumn),
  /** One object per group, by column key. */
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** Each measure over every matching record, by column key. */
  totals: z.record(z.string(), z.number().nullable()),
  /** Groups before `limit`. */
  rowCount: z.number().int(),
  truncated: z.boolean(),
  /** The saved report this run stored or ran, if any. */
  savedReportId: z.string().nullable(),
  ...reportStamp,
});
export type CustomReport = z.infer<typeof CustomReport>;

export const reportsCustom = endpoint({
  id: 'reports.custom',
  method: 'POST',
  path: '/reports/custom',
  scope: 'read:reports',
  summary: 'Run a custom report over a data source: dimensions, measures, filters, sorting; optionally save it',
  description:
    'A report over a data source (invoices, invoiceLines, payments, journalLines, stockMovements, bills): ' +
    'dimensions, measures, filters, sorting; `save: true` keeps it.',
  example:
    "const { rows } = await acs.reports.custom({ name: 'By customer', dataSource: 'invoices', dimensions: [{ field: 'customerName' }], measures: [{ field: 'baseTotal', aggregation: 'sum' }] });",
  exampleCall: {
    body: {
      name: 'Every endpoint',
      dataSource: 'invoices',
      dimensions: [{ field: 'status' }],
      measures: [{ field: 'total', aggregation: 'sum' }],
    },
  },
  body: CustomReportParams,
  response: CustomReport,
  invalid: INVALID_REPORT_PARAMETERS,
});
