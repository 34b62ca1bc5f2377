/**
 * The router's own request and response: plain objects, so the node:http adapter never builds
 * WHATWG Request/Response objects (the standalone server's throughput depends on it).
 */

/** Header lookup, case-insensitive, as both `Headers` and a small node adapter provide it. */
export interface HeaderReader {
  get(name: string): string | null;
  /** Every header, names in lower case (the request journal lists them; `Headers` has it too). */
  entries?(): Iterable<[string, string]>;
  /** Every header as sent, names (in any case) and values alternating: what node:http parsed, listed without a copy. */
  pairs?(): readonly string[];
}

export interface MockRequest {
  method: string;
  /**
   * `scheme://host[:port]` the request was sent to, when known (fetch and msw). Undefined on the
   * standalone server, where all three API families share one origin and are told apart by path.
   */
  origin?: string;
  /** Path without the query string, still percent-encoded. */
  pathname: string;
  /** Query string without the leading `?` (may be empty). */
  search: string;
  headers: HeaderReader;
  /** Raw body text; null or '' when the request has none. */
  bodyText: string | null;
  /** Set by an adapter that stopped reading a body over the size limit. */
  bodyTooLarge?: boolean;
}

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text, '' for 204, or the bytes of a file (a report as PDF, Excel, CSV). */
  body: string | Uint8Array;
  /** The response is lost on the way back: adapters turn it into a network error (fault injection). */
  networkError?: boolean;
}

/** A header reader over a plain record whose keys are already lower case. */
export function recordHeaders(record: Record<string, string | string[] | undefined>): HeaderReader {
  return {
    get(name) {
      const value = record[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
    *entries() {
      for (const [name, value] of Object.entries(record)) {
        if (value !== undefined) yield [name, Array.isArray(value) ? value.join(', ') : value];
      }
    },
  };
}

/**
 * A header reader over node:http's `rawHeaders` (names as sent, values alternating), so a request never
 * builds `IncomingMessage.headers`; repeated headers read as one, joined with `, `, as `Headers` joins them.
 */
export function rawHeaderReader(raw: readonly string[]): HeaderReader {
  return new RawHeaders(raw);
}

// A class, not an object of closures: one allocation a request.
class RawHeaders implements HeaderReader {
  constructor(readonly raw: readonly string[]) {}

  get(name: string): string | null {
    const wanted = name.toLowerCase();
    const raw = this.raw;
    let found: string | null = null;
    for (let i = 0; i < raw.length; i += 2) {
      const key = raw[i];
      if (key.length !== wanted.length || (key !== wanted && key.toLowerCase() !== wanted)) continue;
      found = found === null ? raw[i + 1] : `${found}, ${raw[i + 1]}`;
    }
    return found;
  }

  pairs(): readonly string[] {
    return this.raw;
  }
}

/** Splits `/path?query` without building a URL object. */
export function splitTarget(target: string): { pathname: string; search: string } {
  const q = target.indexOf('?');
  return q < 0 ? { pathname: target, search: '' } : { pathname: target.slice(0, q), search: target.slice(q + 1) };
}
