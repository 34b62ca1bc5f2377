import type { Glyph } from '@pdf-lib/fontkit';
import { type PDFDocument, type PDFFont, type PDFPage, type RGB, StandardFonts } from 'pdf-lib';
import { commonJs } from './lazy-library.js';
import { type FontSlice, type FontWeight, fontFiles, sliceCovers } from './pdf-font-files.js';
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

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
/** What a TrueType subset keeps while it is written: each glyph's bytes, and where the next one starts. */
interface GlyphSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph?: (glyphId: number) => number;
}

/**
 * fontkit whose TrueType subsets pad each glyph to an even length: a subset under 64 kB stores its glyph
 * offsets halved (the short `loca` of the OpenType spec), so an odd length shifts every glyph after it
 * (Noto Sans Arabic's letters came out empty).
 */
function evenGlyphs(fontkit: Fontkit): Fontkit {
  const pad = (subset: GlyphSubset) => {
    const add = subset._addGlyph;
    if (typeof add !== 'function') return subset;
    subset._addGlyph = function (this: GlyphSubset, glyphId: number) {
      const index = add.call(this, glyphId);
      const bytes = this.glyf[index]!;
      if (bytes.length % 2 === 1) {
        // The subset writes fontkit's own Buffer type; a plain Uint8Array is refused.
        const padded = (bytes.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(bytes.length + 1);
        padded.set(bytes);
        this.glyf[index] = padded;
        this.offset += 1;
      }
      return index;
    };
    return subset;
  };
  // A font file parsed once per process (its bytes are read once: pdf-font-files.ts); each PDF makes its own subset.
  const parsed = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
  return {
    create(bytes: Uint8Array, name?: string) {
      const known = parsed.get(bytes);
      if (known) return known;
      const font = fontkit.create(bytes, name);
      const subsets = font as unknown as { createSubset(): GlyphSubset };
      const createSubset = subsets.createSubset.bind(subsets);
      subsets.createSubset = () => pad(createSubset());
      parsed.set(bytes, font);
      return font;
    },
  } as Fontkit;
}

/** Whether fontkit reads the file's character map; a file it cannot is left out, its characters fall to the next family or REP-13. */
function readable(fontkit: Fontkit, bytes: Uint8Array): boolean {
  try {
    fontkit.create(bytes).hasGlyphForCodePoint(0x20);
    return true;
  } catch {
    return false;
  }
}

/** fontkit, with what its Tamil shaping needs loaded first (it calls a global `regeneratorRuntime`). */
async function loadFontkit(): Promise<Fontkit> {
  await import('regenerator-runtime/runtime.js');
  return evenGlyphs(commonJs(await import('@pdf-lib/fontkit')));
}

/** The Noto slices for `codePoints` embedded at each weight, by family; null when the files cannot be read. */
async function embedFamilies(pdf: PDFDocument, codePoints: Set<number>): Promise<Record<FontWeight, FontFamily[]> | null> {
  const files = fontFiles();
  if (!files) return null;
  const slices = slicesFor(files.slices, codePoints);
  if (slices.length === 0) return null;
  const fontkit = await loadFontkit();
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

/** A zero-width space: what a glyph that stands for no character (an Arabic letter's dots) copies as. */
const NO_CHARACTER = 0x200b;

/**
 * One slice embedded as a subset, with the fontkit font pdf-lib shapes it with (its internal `embedder`).
 * A glyph for no character would copy as its glyph id: in the file's character map it stands for a
 * zero-width space, which readers drop (a stand-in of the glyph: fontkit's own, shared by every PDF,
 * keeps no character, or its layout would hide it as a space).
 */
async function embedSlice(pdf: PDFDocument, bytes: Uint8Array): Promise<ShapingFont> {
  const font = await pdf.embedFont(bytes, { subset: true });
  const embedder = (font as unknown as { embedder: SubsetEmbedder }).embedder;
  const embed = font.embed.bind(font);
  font.embed = async () => {
    // A slice no text was drawn in is left out (nothing refers to it).
    if (embedder.glyphs.length === 0) return;
    embedder.glyphs = embedder.glyphs.map((glyph) =>
      glyph?.codePoints.length === 0 ? (Object.create(glyph, { codePoints: { value: [NO_CHARACTER] } }) as Glyph) : glyph,
    );
    await embed();
  };
  return { pdf: font, shaper: embedder.font, encode: (glyphs) => encodeGlyphs(embedder, glyphs) };
}

/** pdf-lib's subset embedder, as its `encodeText` uses it. */
interface SubsetEmbedder {
  font: ShapingFont['shaper'];
  subset: { includeGlyph(glyph: Glyph): number };
  glyphs: (Glyph | undefined)[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
}

/** What pdf-lib's `encodeText` does with the glyphs of its own layout, for glyphs shaped here (the layout is done once, and may be a fallback). */
function encodeGlyphs(embedder: SubsetEmbedder, glyphs: Glyph[]): string[] {
  const ids = glyphs.map((glyph) => {
    const id = embedder.subset.includeGlyph(glyph);
    embedder.glyphs[id - 1] = glyph;
    embedder.glyphIdMap.set(glyph.id, id);
    return id.toString(16).padStart(4, '0');
  });
  embedder.glyphCache.invalidate();
  return ids;
}
