import type { ReportDocument } from '../document.js';
import { formatNotSupported } from '../errors.js';

/** The workbook writer (exceljs): being written in the formats slice of issue #13. */
export async function renderExcel(_document: ReportDocument): Promise<Uint8Array> {
  throw formatNotSupported('excel');
}
