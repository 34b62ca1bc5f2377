// Text for a PDF's faces: one line of characters they draw. Where no embedded font is at hand (REP-95), the
// standard fonts encode WinAnsi (Windows-1252) only: what they cannot encode is transliterated or replaced,
// never thrown (decision REP-13).

/** What measures text: a face (pdf-faces.ts) or a pdf-lib font. */
export interface TextMeasure {
  widthOfTextAtSize(text: string, size: number): number;
}

/** Letters no Unicode decomposition reduces to a WinAnsi one, and signs written out. */
const TRANSLITERATIONS: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
  ŋ: 'ng',
  Ŋ: 'NG',
  ĸ: 'k',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2044': '/',
  '\u2215': '/',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2248': '~',
  '\u20b9': 'Rs',
  '\u20a9': 'W',
  '\u20ba': 'TL',
  '\u20bd': 'RUB',
  '\u20ab': 'd',
  '\u20b1': 'P',
  '\u0e3f': 'B',
  '\u20a6': 'N',
};

/** Turns any text into text the face can draw: one line, its characters in the face's set. */
export function textFor(face: { canDraw(codePoint: number): boolean }): (text: string) => string {
  const cache = new Map<string, string>();
  const supported = { has: (code: number) => face.canDraw(code) };
  const drawable = (char: string): string => {
    const code = char.codePointAt(0)!;
    if (supported.has(code)) return char;
    if (/\s/u.test(char)) return ' ';
    if (/\p{Cc}|\p{Cf}/u.test(char)) return '';
    const known = TRANSLITERATIONS[char];
    if (known !== undefined) return known;
    // é is in WinAnsi, ā is not: a decomposed letter without its marks (ā -> a, ő -> o, Ａ -> A, ﬁ -> fi).
    const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
    if (plain !== '' && [...plain].every((c) => supported.has(c.codePointAt(0)!))) return plain;
    return '?';
  };
  return (text) => {
    let out = '';
    // A letter and its accents written apart (e + U+0301) are drawn as the one letter they make.
    for (const char of text.normalize('NFC')) {
      let drawn = cache.get(char);
      if (drawn === undefined) cache.set(char, (drawn = drawable(char)));
      out += drawn;
    }
    return out;
  };
}

const ELLIPSIS = '\u2026';
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Where `text` may be cut: after each grapheme (a Tamil syllable or a letter with its marks stays whole). */
const cutPoints = (text: string): number[] => [0, ...[...graphemes.segment(text)].map((part) => part.index + part.segment.length)];

/** `text` (drawable already) cut with an ellipsis so that it is at most `width` wide. */
export function fitText(text: string, font: TextMeasure, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  if (font.widthOfTextAtSize(ELLIPSIS, size) > width) return '';
  // The longest prefix that fits with the ellipsis: a binary search over the graphemes.
  const cuts = cutPoints(text);
  let low = 0;
  let high = cuts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (font.widthOfTextAtSize(text.slice(0, cuts[middle]).trimEnd() + ELLIPSIS, size) <= width) low = middle;
    else high = middle - 1;
  }
  return text.slice(0, cuts[low]).trimEnd() + ELLIPSIS;
}

/** Han, kana and Hangul: a line may break between any two of them (Unicode line breaking, UAX #14, class ID). */
const IDEOGRAPHS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

/** Where a line may break: the words at spaces, and each ideograph, each with what joins it to the piece before. */
function linePieces(text: string): { piece: string; glue: string }[] {
  return text.split(' ').flatMap((word, w) => {
    const pieces = word.match(IDEOGRAPHS) ?? [''];
    return pieces.map((piece, p) => ({ piece, glue: p > 0 ? '' : w > 0 ? ' ' : '' }));
  });
}

/** `text` (drawable already) broken into lines at most `width` wide; a word longer than a line is cut. */
export function wrapText(text: string, font: TextMeasure, size: number, width: number, maxLines = 20): string[] {
  const lines: string[] = [];
  let line = '';
  for (const { piece, glue } of linePieces(text)) {
    const candidate = line === '' ? piece : `${line}${glue}${piece}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = fitText(piece, font, size, width);
  }
  lines.push(line);
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), fitText(lines.slice(maxLines - 1).join(' ') + ELLIPSIS, font, size, width)];
}
