import { FILE_FORMATS, type FileFormat } from '../../../../../src/contract/index.js';
import type { ReportDocument } from '../document.js';
import { renderCsv } from './csv.js';

/** A report file's bytes; the PDF and workbook writers are loaded on first use (they are large). */
export async function renderReportDocument(document: ReportDocument, format: FileFormat): Promise<Uint8Array> {
  if (format === 'csv') return renderCsv(document);
  if (format === 'pdf') return (await import('./pdf.js')).renderPdf(document);
  return (await import('./excel.js')).renderExcel(document);
}

export const mediaTypeOf = (format: FileFormat): string => FILE_FORMATS[format].mediaType;
export const extensionOf = (format: FileFormat): string => FILE_FORMATS[format].extension;
