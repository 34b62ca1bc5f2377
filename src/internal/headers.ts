import type { HeadersInput } from '../core/request-options.js';

// Leading and trailing HTTP whitespace, which `Headers` strips from a value (Fetch standard, "normalize").
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** Header names are case-insensitive: stored lower-case, so a caller's `X-Request-ID` replaces the SDK's. */
export function applyHeaders(headers: Record<string, string>, extra: HeadersInput): void {
  setHeaders(headers, normalizeHeaders(extra));
}

/** `applyHeaders`' work done once, for the client's headers: `[lower-case name, trimmed value or null]`. */
export function normalizeHeaders(extra: HeadersInput): [string, string | null][] {
  const out: [string, string | null][] = [];
  for (const name of Object.keys(extra)) {
    const value = extra[name];
    if (value !== undefined) out.push([name.toLowerCase(), value === null ? null : value.replace(HTTP_WHITESPACE, '')]);
  }
  return out;
}

export function setHeaders(headers: Record<string, string>, normalized: [string, string | null][]): void {
  for (const [name, value] of normalized) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
}
