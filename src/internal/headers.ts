import type { HeadersInput } from '../core/request-options.js';

// Leading and trailing HTTP whitespace, which `Headers` strips from a value (Fetch standard, "normalize").
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** Header names are case-insensitive: stored lower-case, so a caller's `X-Request-ID` replaces the SDK's. */
export function applyHeaders(headers: Record<string, string>, extra: HeadersInput): void {
  setHeaders(headers, normalizeHeaders(extra));
}

// A header name is an HTTP token; a value holds no NUL, CR or LF inside and only bytes (Fetch standard).
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const SUSPECT_VALUE = /[\0\n\r]|[^\0-\xff]/;

/**
 * A header the runtime would refuse throws its own `TypeError` here, before anything is sent, as it did
 * when ky built the request from these headers (fetch would report it as a failed request). A quick
 * look first (at the names too when the caller named headers); the runtime's `Headers` gives the verdict
 * and the message.
 */
export function checkHeaders(headers: Record<string, string>, callerNames: boolean): void {
  for (const name in headers) {
    if ((callerNames && !HEADER_NAME.test(name)) || SUSPECT_VALUE.test(headers[name])) {
      new Headers(headers);
      return;
    }
  }
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
