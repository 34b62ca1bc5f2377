import { CONTROL_TOKEN_HEADER } from '../controls.js';

/**
 * Which browser origins may read the standalone server's answers. Loopback origins (a dev server on
 * `http://localhost:5173`, `http://127.0.0.1:*`, `http://[::1]:*`, and their https forms) always may;
 * `--cors` adds exact origins, or `*` for any. Credentials are never allowed: the SDK sends its key in
 * `Authorization`, which needs no cookies, and no CORS header ever carries a request's header value.
 */
export class CorsPolicy {
  readonly #origins: Set<string>;
  readonly #any: boolean;

  /** `extra`: origins as `scheme://host[:port]`, or `*`; a malformed one throws a TypeError. */
  constructor(extra: readonly string[] = []) {
    this.#any = extra.includes('*');
    this.#origins = new Set(extra.filter((o) => o !== '*').map(normalOrigin));
  }

  /** The `Access-Control-Allow-Origin` value for a request's `Origin`, or null when that origin may not read. */
  allowOrigin(origin: string | undefined): string | null {
    if (origin === undefined || origin === '') return null;
    if (isLoopbackOrigin(origin) || this.#origins.has(origin)) return origin;
    return this.#any ? '*' : null;
  }

  /** Headers added to every answer to an allowed origin. */
  static headers(allowed: string): Record<string, string> {
    return allowed === '*'
      ? { ...EXPOSE, 'Access-Control-Allow-Origin': '*' }
      : { ...EXPOSE, 'Access-Control-Allow-Origin': allowed, Vary: 'Origin' };
  }

  /** The answer to a preflight from an allowed origin: methods, the headers asked for (names only), a max age. */
  static preflight(allowed: string, requestedHeaders: string | undefined): Record<string, string> {
    return {
      ...CorsPolicy.headers(allowed),
      'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': allowedHeaders(requestedHeaders),
      'Access-Control-Max-Age': '600',
      ...(allowed === '*' ? {} : { Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers' }),
    };
  }
}

const EXPOSE = {
  'Access-Control-Expose-Headers':
    'X-Request-ID, X-Response-Time, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Idempotent-Replayed, Allow, WWW-Authenticate',
};
/** What the SDK and the controls send, allowed when a preflight names no headers or odd ones. */
const SDK_HEADERS = `Accept, Authorization, Content-Type, Idempotency-Key, User-Agent, X-API-Version, X-Company-Id, X-Request-ID, ${CONTROL_TOKEN_HEADER}`;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

/** The header names a preflight asks for, when they are plain names (never a value); else the SDK's. */
function allowedHeaders(requested: string | undefined): string {
  const names = (requested ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.length === 0 || names.length > 64 || !names.every((n) => TOKEN.test(n))) return SDK_HEADERS;
  return names.join(', ');
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * A loopback host: `localhost`, `127.0.0.1` or `::1` (bare, as `--host` takes it, or bracketed, as a
 * URL writes it). The one predicate for both CORS (which pages may read) and the standalone server's
 * controls (open on loopback, token elsewhere).
 */
export const isLoopback = (host: string): boolean => LOOPBACK_HOSTS.has(host);

/** `http(s)://localhost`, `127.0.0.1` or `[::1]`, on any port. */
export function isLoopbackOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopback(url.hostname) && url.origin === origin;
}

function normalOrigin(origin: string): string {
  const url = URL.canParse(origin.trim()) ? new URL(origin.trim()) : null;
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new TypeError(`cors: ${JSON.stringify(origin)} is not an origin (scheme://host[:port], e.g. http://192.168.1.20:5173) or *`);
  }
  return url.origin;
}
