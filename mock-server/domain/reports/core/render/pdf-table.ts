import { rgb } from 'pdf-lib';
import { MUTED, type PdfCanvas } from '../../../shared/pdf-canvas.js';
import { CELL_PADDING, columnWidths, type PreparedTable } from './pdf-layout.js';
import { wrapText } from '../../../shared/pdf-text.js';

const HEADER_FILL = rgb(0.86, 0.88, 0.91);
const STRIPE_FILL = rgb(0.96, 0.965, 0.975);
const TOTALS_FILL = rgb(0.91, 0.92, 0.94);
const HEADING_SIZE = 12;

/**
 * One table of a report: its name as a heading, the header row, the rows (a page break repeats the
 * heading and the header row), amounts right-aligned, and the totals row set apart: bold, shaded,
 * ruled above and below.
 */
export function drawTable(canvas: PdfCanvas, table: PreparedTable, typeSize: number): void {
  const rowHeight = Math.round(typeSize * 1.9 * 10) / 10;
  const widths = columnWidths(table, typeSize, canvas.width);
  const starts = [canvas.left];
  for (const [index, width] of widths.entries()) starts.push(starts[index]! + width);
  const { regular, bold, italic } = canvas.fonts;

  // A label wider than its column takes a second line (then is cut): figures are never broken.
  const labels = table.labels.map((label, index) => wrapText(label, bold, typeSize, widths[index]! - 2 * CELL_PADDING, 2));
  const lineHeight = typeSize * 1.15;
  const headerHeight = rowHeight + (Math.max(1, ...labels.map((lines) => lines.length)) - 1) * lineHeight;

  /** A row of cells, each of its lines bottom-aligned; text vertically centred (Helvetica's capitals are 0.72 of the size). */
  const row = (cells: string[][], font = regular, height = rowHeight) => {
    const baseline = canvas.y - height + (rowHeight - typeSize * 0.72) / 2;
    cells.forEach((lines, index) => {
      const width = widths[index]! - 2 * CELL_PADDING;
      const x = table.numeric[index] ? starts[index]! + widths[index]! - CELL_PADDING : starts[index]! + CELL_PADDING;
      lines.forEach((line, at) => {
        const y = baseline + (lines.length - 1 - at) * lineHeight;
        canvas.text(line, x, y, { size: typeSize, font, width, align: table.numeric[index] ? 'right' : 'left' });
      });
    });
    canvas.y -= height;
  };
  const single = (cells: string[]) => cells.map((cell) => [cell]);
  const band = (fill: typeof HEADER_FILL, height = rowHeight) =>
    canvas.page.drawRectangle({ x: canvas.left, y: canvas.y - height, width: canvas.width, height, color: fill });
  const heading = (continued: boolean) => {
    canvas.text(continued ? `${table.name} (continued)` : table.name, canvas.left, canvas.y - HEADING_SIZE, {
      size: continued ? 9 : HEADING_SIZE,
      font: bold,
      color: continued ? MUTED : undefined,
      width: canvas.width,
    });
    canvas.y -= HEADING_SIZE + 8;
    band(HEADER_FILL, headerHeight);
    row(labels, bold, headerHeight);
  };

  // The heading is never left alone at a page's foot: it starts a page unless a row fits under it.
  canvas.room(HEADING_SIZE + 8 + headerHeight + rowHeight);
  heading(false);
  if (table.rows.length === 0) {
    canvas.text('No rows.', canvas.left + CELL_PADDING, canvas.y - rowHeight + (rowHeight - typeSize * 0.72) / 2, {
      size: typeSize,
      font: italic,
      color: MUTED,
    });
    canvas.y -= rowHeight;
  }
  table.rows.forEach((cells, index) => {
    if (canvas.room(rowHeight)) heading(true);
    if (index % 2 === 1) band(STRIPE_FILL);
    row(single(cells));
  });
  if (table.totals) {
    if (canvas.room(rowHeight + 2)) heading(true);
    canvas.rule(canvas.y, 0.8);
    band(TOTALS_FILL);
    row(single(table.totals), bold);
    canvas.rule(canvas.y, 0.8);
    canvas.rule(canvas.y - 1.6, 0.8);
  }
  canvas.y -= 18;
}
