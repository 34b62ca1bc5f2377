import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib';
import { documentFonts, type Fonts, type PdfFace } from './pdf-faces.js';
import { fitText } from './pdf-text.js';

export type { Fonts } from './pdf-faces.js';

// The PDF writer of reports and e-invoices; it loads pdf-lib, so only files loaded on demand import it.

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.4, 0.4, 0.45);
export const RULE = rgb(0.6, 0.6, 0.65);
/** The blank edge of every page, each side. */
export const MARGIN = 40;

/** The room kept at a page's foot for its number. */
const FOOTER = 28;
/** The running line at the head of every page after the first. */
const RUNNING_HEAD = 22;

/**
 * A new PDF with its metadata (title, subject, the mock as creator, `when` as both dates) and the fonts its
 * text needs: `text` is everything the document will draw, so any script in it is covered (REP-95).
 */
export async function openPdf(title: string, subject: string, when: Date, text: string): Promise<{ pdf: PDFDocument; fonts: Fonts }> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setSubject(subject);
  pdf.setCreator('acs-sdk mock server');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(when);
  pdf.setModificationDate(when);
  return { pdf, fonts: await documentFonts(pdf, `${title} ${text}`) };
}

export interface TextStyle {
  size: number;
  font?: PdfFace;
  color?: RGB;
  /** Text cut with an ellipsis to this width. */
  width?: number;
  align?: 'left' | 'right';
}

/**
 * The pages of a PDF (a report's, an e-invoice's) and a cursor going down them: `room(height)` starts a new page (its running
 * head repeated) when the next `height` points would run into the foot.
 */
export class PdfCanvas {
  page!: PDFPage;
  /** The baseline the next thing is drawn under. */
  y = 0;

  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    readonly size: [number, number],
    /** `Company · Title · Period`, at the head of each page after the first. */
    private readonly runningHead: string,
  ) {
    this.addPage();
  }

  get left(): number {
    return MARGIN;
  }

  get width(): number {
    return this.size[0] - 2 * MARGIN;
  }

  /** Room for `height` points on this page, or a new page; true when a page was started. */
  room(height: number): boolean {
    if (this.y - height >= MARGIN + FOOTER) return false;
    this.addPage();
    return true;
  }

  /** The space left on this page. */
  get spaceLeft(): number {
    return this.y - MARGIN - FOOTER;
  }

  text(value: string, x: number, y: number, style: TextStyle): void {
    const font = style.font ?? this.fonts.regular;
    const shown = style.width === undefined ? value : fitText(value, font, style.size, style.width);
    if (shown === '') return;
    const dx = style.align === 'right' ? -font.widthOfTextAtSize(shown, style.size) : 0;
    font.draw(this.page, shown, { x: x + dx, y, size: style.size, color: style.color ?? INK });
  }

  rule(y: number, thickness = 0.5, color = RULE): void {
    this.page.drawLine({ start: { x: this.left, y }, end: { x: this.left + this.width, y }, thickness, color });
  }

  /** "Page n of m" at the foot of every page: written last, once the count is known. */
  numberPages(): void {
    const pages = this.pdf.getPages();
    pages.forEach((page, index) => {
      const label = `Page ${index + 1} of ${pages.length}`;
      const size = 8;
      const x = this.size[0] - MARGIN - this.fonts.regular.widthOfTextAtSize(label, size);
      this.fonts.regular.draw(page, label, { x, y: MARGIN, size, color: MUTED });
    });
  }

  private addPage(): void {
    const first = this.pdf.getPageCount() === 0;
    this.page = this.pdf.addPage(this.size);
    this.y = this.size[1] - MARGIN;
    if (first) return;
    this.text(this.runningHead, this.left, this.y - 8, { size: 8, color: MUTED, width: this.width });
    this.rule(this.y - 12);
    this.y -= RUNNING_HEAD;
  }
}
