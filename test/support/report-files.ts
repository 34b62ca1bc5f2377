/**
 * Report files read back, as a person's viewer would: a PDF's pages as text (and its text items with
 * their positions) and information dictionary, through unpdf; a workbook through exceljs.
 *
 *   const pdf = await readPdf(file.data);   // pdf.pages[0] contains 'Page 1 of 2'
 *   const workbook = await readWorkbook(file.data);
 */
import ExcelJS from 'exceljs';
import { extractText, extractTextItems, getDocumentProxy, type StructuredTextItem } from 'unpdf';

export interface ReadPdf {
  /** Each page's text. */
  pages: string[];
  /** Each page's text items, with their positions (PDF points from the bottom left). */
  items: StructuredTextItem[][];
  /** Each page's [width, height] in points. */
  sizes: [number, number][];
  /** The information dictionary: Title, Author, Subject, CreationDate... */
  info: Record<string, unknown>;
}

/** pdf.js takes over the buffer it is given: each reading gets a copy. */
const copy = (bytes: ArrayBuffer | Uint8Array) => new Uint8Array(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).slice();

export async function readPdf(bytes: ArrayBuffer | Uint8Array): Promise<ReadPdf> {
  const document = await getDocumentProxy(copy(bytes));
  const { text } = await extractText(document);
  const { items } = await extractTextItems(document);
  const { info } = await document.getMetadata();
  const sizes: [number, number][] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const [, , width, height] = (await document.getPage(n)).view;
    sizes.push([width!, height!]);
  }
  return { pages: text, items, sizes, info: info as Record<string, unknown> };
}

export async function readWorkbook(bytes: ArrayBuffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(copy(bytes).buffer);
  return workbook;
}

/** The text items of a page whose text is `text`. */
export const itemsOf = (page: StructuredTextItem[], text: string): StructuredTextItem[] => page.filter((item) => item.str === text);

const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Money as a report file shows it to a person: `1,234.50`, a negative in parentheses `(1,234.50)`. */
export function shownMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const digits = MONEY.format(Math.abs(Number(value)));
  return Number(value) < 0 && /[1-9]/.test(digits) ? `(${digits})` : digits;
}
