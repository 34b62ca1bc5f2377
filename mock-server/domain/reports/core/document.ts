// A report as a person reads it: titled tables of typed cells (and a chart where one helps), which the
// CSV, PDF and Excel writers render. Each report turns its JSON form into one (REP-1).

/** How a column's values are written: money right-aligned with two decimals, a percent with a sign, ... */
export type ColumnKind = 'text' | 'date' | 'money' | 'number' | 'integer' | 'percent';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

export type ReportCell = string | number | boolean | null;
export type ReportRow = Record<string, ReportCell>;

/** One section of a report: a sheet of its own in Excel, a heading and a table in the PDF. */
export interface ReportTable {
  /** The section's name (`Assets`), at most 31 characters (an Excel sheet name). */
  name: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** A totals row, set apart in the PDF and the workbook. */
  totals?: ReportRow;
}

/** A bar chart of a few labelled values (the aged receivables buckets). */
export interface ReportChart {
  title: string;
  labels: string[];
  values: number[];
}

/** Everything a file of the report shows. */
export interface ReportDocument {
  /** `Balance sheet`. */
  title: string;
  companyName: string;
  /** `As of 31 October 2026`, `1 January 2026 to 31 October 2026`. */
  period: string;
  currency: string;
  generatedAt: string;
  tables: ReportTable[];
  chart?: ReportChart;
  /** Lines under the title (the balance check, the method of a cash flow). */
  notes?: string[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2026-10-31` -> `31 October 2026`. */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** The period line of a report on a date. */
export const asOfPeriod = (asOfDate: string): string => `As of ${longDate(asOfDate)}`;

/** The period line of a report over dates. */
export const rangePeriod = (from: string, to: string): string => `${longDate(from)} to ${longDate(to)}`;
