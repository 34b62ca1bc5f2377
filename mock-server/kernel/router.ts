import type { AnyEndpoint } from '../../src/contract/index.js';
import type { MockClock } from './clock.js';
import type { TransactionalStore } from './context.js';
import { apiKeyRefused, bearerToken, checkPermission, checkScope, companyOf, rateLimited, tenantOf } from './admission.js';
import { readBody, type Body } from './body.js';
import { ServiceError, unauthorized } from './errors.js';
import { boundText } from './echo.js';
import { successBody } from './envelope.js';
import {
  checkResponse,
  type MockLogger,
  commonHeaders,
  errorResponse,
  faultResponse,
  now,
  type Exchange,
  type Remember,
} from './answers.js';
import { RouteTable, type ApiBases, type MatchResult, type RouteMatch } from './match.js';
import { parseQuery } from './query.js';
import { DataWithHeaders, FileResponse, RawResponse, attachmentDisposition } from './raw.js';
import type { MockRequest, MockResponse } from './request.js';
import { parseOrRefuse } from './validation.js';
import type { StageProfile } from './profile.js';
import type { Faults } from './faults.js';
import { bodyDigest, IDEMPOTENCY_KEY_MAX_LENGTH, IdempotencyRecords } from './idempotency.js';
import type { RateLimiter } from './rate-limit.js';
import type { ListResult, Principal, Route, RouteContext } from './route.js';
import { maskText } from './mask.js';
import type { ExchangeNote } from './journal.js';

export { MAX_BODY_BYTES } from './body.js';

export type { MockLogger } from './answers.js';

/**
 * What the router is given: the routes and the ports it drives. It knows no concrete store and no
 * domain (ARCHITECTURE.md, "Dependencies point one way": the kernel depends on nothing above it);
 * service.ts supplies them.
 */
export interface RouterOptions<S extends TransactionalStore = TransactionalStore> {
  routes: readonly Route<AnyEndpoint, S>[];
  /** Each request runs in one of its transactions, answer included. */
  store: S;
  clock: MockClock;
  bases: ApiBases;
  faults: Faults;
  rateLimiter: RateLimiter;
  idempotency: IdempotencyRecords;
  logger?: MockLogger;
  /** Check every success `data` against the endpoint's response schema (a 500 when it does not fit). */
  validateResponses?: boolean;
  /**
   * The principal of a bearer value (API key or access token); null when it is no credential at all
   * (the router's generic 401). Throws a 401 `ServiceError` for a known kind that cannot be used.
   */
  authenticate: (token: string) => Principal | null;
  /** Whether a company with this id exists. */
  companyExists: (companyId: string) => boolean;
}

/** A response the service should hold back for a while (fault `delayMs`). */
export interface RoutedResponse extends MockResponse {
  delayMs?: number;
  /** A file answer's bytes, made after the transaction by the adapter's request path (see `createHandle`). */
  render?: () => Promise<Uint8Array> | Uint8Array;
}

/** Who asks, for which company. */
interface Caller {
  principal: Principal;
  companyId: string;
}

const ANONYMOUS: Principal = { kind: 'api_key', id: 'anonymous', scopes: [], companyIds: [], actor: 'anonymous' };
const REQUEST_ID = /^[\x21-\x7e]{1,200}$/;
// A sent request id is echoed in every answer and log line: one that carries a credential is replaced.
const looksSecret = (text: string) => maskText(text) !== text;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Applies the contract to a request (ARCHITECTURE.md, "One contract, three consumers"): matching, API-key
 * auth, company, scope, rate limit, body and query validation, idempotency, the route call inside
 * one store transaction, and the spec's envelopes. Synchronous, on plain request objects.
 */
export class Router<S extends TransactionalStore = TransactionalStore> {
  readonly table: RouteTable;
  readonly #o: RouterOptions<S>;
  readonly #logger: MockLogger;
  /** Set by the request-cost bench alone: each request's time split by stage. */
  stageProfile: StageProfile | null = null;

  constructor(options: RouterOptions<S>) {
    this.#o = options;
    this.table = new RouteTable(options.routes as readonly Route[], options.bases);
    this.#logger = options.logger ?? { error: (message, error) => console.error(message, error) };
  }

  /**
   * `matched`: the route table's match of this request, when the caller has made it already; `note`: what
   * the request journal learns of it (its request id before anything commits, then who asked, for which company).
   */
  handle(req: MockRequest, matched?: MatchResult, note?: ExchangeNote): RoutedResponse {
    const sentId = req.headers.get('x-request-id');
    const x: Exchange = {
      requestId: sentId !== null && REQUEST_ID.test(sentId) && !looksSecret(sentId) ? sentId : this.#o.store.ids.next('req', 20),
      started: now(),
      rate: this.#o.rateLimiter.unidentified(),
      remember: null,
      lap: this.stageProfile ? now() : 0,
    };
    if (!note) return this.#handle(req, matched, x);
    note.requestId = x.requestId;
    try {
      return this.#handle(req, matched, x);
    } finally {
      note.principal = x.principal;
      note.companyId = x.companyId;
    }
  }

  #handle(req: MockRequest, matched: MatchResult | undefined, x: Exchange): RoutedResponse {
    const profile = this.stageProfile;
    const method = req.method.toUpperCase();
    matched ??= this.table.match(method, req.origin, req.pathname);
    const found = matched.kind === 'found' ? matched.match : null;
    const fault = this.#o.faults.take({
      method,
      pathname: req.pathname,
      familyPath: matched.kind === 'found' ? matched.match.path : matched.path,
      endpointPath: found?.route.endpoint.path ?? null,
    });
    if (fault && fault.options.stage !== 'after') return faultResponse(fault, x, this.#o.clock);
    if (profile) x.lap = profile.lap('match', x.lap);

    let response: RoutedResponse;
    try {
      if (matched.kind === 'none') {
        throw new ServiceError('NOT_FOUND', `No endpoint ${method} ${boundText(req.pathname)}`, [
          { resource: 'endpoint', id: req.pathname, field: 'path' },
        ]);
      }
      if (matched.kind === 'method') {
        const allow = matched.allow.join(', ');
        throw new ServiceError(
          'METHOD_NOT_ALLOWED',
          `${method} is not allowed on ${boundText(req.pathname)}; allowed: ${allow}`,
          [{ method, allowed: matched.allow }],
          {
            Allow: allow,
          },
        );
      }
      response = this.#dispatch(req, method, matched.match, x);
    } catch (error) {
      response =
        this.#routeRefusal(error, req, x, found?.route) ?? errorResponse(error, x, found?.route.endpoint, this.#o.clock, this.#logger);
    }
    // A file answer is made after this point, so it is not kept for replay; its request runs again instead.
    if (x.remember && response.status < 500 && !response.render) x.remember(response);
    if (fault) return faultResponse(fault, x, this.#o.clock);
    if (profile) profile.requests++;
    return response;
  }

  /** Admission, body, idempotency, validation, then the handler and its answer in one transaction. */
  #dispatch(req: MockRequest, method: string, match: RouteMatch, x: Exchange): RoutedResponse {
    const endpoint = match.route.endpoint;
    const profile = this.stageProfile;
    const caller = !endpoint.auth
      ? { principal: ANONYMOUS, companyId: '' }
      : endpoint.api === 'data'
        ? this.#admitSignedIn(req, endpoint, x)
        : this.#admit(req, endpoint, x);
    if (profile) x.lap = profile.lap('admission', x.lap);
    const body = readBody(req, endpoint);

    const idempotencyKey = WRITE_METHODS.has(method) ? req.headers.get('idempotency-key') : null;
    let remember: Remember | null = null;
    if (idempotencyKey !== null && endpoint.auth) {
      const outcome = this.#idempotency(idempotencyKey, caller, method, `${match.family}:${match.path}`, body.raw, x);
      if (typeof outcome !== 'function') return outcome;
      remember = outcome;
    }
    if (profile) x.lap = profile.lap('body', x.lap);
    const ctx = this.#context(req, match, caller, body, x);
    if (profile) x.lap = profile.lap('validation', x.lap);
    // Armed only now: a request refused before its handler runs (query, body) is not remembered.
    x.remember = remember;
    return this.#run(match.route as Route<AnyEndpoint, S>, ctx, x);
  }

  /** API key or token, rate limit, company, scope: who may ask, for which company. */
  #admit(req: MockRequest, endpoint: AnyEndpoint, x: Exchange): Caller {
    const principal = this.#authenticate(req.headers.get('authorization'));
    x.principal = principal;
    x.rate = this.#o.rateLimiter.hit(principal.id);
    if (x.rate.exceeded) throw rateLimited(x.rate, this.#o.clock);
    const companyId = companyOf(req.headers.get('x-company-id'), principal, this.#o.companyExists);
    x.companyId = companyId;
    checkScope(endpoint, principal);
    return { principal, companyId };
  }

  /**
   * The data-management API (spec document 3, "Authentication"): a signed-in user's access token, rate
   * limited like any credential, the endpoint's one permission check, and on the tenant surface the
   * tenant of `X-Tenant-Code` as the company (none on the platform surface).
   */
  #admitSignedIn(req: MockRequest, endpoint: AnyEndpoint, x: Exchange): Caller {
    const principal = this.#authenticate(req.headers.get('authorization'));
    x.principal = principal;
    x.rate = this.#o.rateLimiter.hit(principal.id);
    if (x.rate.exceeded) throw rateLimited(x.rate, this.#o.clock);
    if (principal.kind !== 'access_token' || principal.userId === undefined) throw apiKeyRefused();
    checkPermission(endpoint, principal);
    const companyId = endpoint.permission?.tenant ? tenantOf(req.headers.get('x-tenant-code'), principal, this.#o.companyExists) : '';
    x.companyId = companyId;
    return { principal, companyId };
  }

  /** Path, query and body checked against the contract: what the handler gets. */
  #context(req: MockRequest, match: RouteMatch, caller: Caller, body: Body, x: Exchange): RouteContext<AnyEndpoint, S> {
    const endpoint = match.route.endpoint;
    const { values, filters } = parseQuery(req.search, endpoint);
    const params = endpoint.params ? parseOrRefuse(endpoint.params, match.params, match.params, 'path', 'path parameters') : match.params;
    const query = endpoint.query ? parseOrRefuse(endpoint.query, values, values, 'query', 'query', { invalid: endpoint.invalidQuery }) : {};
    // A missing body validates as `{}` (each required field reported) while `value`s read from nothing.
    const input = body.sent ? body.raw : {};
    const checked = endpoint.body
      ? parseOrRefuse(endpoint.body, input, body.sent ? body.raw : undefined, 'body', 'request body', { invalid: endpoint.invalid })
      : undefined;
    return {
      store: this.#o.store,
      clock: this.#o.clock,
      companyId: caller.companyId,
      params: params as never,
      query: query as never,
      body: checked as never,
      filters,
      principal: caller.principal,
      requestId: x.requestId,
      bases: this.#o.bases,
      headers: req.headers,
      rawBody: req.bodyText,
    };
  }

  /**
   * The handler and its answer in one store transaction: when the answer cannot be built (a presenter
   * throws, the response does not fit its schema, it cannot be serialised) the writes are undone and
   * the caller gets a 500, so a 500 never follows a committed write, and no stored record can break a read.
   */
  #run(route: Route<AnyEndpoint, S>, ctx: RouteContext<AnyEndpoint, S>, x: Exchange): RoutedResponse {
    const { store } = this.#o;
    const previous = store.context;
    const { kind, id, actor, scopes } = ctx.principal;
    const credential = { kind, id, name: actor, scopes };
    store.context = { actor, requestId: x.requestId, credential, userAgent: ctx.headers.get('user-agent') };
    const profile = this.stageProfile;
    try {
      const response = store.transaction(() => {
        const value = route.handle(ctx);
        if (profile) x.lap = profile.lap('store', x.lap);
        if (value !== null && typeof (value as { then?: unknown })?.then === 'function') {
          throw new Error(`route ${route.endpoint.id} returned a promise; handlers are synchronous, like the store's transactions`);
        }
        return this.#success(route.endpoint, value, x);
      });
      if (profile) x.lap = profile.lap('transaction', x.lap);
      return response;
    } finally {
      store.context = previous;
    }
  }

  /** Authenticates a bare API key or access token as a request's bearer value (the WebSocket stream's `auth` message). */
  authenticateBearer(token: string): Principal {
    return this.#authenticate(`Bearer ${token}`);
  }

  #authenticate(header: string | null): Principal {
    const principal = this.#o.authenticate(bearerToken(header));
    if (!principal) throw unauthorized('Not a valid API key or access token');
    return principal;
  }

  /** Replays a stored outcome, refuses a reused key, or returns what stores this request's outcome. */
  #idempotency(key: string, caller: Caller, method: string, path: string, rawBody: unknown, x: Exchange): MockResponse | Remember {
    if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw new ServiceError('INVALID_REQUEST', `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`, [
        { field: 'idempotency-key', message: 'bad length', code: 'MAX_VALUE', constraint: IDEMPOTENCY_KEY_MAX_LENGTH },
      ]);
    }
    const records = this.#o.idempotency;
    const id = IdempotencyRecords.scope({ principalId: caller.principal.id, companyId: caller.companyId, method, path, key });
    const fingerprint = bodyDigest(rawBody);
    const found = records.lookup(id, fingerprint);
    if (found.kind === 'conflict') {
      throw new ServiceError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body', [
        { field: 'idempotency-key', message: 'key reused with another body', value: key },
      ]);
    }
    if (found.kind === 'replay') {
      const { status, headers, body } = found.response;
      // The first answer's headers win over this request's: its request id, and a Content-Type of its own.
      return { status, headers: { ...commonHeaders(x, body !== ''), ...headers, 'Idempotent-Replayed': 'true' }, body };
    }
    return (response) => {
      const {
        'X-Response-Time': _t,
        'X-RateLimit-Limit': _l,
        'X-RateLimit-Remaining': _r,
        'X-RateLimit-Reset': _s,
        ...kept
      } = response.headers;
      // Only envelopes are remembered (a file answer is not: see `handle`).
      records.remember(id, fingerprint, { status: response.status, headers: kept, body: response.body as string });
    };
  }

  #success(endpoint: AnyEndpoint, result: unknown, x: Exchange): RoutedResponse {
    const profile = this.stageProfile;
    if (result instanceof FileResponse) {
      const { filename, contentType, render } = result.file;
      const headers = {
        ...commonHeaders(x, false),
        ...result.headers,
        'Content-Type': contentType,
        'Content-Disposition': attachmentDisposition(filename),
      };
      return { status: 200, headers, body: '', render };
    }
    let extraHeaders: Record<string, string> | undefined;
    let status: number = endpoint.status;
    if (result instanceof DataWithHeaders) {
      extraHeaders = result.headers;
      status = result.status ?? status;
      result = result.data;
    }
    if (result instanceof RawResponse) {
      const body = result.body === undefined ? '' : JSON.stringify(result.body);
      return { status: result.status, headers: { ...commonHeaders(x, body !== ''), ...result.headers }, body };
    }
    const timestamp = this.#o.clock.iso();
    if (endpoint.status === 204) return { status: 204, headers: commonHeaders(x, false), body: '' };
    let body: string;
    if (endpoint.list) {
      const page = result as { data?: unknown; pagination?: unknown } | null;
      if (!page || !Array.isArray(page.data) || typeof page.pagination !== 'object') {
        throw new Error(`list route ${endpoint.id} returned no { data, pagination }; use listPage()`);
      }
      if (this.#o.validateResponses) for (const item of page.data) checkResponse(endpoint, item);
      if (profile) x.lap = profile.lap('check', x.lap);
      const totalRecords = endpoint.api === 'data' ? ((page as ListResult).totalRecords ?? 0) : undefined;
      body = successBody(page.data, x.requestId, timestamp, page.pagination, totalRecords);
    } else {
      if (this.#o.validateResponses) checkResponse(endpoint, result);
      if (profile) x.lap = profile.lap('check', x.lap);
      body = successBody(result ?? null, x.requestId, timestamp);
    }
    if (profile) x.lap = profile.lap('serialise', x.lap);
    const headers = commonHeaders(x, true);
    if (profile) x.lap = profile.lap('headers', x.lap);
    return { status, headers: extraHeaders ? { ...headers, ...extraHeaders } : headers, body };
  }

  /** A refusal written by the route's own `renderError` (the OAuth endpoints' RFC 6749 errors); null: the envelope. */
  #routeRefusal(error: unknown, req: MockRequest, x: Exchange, route: Route | undefined): MockResponse | null {
    if (!(error instanceof ServiceError) || !route?.renderError) return null;
    try {
      const { store, clock, bases } = this.#o;
      return this.#success(route.endpoint, (route as Route<AnyEndpoint, S>).renderError!(error, { request: req, store, clock, bases }), x);
    } catch (failure) {
      return errorResponse(failure, x, route.endpoint, this.#o.clock, this.#logger);
    }
  }
}
