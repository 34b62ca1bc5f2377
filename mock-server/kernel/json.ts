/**
 * JSON from a caller, read with a bound on nesting (ARCHITECTURE.md: "nothing recurses without a bound"; MOCK-4):
 * the text is scanned before `JSON.parse`, so a deep document is refused without being built, and
 * everything after (validation, fingerprints, presenters, serialisation) works on shallow values.
 */

/** Deepest nesting of objects and arrays a request may send (the outermost object is level 1). */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether the JSON text nests objects and arrays deeper than `max` levels: one pass over the text,
 * brackets inside strings ignored. Text that is not JSON is answered as well as it can be; the parse
 * that follows refuses it.
 */
export function jsonDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  // Fewer brackets than `max` cannot nest deeper than `max`.
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

export type JsonReading =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'syntax'; message: string }
  | { ok: false; reason: 'depth'; message: string };

/** Parses caller JSON: refused as too deep before parsing, or as not JSON. */
export function readJson(text: string, maxDepth = MAX_JSON_DEPTH): JsonReading {
  if (jsonDeeperThan(text, maxDepth)) {
    return { ok: false, reason: 'depth', message: `objects and arrays are nested deeper than ${maxDepth} levels` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: 'syntax', message: error instanceof Error ? error.message : 'not JSON' };
  }
}
