import type { ColumnKind, ReportCell } from '../document.js';
import { cellForPeople, dateValue, isNumericKind, numericValue } from './cells.js';

// What a workbook cell holds and how Excel shows it (REP-18: numbers as numbers, dates as dates).

/** Excel's number formats per column kind; a percent is in percent points (12.5 is 12.5%), as in the JSON. */
export const NUMBER_FORMATS: Record<ColumnKind, string | undefined> = {
  money: '#,##0.00',
  number: '#,##0.00##',
  integer: '#,##0',
  percent: '0.00"%"',
  date: 'yyyy-mm-dd',
  text: undefined,
};

/** Excel keeps at most this many characters in a cell. */
const CELL_TEXT_LIMIT = 32_767;

/** Characters XML 1.0 cannot carry (a workbook holding one does not open): controls other than tab and line breaks, lone surrogates. */
const NOT_IN_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text a workbook can hold: no XML-illegal characters, at most Excel's cell length (cut with an ellipsis). */
export function workbookText(text: string): string {
  const clean = text.replace(NOT_IN_XML, '');
  return clean.length <= CELL_TEXT_LIMIT ? clean : `${clean.slice(0, CELL_TEXT_LIMIT - 1)}\u2026`;
}

/** A report cell as a workbook value: numbers in numeric columns, UTC dates in date columns, else text; null stays empty. */
export function workbookValue(value: ReportCell | undefined, kind: ColumnKind): string | number | boolean | Date | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value;
  if (isNumericKind(kind)) return numericValue(value) ?? workbookText(String(value));
  if (kind === 'date') return dateValue(value) ?? workbookText(String(value));
  return workbookText(String(value));
}

/** About how many characters wide a cell shows: its text as a person reads it. */
export const shownLength = (value: ReportCell | undefined, kind: ColumnKind): number => cellForPeople(value, kind).length;
