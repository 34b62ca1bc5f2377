import type { AnyEndpoint } from '../../src/contract/index.js';
import { LIVE_KEY_PREFIX, TEST_KEY_PREFIX } from '../../src/core/environments.js';
import type { MockClock } from './clock.js';
import { ServiceError } from './errors.js';
import { findApiKey, findCompany } from '../domain/platform/tenancy.js';
import { codeForStatus, failureBody, successBody } from './envelope.js';
import { RouteTable, type ApiBases, type RouteMatch } from './match.js';
import { parseForm } from './form.js';
import { parseQuery } from './query.js';
import { RawResponse } from './raw.js';
import type { MockRequest, MockResponse } from './request.js';
import { parseOrRefuse } from './validation.js';
import type { Fault, Faults } from './faults.js';
import { bodyFingerprint, IDEMPOTENCY_KEY_MAX_LENGTH, IdempotencyRecords } from './idempotency.js';
import type { RateLimitDecision, RateLimiter } from './rate-limit.js';
import type { Principal, Route, RouteContext } from './route.js';
import type { Store } from '../store/index.js';

/** Largest request body accepted (413 PAYLOAD_TOO_LARGE above it); the spec gives no number. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface MockLogger {
  error(message: string, error?: unknown): void;
}

export interface RouterOptions {
  routes: readonly Route[];
  store: Store;
  clock: MockClock;
  bases: ApiBases;
  faults: Faults;
  rateLimiter: RateLimiter;
  idempotency: IdempotencyRecords;
  logger?: MockLogger;
  /** Check every success `data` against the endpoint's response schema (a 500 when it does not fit). */
  validateResponses?: boolean;
  /** Resolves a bearer value that is not an API key (OAuth access tokens); null: not a valid token. */
  authenticateToken?: (token: string) => Principal | null;
}

/** A response the service should hold back for a while (fault `delayMs`). */
export interface RoutedResponse extends MockResponse {
  delayMs?: number;
}

/** Per-request facts every response carries in its headers. */
interface Exchange {
  requestId: string;
  started: number;
  rate: RateLimitDecision;
  /** Set once the route handler ran: its outcome is what an idempotency key replays. */
  handlerRan: boolean;
  remember: ((response: MockResponse) => void) | null;
}

const ANONYMOUS: Principal = { kind: 'api_key', id: 'anonymous', scopes: [], companyIds: [], actor: 'anonymous' };
const REQUEST_ID = /^[\x21-\x7e]{1,200}$/;
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const now = () => globalThis.performance.now();

const unauthorized = (message: string) =>
  new ServiceError(401, 'UNAUTHORIZED', message, [{ field: 'authorization', message, code: 'INVALID_API_KEY' }], {
    'WWW-Authenticate': 'Bearer',
  });

/**
 * Applies the contract to a request (DESIGN "One contract, three consumers"): matching, API-key
 * auth, company, scope, rate limit, body and query validation, idempotency, the route call inside
 * one store transaction, and the spec's envelopes. Synchronous, on plain request objects.
 */
export class Router {
  readonly table: RouteTable;
  readonly #o: RouterOptions;
  readonly #logger: MockLogger;

  constructor(options: RouterOptions) {
    this.#o = options;
    this.table = new RouteTable(options.routes, options.bases);
    this.#logger = options.logger ?? { error: (message, error) => console.error(message, error) };
  }

  handle(req: MockRequest): RoutedResponse {
    const method = req.method.toUpperCase();
    const sentId = req.headers.get('x-request-id');
    const x: Exchange = {
      requestId: sentId !== null && REQUEST_ID.test(sentId) ? sentId : this.#o.store.ids.next('req', 20),
      started: now(),
      rate: this.#o.rateLimiter.unidentified(),
      handlerRan: false,
      remember: null,
    };
    const matched = this.table.match(method, req.origin, req.pathname);
    const found = matched.kind === 'found' ? matched.match : null;
    const fault = this.#o.faults.take({
      method,
      pathname: req.pathname,
      familyPath: matched.kind === 'found' ? matched.match.path : matched.path,
      endpointPath: found?.route.endpoint.path ?? null,
    });
    if (fault && fault.options.stage !== 'after') return this.#faultResponse(fault, x);

    let response: MockResponse;
    try {
      if (matched.kind === 'none') {
        throw new ServiceError(404, 'NOT_FOUND', `No endpoint ${method} ${req.pathname}`, [
          { resource: 'endpoint', id: req.pathname, field: 'path' },
        ]);
      }
      if (matched.kind === 'method') {
        const allow = matched.allow.join(', ');
        throw new ServiceError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${req.pathname}; allowed: ${allow}`, [{ method, allowed: matched.allow }], {
          Allow: allow,
        });
      }
      response = this.#dispatch(req, method, matched.match, x);
    } catch (error) {
      response = this.#routeRefusal(error, req, x, found?.route) ?? this.#errorResponse(error, x, found?.route.endpoint);
    }
    if (x.handlerRan && x.remember && response.status < 500) x.remember(response);
    if (fault) return this.#faultResponse(fault, x);
    return response;
  }

  #dispatch(req: MockRequest, method: string, match: RouteMatch, x: Exchange): MockResponse {
    const { route, family, path } = match;
    const endpoint = route.endpoint;
    const { store, clock } = this.#o;

    let principal = ANONYMOUS;
    let companyId = '';
    if (endpoint.auth) {
      principal = this.#authenticate(req.headers.get('authorization'));
      x.rate = this.#o.rateLimiter.hit(principal.id);
      if (x.rate.exceeded) throw rateLimited(x.rate, clock);
      companyId = this.#company(req.headers.get('x-company-id'), principal);
      checkScope(endpoint, principal);
    }

    // Body: size, media type, JSON syntax; then an idempotency key may replay a stored outcome.
    const hasBody = req.bodyText !== null && req.bodyText !== '';
    if (req.bodyTooLarge || (hasBody && byteLength(req.bodyText!) > MAX_BODY_BYTES)) {
      throw new ServiceError(413, 'PAYLOAD_TOO_LARGE', `The request body is over ${MAX_BODY_BYTES} bytes`, [
        { field: 'body', message: 'body too large', code: 'MAX_VALUE', constraint: MAX_BODY_BYTES },
      ]);
    }
    let rawBody: unknown = undefined;
    const type = req.headers.get('content-type') ?? '';
    if (hasBody && endpoint.body && FORM_TYPE.test(type) && endpoint.requestContentTypes?.includes('application/x-www-form-urlencoded')) {
      // RFC 6749 §4.1.3: the token endpoint's standard body; a repeated name becomes an array, which the schema refuses.
      rawBody = parseForm(req.bodyText!);
    } else if (hasBody && endpoint.body) {
      if (!JSON_TYPE.test(type)) {
        throw new ServiceError(415, 'UNSUPPORTED_MEDIA_TYPE', 'A request body must be JSON sent with Content-Type: application/json', [
          { field: 'content-type', message: 'expected application/json', code: 'INVALID_FORMAT', value: type || null, constraint: 'application/json' },
        ]);
      }
      try {
        rawBody = JSON.parse(req.bodyText!);
      } catch (error) {
        const message = error instanceof Error ? error.message : 'not JSON';
        throw new ServiceError(400, 'INVALID_REQUEST', `The request body is not valid JSON: ${message}`, [
          { field: 'body', message, code: 'INVALID_FORMAT' },
        ]);
      }
    }

    const idempotencyKey = WRITE_METHODS.has(method) ? req.headers.get('idempotency-key') : null;
    if (idempotencyKey !== null && endpoint.auth) {
      const replayed = this.#idempotency(idempotencyKey, { principal, companyId, method, path: `${family}:${path}` }, rawBody, x);
      if (replayed) return replayed;
    }

    const { values, filters } = parseQuery(req.search, endpoint);
    const params = endpoint.params ? parseOrRefuse(endpoint.params, match.params, match.params, 'path', 'path parameters') : match.params;
    const query = endpoint.query ? parseOrRefuse(endpoint.query, values, values, 'query', 'query') : {};
    // A missing body validates as `{}` (each required field reported) while `value`s read from nothing.
    const body = endpoint.body ? parseOrRefuse(endpoint.body, hasBody ? rawBody : {}, hasBody ? rawBody : undefined, 'body', 'request body') : undefined;

    const ctx: RouteContext = {
      store,
      clock,
      companyId,
      params: params as never,
      query: query as never,
      body: body as never,
      filters,
      principal,
      requestId: x.requestId,
      bases: this.#o.bases,
      headers: req.headers,
    };
    const previous = store.context;
    store.context = { actor: principal.actor, requestId: x.requestId };
    x.handlerRan = true;
    let result: unknown;
    try {
      result = store.transaction(() => {
        const value = route.handle(ctx);
        if (value !== null && typeof (value as { then?: unknown })?.then === 'function') {
          throw new Error(`route ${endpoint.id} returned a promise; handlers are synchronous, like the store's transactions`);
        }
        return value;
      });
    } finally {
      store.context = previous;
    }
    return this.#success(endpoint, result, x);
  }

  /** Authenticates a bare API key or access token as a request's bearer value (the WebSocket stream's `auth` message). */
  authenticateBearer(token: string): Principal {
    return this.#authenticate(`Bearer ${token}`);
  }

  #authenticate(header: string | null): Principal {
    if (!header) throw unauthorized('Authorization header missing: send Authorization: Bearer <API key>');
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw unauthorized('Authorization must be Bearer <API key or access token>');
    const token = m[1];
    if (token.startsWith(LIVE_KEY_PREFIX)) {
      throw unauthorized(`This is the sandbox: it takes test keys (${TEST_KEY_PREFIX}...), not live keys`);
    }
    if (token.startsWith(TEST_KEY_PREFIX)) {
      const key = findApiKey(this.#o.store, token);
      if (!key) throw unauthorized('Unknown API key');
      if (key.mode !== 'test') throw unauthorized(`This is the sandbox: it takes test keys (${TEST_KEY_PREFIX}...), not live keys`);
      return { kind: 'api_key', id: key.id, scopes: key.scopes, companyIds: key.companyIds, actor: key.name };
    }
    const principal = this.#o.authenticateToken?.(token) ?? null;
    if (!principal) throw unauthorized('Not a valid API key or access token');
    return principal;
  }

  #company(header: string | null, principal: Principal): string {
    const companyId = header?.trim();
    if (!companyId) {
      throw new ServiceError(422, 'INVALID_COMPANY', 'X-Company-Id header is required', [
        { field: 'x-company-id', message: 'company id required', code: 'REQUIRED_FIELD' },
      ]);
    }
    if (!findCompany(this.#o.store, companyId)) {
      throw new ServiceError(422, 'INVALID_COMPANY', `No company with id ${companyId}`, [
        { field: 'x-company-id', message: 'unknown company id', code: 'INVALID_FORMAT', value: companyId },
      ]);
    }
    if (!principal.companyIds.includes(companyId)) {
      throw new ServiceError(403, 'FORBIDDEN', `This credential has no access to company ${companyId}`, [
        { field: 'x-company-id', message: 'company not granted to this credential', value: companyId },
      ]);
    }
    return companyId;
  }

  /** Replays a stored outcome, refuses a reused key, or arms storing this request's outcome. */
  #idempotency(
    key: string,
    scope: { principal: Principal; companyId: string; method: string; path: string },
    rawBody: unknown,
    x: Exchange,
  ): MockResponse | null {
    if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw new ServiceError(400, 'INVALID_REQUEST', `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`, [
        { field: 'idempotency-key', message: 'bad length', code: 'MAX_VALUE', constraint: IDEMPOTENCY_KEY_MAX_LENGTH },
      ]);
    }
    const records = this.#o.idempotency;
    const id = IdempotencyRecords.scope({ principalId: scope.principal.id, companyId: scope.companyId, method: scope.method, path: scope.path, key });
    const fingerprint = bodyFingerprint(rawBody);
    const found = records.lookup(id, fingerprint);
    if (found.kind === 'conflict') {
      throw new ServiceError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body', [
        { field: 'idempotency-key', message: 'key reused with another body', value: key },
      ]);
    }
    if (found.kind === 'replay') {
      const { status, headers, body } = found.response;
      return { status, headers: { ...headers, ...this.#commonHeaders(x, body !== ''), 'X-Request-ID': headers['X-Request-ID'], 'Idempotent-Replayed': 'true' }, body };
    }
    x.remember = (response) => {
      const { 'X-Response-Time': _t, 'X-RateLimit-Limit': _l, 'X-RateLimit-Remaining': _r, 'X-RateLimit-Reset': _s, ...kept } = response.headers;
      records.remember(id, fingerprint, { status: response.status, headers: kept, body: response.body });
    };
    return null;
  }

  #success(endpoint: AnyEndpoint, result: unknown, x: Exchange): MockResponse {
    if (result instanceof RawResponse) {
      const body = result.body === undefined ? '' : JSON.stringify(result.body);
      return { status: result.status, headers: { ...this.#commonHeaders(x, body !== ''), ...result.headers }, body };
    }
    const timestamp = this.#o.clock.iso();
    if (endpoint.status === 204) return { status: 204, headers: this.#commonHeaders(x, false), body: '' };
    let body: string;
    if (endpoint.list) {
      const page = result as { data?: unknown; pagination?: unknown } | null;
      if (!page || !Array.isArray(page.data) || typeof page.pagination !== 'object') {
        throw new Error(`list route ${endpoint.id} returned no { data, pagination }; use listPage()`);
      }
      if (this.#o.validateResponses) for (const item of page.data) checkResponse(endpoint, item);
      body = successBody(page.data, x.requestId, timestamp, page.pagination);
    } else {
      if (this.#o.validateResponses) checkResponse(endpoint, result);
      body = successBody(result ?? null, x.requestId, timestamp);
    }
    return { status: endpoint.status, headers: this.#commonHeaders(x, true), body };
  }

  /** A refusal written by the route's own `renderError` (the OAuth endpoints' RFC 6749 errors); null: the envelope. */
  #routeRefusal(error: unknown, req: MockRequest, x: Exchange, route: Route | undefined): MockResponse | null {
    if (!(error instanceof ServiceError) || !route?.renderError) return null;
    try {
      const { store, clock, bases } = this.#o;
      return this.#success(route.endpoint, route.renderError(error, { request: req, store, clock, bases }), x);
    } catch (failure) {
      return this.#errorResponse(failure, x, route.endpoint);
    }
  }

  #errorResponse(error: unknown, x: Exchange, endpoint: AnyEndpoint | undefined): MockResponse {
    const timestamp = this.#o.clock.iso();
    if (error instanceof ServiceError) {
      return {
        status: error.status,
        headers: { ...this.#commonHeaders(x, true), ...error.headers },
        body: failureBody(error, x.requestId, timestamp),
      };
    }
    // Any other throw is a bug in the mock: a 500 in the envelope, logged, never a crash.
    const message = error instanceof Error ? error.message : String(error);
    this.#logger.error(`[acs-mock] internal error in ${endpoint?.id ?? 'router'} (request ${x.requestId}): ${message}`, error);
    return {
      status: 500,
      headers: this.#commonHeaders(x, true),
      body: failureBody({ code: 'INTERNAL_ERROR', message: `Internal error in the mock: ${message}`, details: undefined }, x.requestId, timestamp),
    };
  }

  #faultResponse(fault: Fault, x: Exchange): RoutedResponse {
    const { status, headers, body, code, message, delayMs } = fault.options;
    if (status === undefined) return { status: 0, headers: {}, body: '', networkError: true, delayMs };
    const errorCode = code ?? codeForStatus(status);
    const text =
      body !== undefined
        ? typeof body === 'string'
          ? body
          : JSON.stringify(body)
        : failureBody({ code: errorCode, message: message ?? `Injected fault: ${status} ${errorCode}`, details: undefined }, x.requestId, this.#o.clock.iso());
    return { status, headers: { ...this.#commonHeaders(x, text !== ''), ...headers }, body: text, delayMs };
  }

  #commonHeaders(x: Exchange, json: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      'Cache-Control': 'no-store',
      'X-Request-ID': x.requestId,
      'X-RateLimit-Limit': String(x.rate.limit),
      'X-RateLimit-Remaining': String(x.rate.remaining),
      'X-RateLimit-Reset': String(x.rate.reset),
      'X-Response-Time': `${(now() - x.started).toFixed(2)}ms`,
    };
    if (json) headers['Content-Type'] = 'application/json';
    return headers;
  }
}

function checkScope(endpoint: AnyEndpoint, principal: Principal): void {
  const required = endpoint.scope;
  if (!required || principal.scopes.includes(required) || principal.scopes.includes('admin')) return;
  throw new ServiceError(403, 'FORBIDDEN', `This credential lacks the scope ${required}`, [
    { required_scope: required, current_scopes: [...principal.scopes] },
  ]);
}

function rateLimited(rate: RateLimitDecision, clock: MockClock): ServiceError {
  const { window, limit, retryAfter, resetAt } = rate.exceeded!;
  const per = window === 'hour' ? 'per hour' : 'per second';
  return new ServiceError(
    429,
    'RATE_LIMIT_EXCEEDED',
    `Rate limit of ${limit} requests ${per} exceeded; retry after ${retryAfter} s`,
    [{ limit, remaining: 0, resetTime: new Date(Math.max(resetAt, clock.nowMs())).toISOString(), retryAfter }],
    { 'Retry-After': String(retryAfter) },
  );
}

function checkResponse(endpoint: AnyEndpoint, data: unknown): void {
  const result = endpoint.response.safeParse(data);
  if (!result.success) {
    const where = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`response of ${endpoint.id} does not fit its contract schema: ${where}`);
  }
}

const encoder = new TextEncoder();
/** UTF-8 size; skips the encoding when even 3 bytes per character would fit. */
function byteLength(text: string): number {
  return text.length * 3 <= MAX_BODY_BYTES ? text.length : encoder.encode(text).length;
}
