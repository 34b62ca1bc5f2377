import { rgb } from 'pdf-lib';
import type { ReportChart } from '../document.js';
import { cellForPeople } from './cells.js';
import { MUTED, RULE, type PdfCanvas } from '../../../shared/pdf-canvas.js';

const BAR_ROW = 18;
const BAR = 11;
const LABEL_SIZE = 8;
const TITLE_SIZE = 12;
const POSITIVE = rgb(0.23, 0.46, 0.69);
const NEGATIVE = rgb(0.78, 0.33, 0.26);

/**
 * A report's chart as horizontal bars (REP-15): a label on the left, the bar from a zero axis
 * scaled to the largest value (negatives go left of the axis), the value on the right. Bars continue
 * on the next page when they do not fit.
 */
export function drawChart(canvas: PdfCanvas, chart: ReportChart, drawable: (text: string) => string): void {
  const count = Math.min(chart.labels.length, chart.values.length);
  const values = chart.values.slice(0, count).map((value) => (Number.isFinite(value) ? value : 0));
  const labels = chart.labels.slice(0, count).map((label) => drawable(String(label ?? '')));
  // Counts as integers, anything else with two decimals: one format for the whole chart.
  const kind = values.every(Number.isInteger) ? 'integer' : 'money';
  const shown = values.map((value) => cellForPeople(value, kind));
  const { regular, bold } = canvas.fonts;
  const widest = (texts: string[]) => Math.max(0, ...texts.map((text) => regular.widthOfTextAtSize(text, LABEL_SIZE)));
  const labelWidth = Math.min(widest(labels) + 8, canvas.width * 0.35);
  const valueWidth = Math.min(widest(shown) + 8, canvas.width * 0.25);
  const barLeft = canvas.left + labelWidth;
  const barSpace = canvas.width - labelWidth - valueWidth;
  const { zero, bars } = chartBars(values, barSpace);

  const title = (continued: boolean) => {
    canvas.text(continued ? `${drawable(chart.title)} (continued)` : drawable(chart.title), canvas.left, canvas.y - TITLE_SIZE, {
      size: continued ? 9 : TITLE_SIZE,
      font: bold,
      width: canvas.width,
    });
    canvas.y -= TITLE_SIZE + 10;
  };
  canvas.room(TITLE_SIZE + 10 + BAR_ROW * Math.min(count, 3));
  title(false);
  values.forEach((value, index) => {
    if (canvas.room(BAR_ROW)) title(true);
    const middle = canvas.y - BAR_ROW / 2;
    const textY = middle - LABEL_SIZE * 0.36;
    canvas.text(labels[index]!, canvas.left, textY, { size: LABEL_SIZE, width: labelWidth - 8 });
    const { start, length } = bars[index]!;
    if (length > 0)
      canvas.page.drawRectangle({
        x: barLeft + start,
        y: middle - BAR / 2,
        width: length,
        height: BAR,
        color: value < 0 ? NEGATIVE : POSITIVE,
      });
    canvas.page.drawLine({
      start: { x: barLeft + zero, y: canvas.y },
      end: { x: barLeft + zero, y: canvas.y - BAR_ROW },
      thickness: 0.6,
      color: RULE,
    });
    canvas.text(shown[index]!, canvas.left + canvas.width, textY, {
      size: LABEL_SIZE,
      color: MUTED,
      align: 'right',
      width: valueWidth - 8,
    });
    canvas.y -= BAR_ROW;
  });
  if (count === 0) {
    canvas.text('No values.', canvas.left, canvas.y - LABEL_SIZE, { size: LABEL_SIZE, font: canvas.fonts.italic, color: MUTED });
    canvas.y -= BAR_ROW;
  }
  canvas.y -= 14;
}

/**
 * Where the bars go on a line `space` wide: the zero axis and each bar's start and length from the line's
 * left, scaled so that the values' whole range (zero included) spans the line; a negative bar ends at zero.
 */
export function chartBars(values: number[], space: number): { zero: number; bars: { start: number; length: number }[] } {
  const low = Math.min(0, ...values);
  const span = Math.max(0, ...values) - low || 1;
  const zero = low < 0 ? (-low / span) * space : 0;
  const bars = values.map((value) => {
    const length = (Math.abs(value) / span) * space;
    return { start: value < 0 ? zero - length : zero, length };
  });
  return { zero, bars };
}
