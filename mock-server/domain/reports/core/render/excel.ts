import ExcelJS from 'exceljs';
import type { ReportColumn, ReportDocument, ReportRow, ReportTable } from '../document.js';
import { isNumericKind } from './cells.js';
import { NUMBER_FORMATS, shownLength, workbookText, workbookValue } from './excel-cells.js';

const SHEET_NAME_LIMIT = 31;
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE0E8' } };
const TOTALS_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEBEDF1' } };
const RULE: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FF8A8F99' } };

/**
 * A report as an Excel workbook (exceljs; REP-17 to REP-19): one worksheet per table, under a title block
 * (title, company, period and currency, the notes) the header row bold and frozen, numbers as numbers
 * with a number format, dates as dates, columns as wide as their content, the totals row bold. The
 * workbook's creator is the company and its dates the report's `generatedAt`.
 */
export async function renderExcel(document: ReportDocument): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const at = new Date(document.generatedAt);
  const when = Number.isNaN(at.getTime()) ? new Date(0) : at;
  workbook.creator = workbookText(document.companyName);
  workbook.lastModifiedBy = workbookText(document.companyName);
  workbook.company = workbookText(document.companyName);
  workbook.title = workbookText(document.title);
  workbook.subject = workbookText(`${document.title}, ${document.period}`);
  workbook.created = when;
  workbook.modified = when;
  const names = sheetNames(document.tables.length > 0 ? document.tables.map((table) => table.name) : [document.title]);
  // A workbook without a sheet does not open: a report of no tables still gets one, with its title block.
  const tables: ReportTable[] = document.tables.length > 0 ? document.tables : [{ name: document.title, columns: [], rows: [] }];
  for (const [index, table] of tables.entries()) writeSheet(workbook.addWorksheet(names[index]!), table, document);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** One table on its sheet: the title block, the header row (frozen), the rows, the totals. */
function writeSheet(sheet: ExcelJS.Worksheet, table: ReportTable, document: ReportDocument): void {
  sheet.addRow([workbookText(document.title)]).font = { bold: true, size: 14 };
  sheet.addRow([workbookText(document.companyName)]);
  sheet.addRow([workbookText(`${document.period} · ${document.currency}`)]);
  for (const note of document.notes ?? []) sheet.addRow([workbookText(note)]).font = { italic: true };
  sheet.addRow([]);
  const header = sheet.addRow(table.columns.map((column) => workbookText(column.label)));
  header.font = { bold: true };
  header.eachCell((cell, index) => {
    cell.fill = HEADER_FILL;
    cell.border = { bottom: RULE };
    cell.alignment = { horizontal: isNumericKind(table.columns[index - 1]!.kind) ? 'right' : 'left' };
  });
  // Row 1 to the header stay in sight while scrolling (the title block is short: a few rows).
  sheet.views = [
    { state: 'frozen', xSplit: 0, ySplit: header.number, topLeftCell: `A${header.number + 1}`, activeCell: `A${header.number + 1}` },
  ];
  for (const row of table.rows) addRow(sheet, table.columns, row);
  if (table.totals) {
    const totals = addRow(sheet, table.columns, table.totals);
    totals.font = { bold: true };
    totals.eachCell({ includeEmpty: true }, (cell, index) => {
      if (index > table.columns.length) return;
      cell.fill = TOTALS_FILL;
      cell.border = { top: RULE, bottom: { style: 'double', color: RULE.color } };
    });
  }
  sheet.columns.forEach((column, index) => {
    const spec = table.columns[index];
    if (spec) column.width = columnWidth(spec, table);
  });
  sheet.pageSetup = {
    orientation: table.columns.length > 6 ? 'landscape' : 'portrait',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    paperSize: 9,
  };
  if (table.columns.length > 0) sheet.pageSetup.printTitlesRow = `${header.number}:${header.number}`;
}

function addRow(sheet: ExcelJS.Worksheet, columns: ReportColumn[], row: ReportRow): ExcelJS.Row {
  const added = sheet.addRow(columns.map((column) => workbookValue(row[column.key], column.kind)));
  columns.forEach((column, index) => {
    const format = NUMBER_FORMATS[column.kind];
    const cell = added.getCell(index + 1);
    // Only cells that hold a number or a date get the format: a text cell in a number column stays as it is.
    if (format && (typeof cell.value === 'number' || cell.value instanceof Date)) cell.numFmt = format;
  });
  return added;
}

/** Characters wide: the longest of the label and the cells as shown, within 8 and 60. */
function columnWidth(column: ReportColumn, table: ReportTable): number {
  let longest = column.label.length;
  for (const row of table.totals ? [...table.rows, table.totals] : table.rows)
    longest = Math.max(longest, shownLength(row[column.key], column.kind));
  return Math.min(60, Math.max(8, longest + 2));
}

/**
 * Sheet names Excel accepts: none of []:*?/\, no apostrophe first or last, at most 31 characters, not
 * empty, not `History` (Excel's own), and unique regardless of case (`Assets (2)`).
 */
export function sheetNames(wanted: string[]): string[] {
  const taken = new Set<string>();
  return wanted.map((name) => {
    const clean = workbookText(name)
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s']+|[\s']+$/g, '');
    const base = clean === '' || clean.toLowerCase() === 'history' ? `${clean || 'Sheet'} 1` : clean;
    let unique = cut(base, SHEET_NAME_LIMIT);
    for (let n = 2; taken.has(unique.toLowerCase()); n += 1) unique = `${cut(base, SHEET_NAME_LIMIT - ` (${n})`.length)} (${n})`;
    taken.add(unique.toLowerCase());
    return unique;
  });
}

/** At most `limit` UTF-16 units (Excel's count), never half a character, no apostrophe or space left at the end. */
function cut(text: string, limit: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > limit) break;
    out += char;
  }
  return out.replace(/[\s']+$/, '');
}
