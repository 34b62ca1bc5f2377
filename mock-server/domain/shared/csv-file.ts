import { stringify } from 'csv-stringify/sync';

// The CSV files the mock serves (report downloads, batch job results): one way to write them for a spreadsheet.

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula (a customer named "=HYPERLINK(...)") is quoted (OWASP, CSV injection). */
export const formulaSafe = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** Records as CSV bytes for a spreadsheet: a byte order mark (so it reads names as UTF-8) and CRLF line ends. */
export const spreadsheetCsv = (records: readonly (readonly unknown[])[]): Uint8Array =>
  new TextEncoder().encode(`\ufeff${stringify(records as unknown[][], { record_delimiter: '\r\n' })}`);
