import { PDFDocument } from 'pdf-lib';
import type { ReportDocument } from '../document.js';
import { INK, MUTED, PdfCanvas } from '../../../shared/pdf-canvas.js';
import { documentFonts } from '../../../shared/pdf-faces.js';
import { drawChart } from './pdf-chart.js';
import { pageLayout, prepareTable } from './pdf-layout.js';
import { drawTable } from './pdf-table.js';
import { textFor, wrapText } from '../../../shared/pdf-text.js';

/**
 * A report as a PDF (pdf-lib; REP-10 to REP-16): the company, title, period, currency and time of the run
 * at the top, the notes, the chart, then each table; "Page n of m" on every page. The same document
 * gives the same bytes: the file's dates are the report's `generatedAt`.
 */
export async function renderPdf(document: ReportDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  setMetadata(pdf, document);
  // Any script the report holds is drawn: its fonts are chosen from its whole content (REP-95).
  const fonts = await documentFonts(pdf, JSON.stringify(document));
  const drawable = textFor(fonts.regular);
  const tables = document.tables.map((table) => prepareTable(table, drawable, fonts.regular, fonts.bold));
  const { size, typeSize } = pageLayout(tables);
  const canvas = new PdfCanvas(pdf, fonts, size, drawable([document.companyName, document.title, document.period].join(' \u00b7 ')));
  drawTitleBlock(canvas, document, drawable);
  if (document.chart) drawChart(canvas, document.chart, drawable);
  for (const table of tables) drawTable(canvas, table, typeSize);
  canvas.numberPages();
  return pdf.save();
}

/** Company, title, period, then currency and time of the run, then the notes, each wrapped to the page. */
function drawTitleBlock(canvas: PdfCanvas, document: ReportDocument, drawable: (text: string) => string): void {
  const { regular, bold } = canvas.fonts;
  const lines = (text: string, size: number, font = regular, color = MUTED, gap = 4) => {
    for (const line of wrapText(drawable(text), font, size, canvas.width, 4)) {
      canvas.room(size + gap);
      canvas.text(line, canvas.left, canvas.y - size, { size, font, color });
      canvas.y -= size + gap;
    }
  };
  lines(document.companyName, 11, bold);
  canvas.y -= 2;
  lines(document.title, 18, bold, INK, 6);
  lines(document.period, 11, regular, INK);
  lines(`Currency: ${document.currency}    Generated: ${generatedTime(document.generatedAt)}`, 9);
  canvas.y -= 4;
  for (const note of document.notes ?? []) lines(note, 9, regular, INK, 3);
  canvas.rule(canvas.y - 4);
  canvas.y -= 18;
}

/** `2026-11-02T09:00:00.000Z` -> `2026-11-02 09:00 UTC`; anything else as written. */
function generatedTime(generatedAt: string): string {
  const date = new Date(generatedAt);
  return Number.isNaN(date.getTime()) ? generatedAt : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Title, author (the company), subject (the period) and dates in the file's information dictionary. */
function setMetadata(pdf: PDFDocument, document: ReportDocument): void {
  const at = new Date(document.generatedAt);
  const when = Number.isNaN(at.getTime()) ? new Date(0) : at;
  pdf.setTitle(document.title);
  pdf.setAuthor(document.companyName);
  pdf.setSubject(`${document.title}, ${document.period}`);
  pdf.setCreator('acs-sdk mock server');
  pdf.setProducer('pdf-lib');
  pdf.setLanguage('en');
  pdf.setCreationDate(when);
  pdf.setModificationDate(when);
}
