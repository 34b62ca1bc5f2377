/**
 * The opaque cursor of cursor-paged lists (spec document 1, "Pagination": "opaque, taken from the
 * previous nextCursor"): base64url of the last row's sort values and id, plus a seal over them and
 * the list they belong to. Keyset, not offset, so inserts between pages neither repeat nor skip rows.
 */
export interface CursorPosition {
  /** Sort values of the last row served, in sort-key order. */
  values: unknown[];
  /** Id of the last row served: the final tie-breaker. */
  id: string;
  /** `cursorSeal` of the position and the list the cursor was issued for. */
  query: string;
}

const VERSION = 2;

export function encodeCursor(position: CursorPosition): string {
  return toBase64Url(JSON.stringify([VERSION, position.query, position.id, ...position.values]));
}

/** The position a cursor names, or null when the text is not one of ours. */
export function decodeCursor(text: string): CursorPosition | null {
  if (text.length === 0 || text.length > 4096 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(text));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length < 3) return null;
  const [version, query, id, ...values] = parsed;
  if (version !== VERSION || typeof query !== 'string' || typeof id !== 'string') return null;
  if (!values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) return null;
  return { values, id, query };
}

/** What a cursor belongs to: one company's one list, read with one set of filters and one order. */
export interface CursorScope {
  /** Secret of the service that issues the cursor, so a cursor cannot be made up outside it. */
  secret: string;
  companyId: string;
  /** The endpoint: its list declaration and path parameters. */
  list: string;
  /** Filters, search and sort, without `cursor` and `limit` (which may change between pages). */
  query: string;
}

/**
 * The seal a cursor carries: 64 bits of two independent string hashes over the service's secret, the
 * scope and the position. A cursor of another company, another list or another query fails it; so
 * does one altered or written by hand, without the secret. (A mock's seal, not a cryptographic MAC.)
 */
export function cursorSeal(scope: CursorScope, id: string, values: readonly unknown[]): string {
  return hash64(JSON.stringify([scope.secret, scope.companyId, scope.list, scope.query, id, values]));
}

/**
 * Two multiplicative string hashes (FNV-1a and a murmur-style prime, each with a shift to mix the high bits
 * down) in one pass, as 16 hex digits: the seal, and the short name a long list declaration is sealed by.
 */
export function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    a ^= a >>> 15;
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

const ASCII = /^[\x00-\x7f]*$/;

// base64url over UTF-8 without node's Buffer, so the mock runs in browsers too.
function toBase64Url(text: string): string {
  // A cursor of ASCII values (nearly all) is its own binary string; only other text goes through UTF-8.
  if (ASCII.test(text)) return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
