import type { Glyph } from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';
import { commonJs } from './lazy-library.js';
import type { ShapingFont } from './pdf-shaped-text.js';

// pdf-lib's fontkit as the PDF fonts use it (decision REP-95): loaded on demand, its subsets made sound,
// and each embedded slice able to encode glyphs shaped elsewhere.

export type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
/** What a TrueType subset keeps while it is written: each glyph's bytes, and where the next one starts. */
interface GlyphSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph?: (glyphId: number) => number;
}

/**
 * A TrueType subset that pads each glyph to an even length: a subset under 64 kB stores its glyph offsets
 * halved (the short `loca` of the OpenType spec), so an odd length shifts every glyph after it (Noto Sans
 * Arabic's letters came out empty).
 */
function evenGlyphs(subset: GlyphSubset): GlyphSubset {
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
}

type GlyphSource = { getGlyph(id: number, codePoints?: number[]): Glyph | null };

/**
 * A glyph with the characters it stands for where it is used: fontkit keeps one glyph object per id, with
 * the characters of its first use (a glyph first made by a substitution could copy as a space), and the
 * file's character map is written from them.
 */
function glyphsInContext(font: GlyphSource): void {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph || !codePoints || (glyph.codePoints.length === codePoints.length && glyph.codePoints.every((c, i) => c === codePoints[i])))
      return glyph;
    return Object.create(glyph, { codePoints: { value: codePoints } }) as Glyph;
  };
}

/** fontkit as the PDFs use it: each file parsed once per process (its bytes are read once: pdf-font-files.ts), sound subsets, glyphs in context. */
function pdfFontkit(fontkit: Fontkit): Fontkit {
  const parsed = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
  return {
    create(bytes: Uint8Array, name?: string) {
      const known = parsed.get(bytes);
      if (known) return known;
      const font = fontkit.create(bytes, name);
      const subsets = font as unknown as { createSubset(): GlyphSubset };
      const createSubset = subsets.createSubset.bind(subsets);
      subsets.createSubset = () => evenGlyphs(createSubset());
      glyphsInContext(font as unknown as GlyphSource);
      parsed.set(bytes, font);
      return font;
    },
  } as Fontkit;
}

/** Whether fontkit reads the file's character map; a file it cannot is left out, its characters fall to the next family or REP-13. */
export function readable(fontkit: Fontkit, bytes: Uint8Array): boolean {
  try {
    fontkit.create(bytes).hasGlyphForCodePoint(0x20);
    return true;
  } catch {
    return false;
  }
}

let loading: Promise<Fontkit> | undefined;

/** fontkit, once per process (its parses with it), with what its Tamil shaping needs loaded first (it calls a global `regeneratorRuntime`). */
export function loadFontkit(): Promise<Fontkit> {
  loading ??= (async () => {
    await import('regenerator-runtime/runtime.js');
    return pdfFontkit(commonJs(await import('@pdf-lib/fontkit')));
  })();
  return loading;
}

/** A zero-width space: what a glyph that stands for no character (an Arabic letter's dots) copies as. */
const NO_CHARACTER = 0x200b;

/**
 * One slice embedded as a subset, with the fontkit font pdf-lib shapes it with (its internal `embedder`).
 * A glyph for no character would copy as its glyph id: in the file's character map it stands for a
 * zero-width space, which readers drop (a stand-in of the glyph: fontkit's own, shared by every PDF,
 * keeps no character, or its layout would hide it as a space).
 */
export async function embedSlice(pdf: PDFDocument, bytes: Uint8Array): Promise<ShapingFont> {
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
