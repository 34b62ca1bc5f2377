import { type PDFDocument, type PDFFont, type PDFPage, type RGB, StandardFonts } from 'pdf-lib';
import { type FontSlice, type FontWeight, fontFiles, sliceCovers } from './pdf-font-files.js';
import { embedSlice, loadFontkit, readable } from './pdf-fontkit.js';
import { type FontFamily, ShapedText, type ShapingFont } from './pdf-shaped-text.js';

// The faces a PDF draws with (decisions REP-13, REP-95): Helvetica for text that is all Windows-1252 (no
// font embedded, as before), the Noto families for any other, embedded only when the document has such text.

/** A typeface at one weight: what the canvas measures and draws text with. */
export interface PdfFace {
  widthOfTextAtSize(text: string, size: number): number;
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: RGB }): void;
  /** Whether the face draws `codePoint`; text for it is otherwise transliterated (REP-13). */
  canDraw(codePoint: number): boolean;
}

export interface Fonts {
  regular: PdfFace;
  bold: PdfFace;
  italic: PdfFace;
}

const WEIGHTS: FontWeight[] = ['regular', 'bold', 'italic'];
const STANDARD: Record<FontWeight, StandardFonts> = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
};
/** What is never drawn as itself: line breaks and other spaces become one space, controls and format marks go (REP-13). */
const NOT_DRAWN = /[\s\p{Cc}\p{Cf}]/u;

class Face implements PdfFace {
  private readonly standardSet: Set<number>;
  private readonly shaped = new Map<string, ShapedText>();

  constructor(
    private readonly standard: PDFFont,
    private readonly families: FontFamily[],
  ) {
    this.standardSet = new Set(standard.getCharacterSet());
  }

  canDraw(codePoint: number): boolean {
    if (this.standardSet.has(codePoint)) return true;
    if (NOT_DRAWN.test(String.fromCodePoint(codePoint))) return false;
    return this.families.some((family) => family.some((font) => font.shaper.hasGlyphForCodePoint(codePoint)));
  }

  widthOfTextAtSize(text: string, size: number): number {
    const shaped = this.shapedText(text);
    return shaped ? shaped.widthAtSize(size) : this.standard.widthOfTextAtSize(text, size);
  }

  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: RGB }): void {
    const shaped = this.shapedText(text);
    if (shaped) shaped.draw(page, at);
    else page.drawText(text, { ...at, font: this.standard });
  }

  /** The text shaped in the Noto families, or undefined when Helvetica draws all of it. */
  private shapedText(text: string): ShapedText | undefined {
    if (this.families.length === 0) return undefined;
    if ([...text].every((char) => this.standardSet.has(char.codePointAt(0)!))) return undefined;
    let shaped = this.shaped.get(text);
    if (!shaped) this.shaped.set(text, (shaped = new ShapedText(this.families, text)));
    return shaped;
  }
}

/**
 * The fonts of a PDF whose text is all in `text` (the document's content, JSON will do): Helvetica's
 * three, and, when `text` has characters beyond Windows-1252 and the font files can be read, the Noto
 * slices that hold them, each embedded as a subset of the glyphs drawn (REP-95).
 */
export async function documentFonts(pdf: PDFDocument, text: string): Promise<Fonts> {
  const standard = await Promise.all(WEIGHTS.map((weight) => pdf.embedFont(STANDARD[weight])));
  const winAnsi = new Set(standard[0]!.getCharacterSet());
  const beyond = new Set<number>();
  for (const char of text) if (!winAnsi.has(char.codePointAt(0)!) && !NOT_DRAWN.test(char)) beyond.add(char.codePointAt(0)!);
  const families = beyond.size === 0 ? null : await embedFamilies(pdf, beyond);
  const [regular, bold, italic] = WEIGHTS.map((weight, i) => new Face(standard[i]!, families?.[weight] ?? []));
  return { regular: regular!, bold: bold!, italic: italic! };
}

/** The slices that may hold `codePoints`, with the one holding the space of each family they are in. */
function slicesFor(slices: FontSlice[], codePoints: Set<number>): FontSlice[] {
  const wanted = slices.filter((slice) => [...codePoints].some((codePoint) => sliceCovers(slice, codePoint)));
  const families = new Set(wanted.map((slice) => slice.family));
  const spaces = slices.filter((slice) => families.has(slice.family) && sliceCovers(slice, 0x20));
  return slices.filter((slice) => wanted.includes(slice) || spaces.includes(slice));
}

/** The Noto slices for `codePoints` embedded at each weight, by family; null when the files cannot be read. */
async function embedFamilies(pdf: PDFDocument, codePoints: Set<number>): Promise<Record<FontWeight, FontFamily[]> | null> {
  const files = fontFiles();
  if (!files) return null;
  const slices = slicesFor(files.slices, codePoints);
  if (slices.length === 0) return null;
  // Without fontkit (a package left out of an install) the text is drawn as REP-13 has it, never refused.
  const fontkit = await loadFontkit().catch(() => null);
  if (!fontkit) return null;
  pdf.registerFontkit(fontkit);
  const embedded = new Map<string, ShapingFont>();
  const byWeight = {} as Record<FontWeight, FontFamily[]>;
  for (const weight of WEIGHTS) {
    const families = new Map<number, FontFamily>();
    for (const slice of slices) {
      const file = files.read(slice, weight);
      if (!file || !readable(fontkit, file.bytes)) continue;
      let font = embedded.get(file.path);
      if (!font) embedded.set(file.path, (font = await embedSlice(pdf, file.bytes)));
      const family = families.get(slice.family) ?? [];
      families.set(slice.family, [...family, font]);
    }
    byWeight[weight] = [...families.entries()].sort(([a], [b]) => a - b).map(([, family]) => family);
  }
  return byWeight;
}
