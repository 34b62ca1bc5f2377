import type { Font as FontkitFont, Glyph, GlyphRun } from '@pdf-lib/fontkit';
import {
  beginText,
  endText,
  moveText,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  type PDFFont,
  type PDFPage,
  type RGB,
} from 'pdf-lib';

// Text in embedded Noto fonts (decision REP-95): split into runs of one font file each, shaped by fontkit
// (Tamil clusters, Arabic joining forms), drawn glyph by glyph at the positions the shaping gives.

/** One embedded font file and the fontkit font that shapes for it (pdf-lib's own, so the glyphs it records are these). */
export interface ShapingFont {
  pdf: PDFFont;
  shaper: FontkitFont;
  /** The glyphs' ids in the embedded subset (4 hex digits each), recorded for it. */
  encode(glyphs: Glyph[]): string[];
}

/** The slices of one family at one weight, in their file order. */
export type FontFamily = ShapingFont[];

interface Run {
  font: ShapingFont;
  text: string;
}

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
/** What a run holds one kind of: right-to-left letters, spaces, or anything else. */
const kindOf = (text: string) => (RTL.test(text) ? 'rtl' : /^\s+$/u.test(text) ? 'space' : 'other');

const fontOf = (family: FontFamily, codePoint: number, current?: ShapingFont): ShapingFont | undefined =>
  current?.shaper.hasGlyphForCodePoint(codePoint) ? current : family.find((font) => font.shaper.hasGlyphForCodePoint(codePoint));

/** The family that has every character of `chars`, else for each character the one it is in (keeping the last while it fits). */
function familiesFor(families: FontFamily[], chars: string[]): FontFamily[] {
  const covers = (family: FontFamily, char: string) => fontOf(family, char.codePointAt(0)!) !== undefined;
  const whole = families.find((family) => chars.every((char) => covers(family, char)));
  if (whole) return chars.map(() => whole);
  let last: FontFamily | undefined;
  return chars.map((char) => {
    if (!last || !covers(last, char)) last = families.find((family) => covers(family, char)) ?? last ?? families[0]!;
    return last;
  });
}

/** `text` (drawable already) as runs in logical order, each in one font file of the family chosen for it. */
function logicalRuns(families: FontFamily[], text: string): Run[] {
  const chars = [...text];
  const chosen = familiesFor(families, chars);
  const runs: Run[] = [];
  chars.forEach((char, i) => {
    const last = runs.at(-1);
    const family = chosen[i]!;
    const inLast = last && family.includes(last.font) ? fontOf(family, char.codePointAt(0)!, last.font) : undefined;
    if (last && inLast === last.font && kindOf(char) === kindOf(last.text)) last.text += char;
    else runs.push({ font: fontOf(family, char.codePointAt(0)!) ?? family[0]!, text: char });
  });
  return runs;
}

/**
 * The runs in the order they are drawn, left to right. The line reads left to right; a stretch of
 * right-to-left runs, with the spaces, digits and signs between them and the digits after them, is drawn
 * in reverse run order (a number keeps its own order), and fontkit gives each right-to-left run's glyphs
 * in visual order: enough of the Unicode bidi algorithm (UAX #9) for a name or a line of Arabic or Hebrew
 * inside an English document.
 */
function visualRuns(runs: Run[]): Run[] {
  const out: Run[] = [];
  let i = 0;
  while (i < runs.length) {
    if (!RTL.test(runs[i]!.text)) {
      out.push(runs[i++]!);
      continue;
    }
    let end = i;
    for (let j = i + 1; j < runs.length && !(LETTER.test(runs[j]!.text) && !RTL.test(runs[j]!.text)); j++) {
      if (RTL.test(runs[j]!.text) || DIGIT.test(runs[j]!.text)) end = j;
    }
    out.push(...runs.slice(i, end + 1).reverse());
    i = end + 1;
  }
  return out;
}

interface Shaped {
  font: ShapingFont;
  text: string;
  glyphs: GlyphRun;
  /** Its advance at size 1. */
  width: number;
}

/** The run's glyphs in visual order at their positions; unshaped (each character's glyph at its width) where fontkit's shaping throws. */
function layout(run: Run): GlyphRun {
  try {
    return run.font.shaper.layout(run.text);
  } catch {
    // Seen for a lone Arabic mark whose anchor the font lacks: drawn, never thrown (REP-13).
    const glyphs = run.font.shaper.glyphsForString(run.text);
    if (RTL.test(run.text)) glyphs.reverse();
    const positions = glyphs.map((glyph) => ({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 }));
    return { glyphs, positions } as unknown as GlyphRun;
  }
}

function shape(run: Run): Shaped {
  const glyphs = layout(run);
  const advance = glyphs.positions.reduce((sum, position) => sum + position.xAdvance, 0);
  return { ...run, glyphs, width: advance / run.font.shaper.unitsPerEm };
}

/** A line of text in the Noto families (REP-95): measured and drawn. */
export class ShapedText {
  private readonly runs: Shaped[];

  constructor(families: FontFamily[], text: string) {
    this.runs = visualRuns(logicalRuns(families, text)).map(shape);
  }

  widthAtSize(size: number): number {
    return this.runs.reduce((sum, run) => sum + run.width, 0) * size;
  }

  draw(page: PDFPage, at: { x: number; y: number; size: number; color: RGB }): void {
    let x = at.x;
    for (const run of this.runs) {
      const glyphs = runOperators(page, run, x, at.y, at.size);
      page.pushOperators(
        pushGraphicsState(),
        setFillingColor(at.color),
        ...(reordered(run) ? said(page, run, glyphs) : glyphs),
        popGraphicsState(),
      );
      x += run.width * at.size;
    }
  }
}

/**
 * Whether the glyphs, read in the order drawn, spell other text than the run's (a Tamil vowel sign drawn
 * before its consonant). Not for right-to-left runs: readers put their visual order back themselves, and
 * given the text they reverse it once more.
 */
function reordered(run: Shaped): boolean {
  if (RTL.test(run.text)) return false;
  const drawn = String.fromCodePoint(...run.glyphs.glyphs.flatMap((glyph) => glyph.codePoints));
  return drawn.normalize('NFD') !== run.text.normalize('NFD');
}

/** The glyphs in a span that gives their text, for readers that copy it so (ActualText: ISO 32000-1, 14.9.4). */
function said(page: PDFPage, run: Shaped, glyphs: PDFOperator[]): PDFOperator[] {
  const text = page.doc.context.obj({ ActualText: PDFHexString.fromText(run.text) });
  // BDC takes a tag and a property dictionary (ISO 32000-1, 14.6); pdf-lib's operand type leaves dictionaries out.
  const operands = [PDFName.of('Span'), text] as unknown as Parameters<typeof PDFOperator.of>[1];
  const span = PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, operands);
  return [span, ...glyphs, PDFOperator.of(PDFOperatorNames.EndMarkedContent)];
}

/**
 * One run's glyphs at their shaped positions: the glyphs that stand for characters in one `TJ`, each
 * moved by its offset, so a reader copies them as text in order; a mark that stands for none (Noto
 * Sans Arabic draws a letter's dots apart) after them, each at its own place (pdf-faces.ts maps it to no text).
 */
function runOperators(page: PDFPage, run: Shaped, x: number, y: number, size: number): PDFOperator[] {
  const { glyphs, positions } = run.glyphs;
  const ids = run.font.encode(glyphs);
  const key = page.node.newFontDictionary(run.font.pdf.name, run.font.pdf.ref);
  const unit = 1000 / run.font.shaper.unitsPerEm;
  const scale = size / run.font.shaper.unitsPerEm;
  const shown: (PDFNumber | PDFHexString)[] = [];
  const apart: PDFOperator[] = [];
  let pen = 0;
  let cursor = 0;
  glyphs.forEach((glyph, i) => {
    const { xAdvance, xOffset, yOffset } = positions[i]!;
    if (glyph.codePoints.length === 0) {
      apart.push(beginText(), setFontAndSize(key, size), moveText(x + (pen + xOffset) * scale, y + yOffset * scale));
      apart.push(PDFOperator.of(PDFOperatorNames.ShowText, [PDFHexString.of(ids[i]!)]), endText());
    } else {
      const target = pen + xOffset;
      if (target !== cursor) shown.push(PDFNumber.of(-(target - cursor) * unit));
      shown.push(PDFHexString.of(ids[i]!));
      cursor = target + glyph.advanceWidth;
    }
    pen += xAdvance;
  });
  const line = [beginText(), setFontAndSize(key, size), moveText(x, y)];
  line.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [page.doc.context.obj(shown)]), endText());
  return [...line, ...apart];
}
