/**
 * The opaque cursor of cursor-paged lists (spec document 1, "Pagination": "opaque, taken from the
 * previous nextCursor"): base64url of the last row's sort values and id, plus a fingerprint of the
 * query it belongs to. Keyset, not offset, so inserts between pages neither repeat nor skip rows.
 */
export interface CursorPosition {
  /** Sort values of the last row served, in sort-key order. */
  values: unknown[];
  /** Id of the last row served: the final tie-breaker. */
  id: string;
  /** Fingerprint of the query the cursor was issued for. */
  query: string;
}

const VERSION = 1;

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

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell one query's cursor from another's. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

// base64url over UTF-8 without node's Buffer, so the mock runs in browsers too.
function toBase64Url(text: string): string {
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
