/** The formats a report comes in besides JSON (spec document 3, "Reports": `format`). */
export type FileFormat = 'csv' | 'pdf' | 'excel';

/**
 * A report the service answered as a file (`format` csv, pdf or excel): its bytes, media type and the
 * name the service gave it in `Content-Disposition`.
 */
export class ReportFile {
  constructor(
    /** The file name from `Content-Disposition` (`balance-sheet-2026-10-31.pdf`). */
    readonly filename: string,
    /** `application/pdf`, `text/csv; charset=utf-8`, or the Excel workbook type. */
    readonly contentType: string,
    /** The file's bytes. */
    readonly data: ArrayBuffer,
  ) {}

  get size(): number {
    return this.data.byteLength;
  }

  /** The bytes as a `Blob` (for a browser download link or `FormData`). */
  blob(): Blob {
    return new Blob([this.data], { type: this.contentType });
  }

  /** The file as UTF-8 text: for CSV. */
  text(): string {
    return new TextDecoder().decode(this.data);
  }
}
