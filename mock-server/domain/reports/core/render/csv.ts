import { formulaSafe, spreadsheetCsv } from '../../../shared/csv-file.js';
import type { ReportCell, ReportColumn, ReportDocument } from '../document.js';

/**
 * A report as one CSV table (REP-9): a header row, then every section's rows (and totals), with
 * a leading `section` column when the report has more than one; numbers unformatted.
 */
export function renderCsv(document: ReportDocument): Uint8Array {
  const sections = document.tables;
  const columns: ReportColumn[] = [];
  for (const table of sections) for (const column of table.columns) if (!columns.some((c) => c.key === column.key)) columns.push(column);
  const withSection = sections.length > 1;
  const header = [...(withSection ? ['section'] : []), ...columns.map((c) => c.label)];
  const records: ReportCell[][] = [header];
  for (const table of sections) {
    const rows = table.totals ? [...table.rows, table.totals] : table.rows;
    for (const row of rows) records.push([...(withSection ? [table.name] : []), ...columns.map((c) => cellText(row[c.key], c))]);
  }
  return spreadsheetCsv(records);
}

/** Money with its two decimals, other numbers as JSON writes them; no separators, no symbols. */
function cellText(value: ReportCell | undefined, column: ReportColumn): ReportCell {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' && column.kind === 'money') return value.toFixed(2);
  return typeof value === 'string' ? formulaSafe(value) : value;
}
