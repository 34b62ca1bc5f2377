import type { ReportDocument } from '../document.js';
import { formatNotSupported } from '../errors.js';

/** The PDF writer (pdf-lib): being written in the formats slice of issue #13. */
export async function renderPdf(_document: ReportDocument): Promise<Uint8Array> {
  throw formatNotSupported('pdf');
}
