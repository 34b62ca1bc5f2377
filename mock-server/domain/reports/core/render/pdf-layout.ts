import type { TextMeasure } from '../../../shared/pdf-text.js';
import type { ReportTable } from '../document.js';
import { MARGIN } from '../../../shared/pdf-canvas.js';
import { cellForPeople, isNumericKind } from './cells.js';

// Where a report's tables go on a PDF page: the page's orientation, the type size and each column's width
// (REP-10, REP-12: many columns turn the page to landscape, then make the type smaller, then cut text).

export const PORTRAIT: [number, number] = [595.28, 841.89];
export const LANDSCAPE: [number, number] = [841.89, 595.28];
/** Space either side of a cell's text. */
export const CELL_PADDING = 4;
/** Type sizes of a table, largest first: the first at which every table fits is taken. */
const TABLE_SIZES = [9, 8.5, 8, 7.5, 7];
/** A text column wider than this (at the table's type size) does not by itself turn the page. */
const TEXT_COLUMN_CAP = 200;
/** A text column is never cut narrower than this, while numbers fit. */
const TEXT_COLUMN_MIN = 40;

/** A table's cells as drawn (people's formats, drawable characters), and each column's widths at type size 1 (widths scale with size). */
export interface PreparedTable {
  name: string;
  labels: string[];
  /** Right-aligned: amounts and other numbers. */
  numeric: boolean[];
  /** Never cut while the page has room: numbers and dates (text columns are cut first). */
  whole: boolean[];
  rows: string[][];
  totals: string[] | null;
  /** Each column's width with its label on one line. */
  natural: number[];
  /** Each column's width with its label broken at spaces (a number column's label may take lines, its figures do not). */
  compact: number[];
}

export interface PageLayout {
  size: [number, number];
  typeSize: number;
}

/** Cells in people's formats, in characters `drawable` keeps; each column measured at size 1. */
export function prepareTable(
  table: ReportTable,
  drawable: (text: string) => string,
  regular: TextMeasure,
  bold: TextMeasure,
): PreparedTable {
  const cells = (row: ReportTable['rows'][number]) => table.columns.map((column) => drawable(cellForPeople(row[column.key], column.kind)));
  const labels = table.columns.map((column) => drawable(column.label));
  const rows = table.rows.map(cells);
  const totals = table.totals ? cells(table.totals) : null;
  const values = labels.map((_, index) => {
    let width = 0;
    for (const row of rows) width = Math.max(width, regular.widthOfTextAtSize(row[index]!, 1));
    return totals ? Math.max(width, bold.widthOfTextAtSize(totals[index]!, 1)) : width;
  });
  const whole = table.columns.map((column) => isNumericKind(column.kind) || column.kind === 'date');
  const longestWord = (label: string) => Math.max(0, ...label.split(' ').map((word) => bold.widthOfTextAtSize(word, 1)));
  return {
    name: drawable(table.name),
    labels,
    numeric: table.columns.map((column) => isNumericKind(column.kind)),
    whole,
    rows,
    totals,
    natural: labels.map((label, index) => Math.max(values[index]!, bold.widthOfTextAtSize(label, 1))),
    compact: labels.map((label, index) => Math.max(values[index]!, whole[index] ? longestWord(label) : bold.widthOfTextAtSize(label, 1))),
  };
}

const padded = (widths: number[], typeSize: number) => widths.map((width) => width * typeSize + 2 * CELL_PADDING);
const sum = (widths: number[]) => widths.reduce((total, width) => total + width, 0);

/** The width a table asks for at a type size: numbers and dates whole, long text capped. */
function demand(table: PreparedTable, typeSize: number): number {
  return sum(padded(table.compact, typeSize).map((width, index) => (table.whole[index] ? width : Math.min(width, TEXT_COLUMN_CAP))));
}

/** Portrait at 9 pt when every table fits; else landscape at the largest size at which they fit (at least 7 pt). */
export function pageLayout(tables: PreparedTable[]): PageLayout {
  const fits = (size: [number, number], typeSize: number) => tables.every((table) => demand(table, typeSize) <= size[0] - 2 * MARGIN);
  if (fits(PORTRAIT, TABLE_SIZES[0]!)) return { size: PORTRAIT, typeSize: TABLE_SIZES[0]! };
  const typeSize = TABLE_SIZES.find((candidate) => fits(LANDSCAPE, candidate)) ?? TABLE_SIZES.at(-1)!;
  return { size: LANDSCAPE, typeSize };
}

/**
 * Each column's width on a line `available` wide: the natural widths (labels on one line, else broken),
 * the spare room shared by the text columns; when they do not fit, numbers and dates keep their width and
 * the text columns share what is left (longer text cut with an ellipsis); when even the numbers do not
 * fit, each text column keeps a minimum and the others shrink alike.
 */
export function columnWidths(table: PreparedTable, typeSize: number, available: number): number[] {
  if (table.labels.length === 0) return [];
  const indexes = table.labels.map((_, index) => index);
  const text = indexes.filter((index) => !table.whole[index]);
  const natural = padded(table.natural, typeSize);
  const compact = padded(table.compact, typeSize);
  for (const widths of [natural, compact]) {
    if (sum(widths) > available) continue;
    // The spare room widens the text columns, each by its share of their width (a name more than a code).
    const receivers = text.length > 0 ? text : indexes;
    const scale = (available - sum(widths)) / sum(receivers.map((index) => widths[index]!));
    return widths.map((width, index) => (receivers.includes(index) ? width * (1 + scale) : width));
  }
  const kept = sum(compact.filter((_, index) => table.whole[index]));
  const room = available - kept;
  if (room >= TEXT_COLUMN_MIN * text.length) {
    const textWidths = shareRoom(
      text.map((index) => compact[index]!),
      room,
    );
    return compact.map((width, index) => (table.whole[index] ? width : textWidths[text.indexOf(index)]!));
  }
  const textWidth = Math.min(TEXT_COLUMN_MIN, available / table.labels.length);
  const scale = kept > 0 ? (available - textWidth * text.length) / kept : 1;
  return compact.map((width, index) => (table.whole[index] ? width * scale : textWidth));
}
/** Water-filling: narrow columns get what they ask, the wide ones split the rest equally. */
function shareRoom(wanted: number[], room: number): number[] {
  const order = wanted.map((width, index) => ({ width, index })).sort((a, b) => a.width - b.width);
  const widths = new Array<number>(wanted.length);
  let left = room;
  order.forEach(({ width, index }, position) => {
    const share = left / (order.length - position);
    widths[index] = Math.min(width, share);
    left -= widths[index]!;
  });
  return widths;
}
