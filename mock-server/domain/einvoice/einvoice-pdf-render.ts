import { rgb } from 'pdf-lib';
import { INK, MUTED, openPdf, PdfCanvas } from '../shared/pdf-canvas.js';
import { textFor, wrapText } from '../shared/pdf-text.js';
import type { EinvoicePdfContent, EinvoicePdfParty } from './einvoice-pdf.js';

// The e-invoice PDF drawn with pdf-lib and the reports' canvas (EINV-31): its text in any script, in the
// fonts the reports draw with (REP-95), the QR code as a PNG image.

const A4: [number, number] = [595.28, 841.89];
const QR_SIZE = 110;
const WARNING = rgb(0.75, 0.1, 0.1);
export const SANDBOX_MARK = 'SANDBOX \u2014 not a tax document';

type Draw = (text: string) => string;

export async function drawEinvoicePdf(content: EinvoicePdfContent): Promise<Uint8Array> {
  // The parties' names and the lines in any script, in the fonts their characters need (REP-95).
  const { qrPng: _qr, ...text } = content;
  const { pdf, fonts } = await openPdf(
    `${content.title} ${content.number}`,
    SANDBOX_MARK,
    new Date(content.generatedAt),
    JSON.stringify(text),
  );
  const draw = textFor(fonts.regular);
  const canvas = new PdfCanvas(pdf, fonts, A4, draw(`${content.title} ${content.number} \u00b7 ${SANDBOX_MARK}`));
  await drawHeader(canvas, content, draw);
  drawParties(canvas, [content.supplier, content.buyer], draw);
  drawLines(canvas, content, draw);
  drawSummary(canvas, content, draw);
  canvas.numberPages();
  return pdf.save();
}

/** The sandbox mark, the title and the facts, with the QR code (or why there is none) on the right. */
async function drawHeader(canvas: PdfCanvas, content: EinvoicePdfContent, draw: Draw): Promise<void> {
  const { bold, italic } = canvas.fonts;
  const right = canvas.left + canvas.width;
  const top = canvas.y;
  canvas.text(SANDBOX_MARK, canvas.left, top - 12, { size: 12, font: bold, color: WARNING });
  canvas.text(draw(content.title), canvas.left, top - 36, { size: 18, font: bold });
  let y = top - 56;
  for (const [label, value] of content.facts) {
    canvas.text(`${label}:`, canvas.left, y, { size: 9, font: bold, color: MUTED });
    canvas.text(draw(value), canvas.left + 70, y, { size: 9, width: canvas.width - QR_SIZE - 90 });
    y -= 13;
  }
  if (content.qrPng) {
    const image = await canvas.pdf.embedPng(content.qrPng);
    canvas.page.drawImage(image, { x: right - QR_SIZE, y: top - QR_SIZE - 4, width: QR_SIZE, height: QR_SIZE });
    canvas.text('Scan to verify with the portal', right, top - QR_SIZE - 14, { size: 7, color: MUTED, align: 'right' });
  } else {
    for (const [i, line] of wrapText('No QR code: not yet validated by the portal.', italic, 8, QR_SIZE).entries()) {
      canvas.text(line, right - QR_SIZE, top - 20 - i * 10, { size: 8, font: italic, color: MUTED });
    }
  }
  canvas.y = Math.min(y, top - QR_SIZE - 24) - 6;
  canvas.rule(canvas.y);
  canvas.y -= 16;
}

/** Supplier and buyer side by side: the name, then TIN, registration, SST, address and contact. */
function drawParties(canvas: PdfCanvas, parties: EinvoicePdfParty[], draw: Draw): void {
  const column = canvas.width / parties.length;
  const heights = parties.map((party, i) => {
    const x = canvas.left + i * column;
    let y = canvas.y;
    canvas.text(party.role.toUpperCase(), x, y, { size: 8, font: canvas.fonts.bold, color: MUTED });
    y -= 14;
    for (const line of wrapText(draw(party.name), canvas.fonts.bold, 10, column - 12, 3)) {
      canvas.text(line, x, y, { size: 10, font: canvas.fonts.bold });
      y -= 13;
    }
    for (const detail of party.details) {
      canvas.text(draw(detail), x, y, { size: 8.5, width: column - 12 });
      y -= 11;
    }
    return canvas.y - y;
  });
  canvas.y -= Math.max(...heights) + 8;
}

const COLUMNS = [
  { title: 'Description', width: 0.46, align: 'left' as const },
  { title: 'Qty', width: 0.1, align: 'right' as const },
  { title: 'Unit price', width: 0.15, align: 'right' as const },
  { title: 'Tax', width: 0.13, align: 'right' as const },
  { title: 'Amount', width: 0.16, align: 'right' as const },
];

/** One table row: cells fitted to their columns, numbers right-aligned. */
function drawRow(canvas: PdfCanvas, cells: string[], font = canvas.fonts.regular, size = 8.5): void {
  canvas.room(size + 6);
  let x = canvas.left;
  cells.forEach((cell, i) => {
    const { width, align } = COLUMNS[i]!;
    const w = width * canvas.width;
    canvas.text(cell, align === 'right' ? x + w - 2 : x, canvas.y - size, { size, font, width: w - 6, align });
    x += w;
  });
  canvas.y -= size + 6;
}

function drawLines(canvas: PdfCanvas, content: EinvoicePdfContent, draw: Draw): void {
  drawRow(
    canvas,
    COLUMNS.map((c) => c.title),
    canvas.fonts.bold,
  );
  canvas.rule(canvas.y + 2);
  for (const line of content.lines) drawRow(canvas, [draw(line.description), line.quantity, line.unitPrice, draw(line.tax), line.amount]);
  canvas.rule(canvas.y + 2);
  canvas.y -= 10;
}

/** The tax summary, the totals and the validation hash. */
function drawSummary(canvas: PdfCanvas, content: EinvoicePdfContent, draw: Draw): void {
  const { bold } = canvas.fonts;
  const right = canvas.left + canvas.width;
  const row = (label: string, value: string, font = canvas.fonts.regular, size = 9) => {
    canvas.room(size + 5);
    canvas.text(draw(label), right - 200, canvas.y - size, { size, font, color: INK });
    canvas.text(value, right, canvas.y - size, { size, font, align: 'right' });
    canvas.y -= size + 5;
  };
  canvas.text('Tax summary (taxable / tax)', right - 200, canvas.y - 9, { size: 9, font: bold, color: MUTED });
  canvas.y -= 14;
  for (const tax of content.taxes) row(tax.label, `${tax.taxable} / ${tax.tax}`);
  canvas.y -= 6;
  for (const [i, [label, value]] of content.totals.entries())
    row(label, value, i === content.totals.length - 1 ? bold : canvas.fonts.regular, 10);
  canvas.y -= 14;
  canvas.room(30);
  canvas.text('Validation hash (SHA-256 of the XML document)', canvas.left, canvas.y - 8, { size: 8, font: bold, color: MUTED });
  canvas.text(content.validationHash, canvas.left, canvas.y - 20, { size: 7.5, color: INK, width: canvas.width });
  canvas.y -= 30;
}
