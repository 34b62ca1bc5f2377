import { rgb } from 'pdf-lib';
import { MUTED, openPdf, PdfCanvas } from './pdf-canvas.js';
import { textFor } from './pdf-text.js';

// A sent document's PDF as its recipient opens it from the outbox (MOCK-38), drawn with the reports'
// canvas; it loads pdf-lib, so only a dynamic import reaches it.

const A4: [number, number] = [595.28, 841.89];
const WARNING = rgb(0.75, 0.1, 0.1);
const SANDBOX_MARK = 'SANDBOX \u2014 sent by acs-mock, never delivered';

export interface DocumentPdfContent {
  /** `Invoice`, `Quote`, `Purchase order`. */
  title: string;
  number: string;
  /** The sender and the recipient. */
  from: string;
  to: string;
  /** `Label: value` rows under the title (dates, currency, reference). */
  facts: [string, string][];
  lines: { description: string; quantity: string; unitPrice: string; amount: string }[];
  totals: [string, string][];
  /** The message's text, printed under the totals. */
  message: string;
  /** Mock-clock time it was sent. */
  sentAt: string;
}

export async function drawDocumentPdf(content: DocumentPdfContent): Promise<Uint8Array> {
  const { pdf, fonts } = await openPdf(
    `${content.title} ${content.number}`,
    SANDBOX_MARK,
    new Date(content.sentAt),
    JSON.stringify(content),
  );
  const draw = textFor(fonts.regular);
  const canvas = new PdfCanvas(pdf, fonts, A4, draw(`${content.title} ${content.number}`));
  drawHead(canvas, content, draw);
  drawLines(canvas, content, draw);
  canvas.numberPages();
  return pdf.save();
}

type Draw = (text: string) => string;

function drawHead(canvas: PdfCanvas, content: DocumentPdfContent, draw: Draw): void {
  const { bold } = canvas.fonts;
  canvas.text(SANDBOX_MARK, canvas.left, canvas.y - 12, { size: 10, font: bold, color: WARNING });
  canvas.text(draw(`${content.title} ${content.number}`), canvas.left, canvas.y - 38, { size: 18, font: bold });
  let y = canvas.y - 60;
  for (const [label, value] of [['From', content.from], ['To', content.to], ...content.facts] as [string, string][]) {
    canvas.text(`${label}:`, canvas.left, y, { size: 9, font: bold, color: MUTED });
    canvas.text(draw(value), canvas.left + 80, y, { size: 9, width: canvas.width - 80 });
    y -= 13;
  }
  canvas.y = y - 10;
}

function drawLines(canvas: PdfCanvas, content: DocumentPdfContent, draw: Draw): void {
  const { bold, italic } = canvas.fonts;
  const right = canvas.left + canvas.width;
  const columns = [right - 170, right - 85, right];
  const row = (cells: string[], font = canvas.fonts.regular) => {
    canvas.room(14);
    canvas.text(draw(cells[0]), canvas.left, canvas.y, { size: 9, font, width: columns[0] - canvas.left - 60 });
    for (const [i, cell] of cells.slice(1).entries()) canvas.text(draw(cell), columns[i], canvas.y, { size: 9, font, align: 'right' });
    canvas.y -= 14;
  };
  row(['Description', 'Quantity', 'Unit price', 'Amount'], bold);
  canvas.rule(canvas.y + 10);
  for (const line of content.lines) row([line.description, line.quantity, line.unitPrice, line.amount]);
  canvas.rule(canvas.y + 10);
  for (const [label, value] of content.totals) row([label, '', '', value], bold);
  canvas.y -= 10;
  for (const text of content.message.split('\n').slice(0, 20)) {
    canvas.room(12);
    canvas.text(draw(text), canvas.left, canvas.y, { size: 9, font: italic, width: canvas.width });
    canvas.y -= 12;
  }
}
