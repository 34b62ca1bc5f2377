import ky, {
  HTTPError,
  NetworkError,
  SchemaValidationError,
  TimeoutError as KyTimeoutError,
  type KyInstance,
  type Options as KyOptions,
  type AfterResponseHook,
  type AfterResponseState,
  type Input as KyInput,
  type RetryOptions,
} from 'ky';
import type { Route } from './route.js';
import { checkingSchema, toResponseIssues, type ValidateMode } from './envelope.js';
import { randomId } from './env.js';
import type { EnvironmentUrls } from '../core/environments.js';
import { errorFromResponse } from './error-from-response.js';
import {
  AbortError,
  AcsError,
  ConfigurationError,
  ConnectionError,
  InvalidArgumentError,
  ResponseValidationError,
  TimeoutError,
} from '../core/errors.js';
import type { LevelledLogger } from '../core/logger.js';
import { parseRateLimit, type RateLimit } from '../core/rate-limit.js';
import type { HeadersInput, RequestOptions } from '../core/request-options.js';
import { checkMaxRetries, checkTimeout } from '../core/options.js';
import { retryOptions } from './retry.js';
import { serializeQuery } from './query.js';
import { redactUrl } from './redact.js';

/** Where the bearer credential comes from: a fixed key or token, or a function asked on every call. */
export interface CredentialSource {
  get(): string | undefined | Promise<string | undefined>;
  /** True when the value can change (a token source), so a retry asks again. */
  readonly refreshes: boolean;
  /**
   * Asked once per call on a 401 that says the token is invalid (a token manager refreshes): resolves to
   * the token to replay the call with, or undefined when nothing can be done. Its errors reach the caller as they are.
   */
  onUnauthorized?(rejectedToken: string): Promise<string | undefined>;
}

/** Everything a call needs that is shared by a client and its `withCompany()` copies. */
export interface TransportConfig {
  urls: EnvironmentUrls;
  credential: CredentialSource | undefined;
  timeout: number;
  maxRetries: number;
  /** Called at request time; undefined means `globalThis.fetch` as it is at that moment. */
  fetch: typeof globalThis.fetch | undefined;
  headers: HeadersInput;
  apiVersion: string | undefined;
  userAgent: string;
  /** `createLogger`'s wrapper: drops what is below the level and redacts the rest, so callers pass raw values. */
  logger: LevelledLogger;
  validate: ValidateMode;
}

/** The input of one call: path values by name, query and body. */
export interface CallInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** A parsed success body with the response it came in. */
export interface RawResult {
  body: unknown;
  response: Response;
  requestId: string | undefined;
  rateLimit: RateLimit | null;
}

/** Per-call state the hooks share through ky's `context` (ky copies `context` shallowly, so this object stays one). */
interface CallState {
  /** Set once the call was replayed after a token refresh: a second 401 is final. */
  replayed: boolean;
}
interface CallContext {
  auth?: boolean;
  endpoint?: string;
  state?: CallState;
  /** The headers the call sends (see `Attempt`): a new token goes here. */
  headers?: Record<string, string>;
}

/** Carries an error of the credential source through ky unchanged (ky would otherwise see an unknown failure). */
class CredentialFailure extends Error {
  constructor(readonly error: unknown) {
    super('credential source failed');
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** What a call reads from its endpoint's route, worked out once per route. */
interface PathTemplate {
  /** The path split around its `{param}`s: `literals[0] + param 0 + literals[1] + ...`. */
  literals: string[];
  names: string[];
  /** POST, PUT, PATCH: a JSON body. */
  body: boolean;
  /** POST, PUT, PATCH, DELETE: an `Idempotency-Key`. */
  write: boolean;
}

// Routes are made once, at load, and live as long as the program: keyed by the object.
const templates = new WeakMap<Route, PathTemplate>();

function templateOf(endpoint: Route): PathTemplate {
  let route = templates.get(endpoint);
  if (!route) {
    const literals: string[] = [];
    const names: string[] = [];
    let from = 0;
    for (const match of endpoint.path.matchAll(/\{(\w+)\}/g)) {
      literals.push(endpoint.path.slice(from, match.index));
      names.push(match[1]);
      from = match.index + match[0].length;
    }
    literals.push(endpoint.path.slice(from));
    route = { literals, names, body: BODY_METHODS.has(endpoint.method), write: WRITE_METHODS.has(endpoint.method) };
    templates.set(endpoint, route);
  }
  return route;
}

const invalidArgument = (endpoint: Route) => (message: string) => new InvalidArgumentError(`${endpoint.id}: ${message}`);

/**
 * What the SDK's `fetch` sends for each attempt of one call, and the attempt's timeout.
 *
 * ky runs the call (retries, backoff, `Retry-After`, hooks, errors) and calls this `fetch` once per
 * attempt; the attempt is sent from the call's own URL, headers and body, not from ky's `Request`. ky
 * would copy the headers into three `Headers` and its `Request` before fetch copies them once more; here
 * fetch builds its request from the plain object once. The headers object is the call's, so a new token
 * set on it by the retry hook goes out with the next attempt.
 *
 * The timeout replaces ky's (which races timers around fetch and again around the body read): each
 * attempt gets an abort signal (joined to the caller's with `AbortSignal.any`) and one timer, which runs
 * `timeout` ms for the response, then `timeout` ms again for its body, as ky's two timers did. When it
 * fires it aborts the attempt (fetch and body read stop) and rejects the step the call waits on with ky's
 * `TimeoutError`, so ky retries a timed-out attempt as before, even with a fetch that ignores the signal.
 * A `setTimeout`, not `AbortSignal.timeout()`: fake timers drive it, it is cleared when the call ends
 * instead of lingering until garbage collection, and Node restarts it in place (`refresh()`).
 */
class Attempt {
  readonly #timeout: number;
  readonly #signal: AbortSignal | undefined;
  readonly #config: TransportConfig;
  readonly #url: string;
  readonly #method: string;
  readonly #headers: Record<string, string>;
  readonly #body: string | undefined;
  readonly #redirect: RequestRedirect | undefined;
  #controller: AbortController | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #request: Request | undefined;
  /** Rejects the step the call waits on (the response, then the body), when the timer fires. */
  #reject: ((error: unknown) => void) | undefined;
  #timedOut = false;

  constructor(
    config: TransportConfig,
    call: { url: string; method: string; headers: Record<string, string>; body: string | undefined; redirect?: RequestRedirect },
    timeout: number,
    signal: AbortSignal | undefined,
  ) {
    this.#config = config;
    this.#url = call.url;
    this.#method = call.method;
    this.#headers = call.headers;
    this.#body = call.body;
    this.#redirect = call.redirect;
    this.#timeout = timeout;
    this.#signal = signal;
  }

  /** ky's `fetch` for this call: one attempt, with a fresh signal and the timer started over. */
  readonly fetch = (input: KyInput, init?: RequestInit): Promise<Response> => {
    // ky passes the attempt's `Request` (kept for ky's `TimeoutError`) and any fetch-only options.
    this.#request = input as Request;
    this.#timedOut = false;
    const controller = (this.#controller = new AbortController());
    const attemptInit: RequestInit = {
      ...init,
      method: this.#method,
      headers: this.#headers,
      body: this.#body,
      signal: this.#signal ? AbortSignal.any([this.#signal, controller.signal]) : controller.signal,
    };
    if (this.#redirect) attemptInit.redirect = this.#redirect;
    // Looked up per attempt, so an msw server started after the client still intercepts it.
    const fetch = this.#config.fetch ?? globalThis.fetch;
    return new Promise<Response>((resolve, reject) => {
      this.#reject = reject;
      this.#start();
      fetch(this.#url, attemptInit).then((response) => {
        if (this.#timedOut) return;
        // The body gets its own `timeout`, from now.
        this.#reject = undefined;
        this.#start();
        resolve(response);
      }, reject);
    });
  };

  /** (Re)starts the timer: in place where the runtime can (Node's `refresh()`), else a new one. */
  #start(): void {
    const timer = this.#timer;
    if (typeof timer === 'object' && typeof timer.refresh === 'function') {
      timer.refresh();
    } else {
      clearTimeout(timer);
      this.#timer = setTimeout(expire, this.#timeout, this);
    }
  }

  /** `read` (of the last response's body), rejected with ky's `TimeoutError` if the timer fires first. */
  guard<T>(read: Promise<T>): Promise<T> {
    const timedOut = this.timeoutError();
    if (timedOut) {
      read.catch(() => undefined);
      return Promise.reject(timedOut);
    }
    return new Promise<T>((resolve, reject) => {
      this.#reject = reject;
      read.then(resolve, reject);
    });
  }

  /** Called by the timer. */
  expire(): void {
    this.#timer = undefined;
    this.#timedOut = true;
    this.#controller?.abort(new DOMException('The attempt timed out.', 'TimeoutError'));
    const reject = this.#reject;
    this.#reject = undefined;
    if (reject) reject(this.timeoutError());
  }

  /** ky's `TimeoutError` when the last attempt timed out (a failed body read is then its consequence). */
  timeoutError(): KyTimeoutError | undefined {
    return this.#timedOut && this.#request ? new KyTimeoutError(this.#request) : undefined;
  }

  /** The call is over: no timer is left behind. */
  end(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#reject = undefined;
  }
}

function expire(attempt: Attempt): void {
  attempt.expire();
}

/**
 * The one place the SDK does HTTP: turns a contract endpoint and its input into a call that ky runs
 * (retries, hooks) and `Attempt` sends (headers, body, timeout), and the response into a parsed body or
 * an `AcsError`.
 */
export class Transport {
  readonly config: TransportConfig;
  /** ky's defaults of this client: the hooks below, no ky timeout (see `Attempt`). */
  readonly #kyDefaults: KyOptions;
  /** One ky instance per retry limit, with its retry options among the instance's defaults. */
  readonly #kyByLimit = new Map<number, { ky: KyInstance; retry: RetryOptions }>();
  readonly #retryHook: boolean;
  readonly #replayHook: boolean;
  readonly #debug: boolean;
  /** Base of each API family, without trailing slashes. */
  readonly #bases: Record<Route['api'], string>;
  /** The client's own headers, lower-cased and trimmed once. */
  readonly #clientHeaders: [name: string, value: string | null][];

  constructor(config: TransportConfig) {
    this.config = config;
    // ky merges its hooks into every call; the retry hook is installed only when it has work to do
    // (a token that can change, or retries to log), which keeps the common call cheaper.
    this.#retryHook = Boolean(config.credential?.refreshes) || config.logger.enabled('info');
    this.#replayHook = typeof config.credential?.onUnauthorized === 'function';
    this.#debug = config.logger.enabled('debug');
    const trim = (url: string) => url.replace(/\/+$/, '');
    this.#bases = { business: trim(config.urls.baseUrl), data: trim(config.urls.dataBaseUrl), auth: trim(config.urls.authUrl) };
    this.#clientHeaders = normalizeHeaders(config.headers);
    // Failed responses are logged by a hook only at debug (which implies the retry hook), so other levels pay nothing.
    const afterResponse: AfterResponseHook[] = [];
    if (this.#debug) afterResponse.push((state) => this.#logFailedResponse(state));
    if (this.#replayHook) afterResponse.push((state) => this.#refreshAndReplay(state));
    this.#kyDefaults = {
      // Each attempt's timeout is the SDK's own (`Attempt`): ky's would race timers around fetch and again
      // around the body read of every call.
      timeout: false,
      ...(this.#retryHook
        ? {
            hooks: {
              beforeRetry: [
                async ({ request, error, retryCount, options }) => {
                  this.config.logger.info(`retry ${retryCount} of ${request.method} ${request.url} after ${describeFailure(error)}`);
                  const context = options.context as CallContext;
                  if (context.auth === true && context.headers && this.config.credential?.refreshes) {
                    const token = await this.#credential();
                    if (token) context.headers.authorization = `Bearer ${token}`;
                  }
                },
              ],
              ...(afterResponse.length > 0 ? { afterResponse } : {}),
            },
          }
        : {}),
    };
  }

  /**
   * The ky instance and retry options for a retry limit, made once per limit: ky takes the options from
   * the instance's defaults, so a call passes no `retry` of its own to merge (ky still normalises them
   * for every call).
   */
  #kyFor(limit: number): { ky: KyInstance; retry: RetryOptions } {
    let entry = this.#kyByLimit.get(limit);
    if (!entry) {
      const retry = retryOptions(limit);
      entry = { ky: ky.create({ ...this.#kyDefaults, retry }), retry };
      this.#kyByLimit.set(limit, entry);
    }
    return entry;
  }

  /**
   * ky's `afterResponse` hook of a client whose auth is a token manager: a 401 saying the access token
   * is invalid (expired) gets one refresh, shared by concurrent calls, and one replay of the call with
   * the new token (`ky.retry()`; the `beforeRetry` hook above sets the header). A second 401 is final.
   */
  async #refreshAndReplay({ request, response, options }: AfterResponseState): Promise<ReturnType<typeof ky.retry> | void> {
    const context = options.context as CallContext;
    if (response.status !== 401 || context.auth !== true || !context.state || context.state.replayed) return;
    if (!(await rejectsTheToken(response))) return;
    context.state.replayed = true;
    const rejected = /^Bearer\s+(\S+)/i.exec(context.headers?.authorization ?? '')?.[1];
    if (!rejected) return;
    let next: string | undefined;
    try {
      next = await this.config.credential!.onUnauthorized!(rejected);
    } catch (error) {
      throw new CredentialFailure(error);
    }
    if (!next) return;
    this.config.logger.info(`access token refreshed after a 401 of ${request.method} ${request.url}; replaying the call`);
    return ky.retry({ delay: 0, code: 'TOKEN_REFRESHED' });
  }

  /** The credential, with a failure of its source (a token manager's refresh) kept as it is. */
  async #credential(): Promise<string | undefined> {
    try {
      return await this.config.credential?.get();
    } catch (error) {
      throw new CredentialFailure(error);
    }
  }

  /** Sends one call (with its retries) and resolves to the parsed success body, or rejects with an `AcsError`. */
  async request(endpoint: Route, input: CallInput, companyId: string | undefined, options: RequestOptions = {}): Promise<RawResult> {
    const timeout = options.timeout === undefined ? this.config.timeout : checkTimeout(options.timeout, invalidArgument(endpoint));
    const maxRetries =
      endpoint.retryable === false
        ? 0
        : options.maxRetries === undefined
          ? this.config.maxRetries
          : checkMaxRetries(options.maxRetries, invalidArgument(endpoint));
    const route = templateOf(endpoint);
    const url = this.#url(endpoint, route, input);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.config.userAgent };
    if (this.config.apiVersion) headers['x-api-version'] = this.config.apiVersion;
    if (companyId) headers['x-company-id'] = companyId;
    if (route.body) headers['content-type'] = 'application/json';
    if (endpoint.auth) {
      // A fixed key is used as it is; only a token source's promise is awaited. Its errors reach the caller unchanged.
      let token = this.config.credential?.get();
      if (typeof token === 'object' && token !== null) token = await token;
      if (!token) {
        throw new ConfigurationError(
          `${endpoint.id} needs credentials: pass apiKey, accessToken or getAccessToken to AcsClient (or auth: a TokenManager), or set ACS_API_KEY`,
        );
      }
      headers.authorization = `Bearer ${token}`;
    }
    const named = this.#clientHeaders.length > 0 || options.headers !== undefined;
    if (this.#clientHeaders.length > 0) setHeaders(headers, this.#clientHeaders);
    if (options.headers) applyHeaders(headers, options.headers);
    const requestId = (headers['x-request-id'] ??= randomId());
    if (route.write) {
      // One key per call: ky's retries resend this same request, so the server sees one write.
      headers['idempotency-key'] = options.idempotencyKey ?? headers['idempotency-key'] ?? randomId();
    }
    checkHeaders(headers, named);
    // The logger redacts what it writes, and only at debug: no work here on the hot path.
    if (this.#debug) this.config.logger.debug(`${endpoint.method} ${url}`, { headers });

    const attempt = new Attempt(
      this.config,
      {
        url,
        method: endpoint.method,
        headers,
        // What ky would make of `json`, made here once: every attempt sends this same text.
        body: route.body ? JSON.stringify(input.body ?? {}) : undefined,
        // The redirect is the answer (oauth.authorize): read it, do not follow it.
        redirect: endpoint.status === 302 ? 'manual' : undefined,
      },
      timeout,
      options.signal,
    );
    // Only the keys this call needs: ky merges every given key into its defaults on each call. The
    // headers and body are not among them: the SDK's `fetch` adds them to each attempt (see `Attempt`).
    const kyOptions: KyOptions = { method: endpoint.method, fetch: attempt.fetch };
    let limit = maxRetries;
    if (this.#retryHook) kyOptions.context = { auth: endpoint.auth, endpoint: endpoint.id, headers } satisfies CallContext;
    if (this.#replayHook && endpoint.auth) {
      // A replay after a refresh is a forced retry, which ky counts against the limit: one more is allowed, for it alone.
      const state: CallState = { replayed: false };
      kyOptions.context = { auth: true, endpoint: endpoint.id, state, headers } satisfies CallContext;
      limit = maxRetries + 1;
      kyOptions.retry = { shouldRetry: replayAwareShouldRetry(this.#kyFor(limit).retry, maxRetries, state) };
    }
    // A redirect is the answer (oauth.authorize): the attempt does not follow it, and ky returns it.
    if (endpoint.status === 302) kyOptions.throwHttpErrors = (status) => status >= 400;
    if (options.signal) kyOptions.signal = options.signal;

    try {
      const call = this.#kyFor(limit).ky(url, kyOptions);
      let response: Response;
      try {
        response = await call;
      } catch (error) {
        throw this.#failure(error, endpoint, options, requestId, timeout);
      }

      const echoedId = response.headers.get('x-request-id');
      if (this.#debug) this.config.logger.debug(`${response.status} ${endpoint.method} ${url}`, { requestId: echoedId ?? requestId });
      let body: unknown;
      if (response.status !== 204 && endpoint.status !== 302) {
        try {
          body = await attempt.guard(this.config.validate === 'off' ? response.json() : this.#parse(call, endpoint));
        } catch (error) {
          throw this.#parseFailure(attempt.timeoutError() ?? error, endpoint, response, echoedId ?? requestId, options);
        }
      }
      const metaId = (body as { meta?: { requestId?: unknown } } | undefined)?.meta?.requestId;
      return {
        body,
        response,
        // The echoed header first, then `meta.requestId` of the envelope, then the id the SDK sent.
        requestId: echoedId ?? (typeof metaId === 'string' ? metaId : requestId),
        rateLimit: parseRateLimit(response.headers),
      };
    } finally {
      attempt.end();
    }
  }

  #parse(call: ReturnType<KyInstance>, endpoint: Route): Promise<unknown> {
    const mode = this.config.validate as Exclude<ValidateMode, 'off'>;
    const report = (issues: { path: string; message: string }[]) =>
      this.config.logger.warn(`response of ${endpoint.id} does not match the contract`, { issues });
    return call.json(checkingSchema(endpoint, mode, report));
  }

  /** The URL a call would go to, without sending it (`acs.oauth.authorizeUrl()` builds a sign-in link so). */
  urlOf(endpoint: Route, input: CallInput): string {
    return this.#url(endpoint, templateOf(endpoint), input);
  }

  /** Base of the endpoint's API family + path, with each `{param}` filled and encoded. */
  #url(endpoint: Route, route: PathTemplate, input: CallInput): string {
    const { literals, names } = route;
    let url = this.#bases[endpoint.api] + literals[0];
    for (let i = 0; i < names.length; i++) {
      const value = input.params?.[names[i]];
      if ((typeof value !== 'string' && typeof value !== 'number') || String(value).trim() === '') {
        throw new InvalidArgumentError(`${endpoint.id} needs ${names[i]} as a non-empty string, got ${JSON.stringify(value) ?? 'undefined'}`);
      }
      url += encodeURIComponent(value) + literals[i + 1];
    }
    const query = input.query ? serializeQuery(input.query) : '';
    return query ? `${url}?${query}` : url;
  }

  /** Maps whatever ky threw to the SDK's error classes (the bearer token never reaches them), logged at debug. */
  #failure(error: unknown, endpoint: Route, options: RequestOptions, requestId: string | undefined, timeout: number): Error {
    const failure = this.#toError(error, endpoint, options, requestId, timeout);
    this.#logFinal(failure, endpoint, requestOf(error)?.url ?? this.#template(endpoint));
    return failure;
  }

  #toError(error: unknown, endpoint: Route, options: RequestOptions, requestId: string | undefined, timeout: number): Error {
    if (error instanceof CredentialFailure) return error.error instanceof Error ? error.error : new AcsError({ code: 'CREDENTIAL_ERROR', message: String(error.error) });
    if (error instanceof AcsError) return error;
    if (options.signal?.aborted) {
      return new AbortError({ code: 'ABORTED', message: `${endpoint.id} was aborted by its signal`, requestId, cause: options.signal.reason });
    }
    if (error instanceof HTTPError) {
      return errorFromResponse(error.response.status, error.data, error.response.headers, requestId);
    }
    if (error instanceof KyTimeoutError) {
      return new TimeoutError({ code: 'TIMEOUT', message: `${endpoint.id} got no response within ${timeout} ms`, requestId });
    }
    const cause = error instanceof NetworkError ? error.cause : error;
    // ky's request names the URL as sent; an error from outside ky (a custom fetch) gets the endpoint's template.
    return new ConnectionError({
      method: requestOf(error)?.method ?? endpoint.method,
      url: requestOf(error)?.url ?? this.#template(endpoint),
      operation: endpoint.id,
      requestId,
      cause,
    });
  }

  /** The endpoint's URL with its `{param}` placeholders, for a failure that does not say which URL it had. */
  #template(endpoint: Route): string {
    return this.#bases[endpoint.api] + endpoint.path;
  }

  /** At debug, the error a call ends with, as thrown to the caller (redacted by the logger, and by `toJSON()`). */
  #logFinal(failure: Error, endpoint: Route, url: string): void {
    if (!this.config.logger.enabled('debug')) return;
    const status = (failure as { status?: unknown }).status;
    this.config.logger.debug(
      `${endpoint.method} ${redactUrl(url)} failed${typeof status === 'number' ? ` with ${status}` : ''}: ${failure.name}: ${failure.message}`,
      { error: failure instanceof AcsError ? failure.toJSON() : failure },
    );
  }

  /** ky's `afterResponse` hook at debug: every failed response, the ones that will be retried too. */
  #logFailedResponse({ request, response, retryCount }: AfterResponseState): void {
    if (response.status < 400) return;
    const requestId = response.headers.get('x-request-id') ?? request.headers.get('x-request-id') ?? undefined;
    this.config.logger.debug(`${response.status} ${request.method} ${redactUrl(request.url)}${retryCount > 0 ? ` (retry ${retryCount})` : ''}`, { requestId });
  }

  /** A success response whose body is not JSON, or (strict mode) not the contract's envelope. */
  #parseFailure(error: unknown, endpoint: Route, response: Response, requestId: string | undefined, options: RequestOptions): AcsError {
    const failure = this.#toParseError(error, endpoint, response, requestId, options);
    this.#logFinal(failure, endpoint, response.url || this.#template(endpoint));
    return failure;
  }

  #toParseError(error: unknown, endpoint: Route, response: Response, requestId: string | undefined, options: RequestOptions): AcsError {
    if (error instanceof AcsError) return error;
    if (options.signal?.aborted) {
      return new AbortError({ code: 'ABORTED', message: `${endpoint.id} was aborted by its signal`, requestId, cause: options.signal.reason });
    }
    if (error instanceof KyTimeoutError) {
      return new TimeoutError({ code: 'TIMEOUT', message: `${endpoint.id} timed out reading the response`, requestId });
    }
    const issues =
      error instanceof SchemaValidationError
        ? toResponseIssues(error.issues)
        : [{ path: '', message: `body is not JSON (${error instanceof Error ? error.message : String(error)})` }];
    const where = issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ');
    return new ResponseValidationError({
      status: response.status,
      endpoint: endpoint.id,
      issues,
      message: `response of ${endpoint.id} does not match the contract: ${where}`,
      requestId,
      headers: response.headers,
    });
  }
}

// Leading and trailing HTTP whitespace, which `Headers` strips from a value (Fetch standard, "normalize").
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** Header names are case-insensitive: stored lower-case, so a caller's `X-Request-ID` replaces the SDK's. */
function applyHeaders(headers: Record<string, string>, extra: HeadersInput): void {
  for (const name of Object.keys(extra)) {
    const value = extra[name];
    if (value === null) delete headers[name.toLowerCase()];
    else if (value !== undefined) headers[name.toLowerCase()] = value.replace(HTTP_WHITESPACE, '');
  }
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
function checkHeaders(headers: Record<string, string>, callerNames: boolean): void {
  for (const name in headers) {
    if ((callerNames && !HEADER_NAME.test(name)) || SUSPECT_VALUE.test(headers[name])) {
      new Headers(headers);
      return;
    }
  }
}

/** `applyHeaders`' work done once, for the client's headers: `[lower-case name, trimmed value or null]`. */
function normalizeHeaders(extra: HeadersInput): [string, string | null][] {
  const out: [string, string | null][] = [];
  for (const name of Object.keys(extra)) {
    const value = extra[name];
    if (value !== undefined) out.push([name.toLowerCase(), value === null ? null : value.replace(HTTP_WHITESPACE, '')]);
  }
  return out;
}

function setHeaders(headers: Record<string, string>, normalized: [string, string | null][]): void {
  for (const [name, value] of normalized) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
}

/**
 * Whether a 401 says the access token itself is bad, so a refresh can help: RFC 6750 §3.1's
 * `WWW-Authenticate: Bearer error="invalid_token"`, or the service's `TOKEN_EXPIRED`/`INVALID_TOKEN`
 * detail (read from the body too, since a browser hides `WWW-Authenticate` from cross-origin callers).
 */
async function rejectsTheToken(response: Response): Promise<boolean> {
  if (/\berror\s*=\s*"?invalid_token\b/i.test(response.headers.get('www-authenticate') ?? '')) return true;
  try {
    const body = (await response.json()) as { error?: { details?: { code?: unknown }[] } };
    const details = Array.isArray(body?.error?.details) ? body.error.details : [];
    return details.some((detail) => detail?.code === 'TOKEN_EXPIRED' || detail?.code === 'INVALID_TOKEN');
  } catch {
    return false;
  }
}

/** ky's `shouldRetry` with room for one forced replay: ordinary retries still stop at `maxRetries`. */
function replayAwareShouldRetry(base: RetryOptions, maxRetries: number, state: CallState): RetryOptions['shouldRetry'] {
  return (retry) => {
    const ordinary = retry.retryCount - (state.replayed ? 1 : 0);
    return ordinary > maxRetries ? false : base.shouldRetry!(retry);
  };
}

function describeFailure(error: Error): string {
  if (error instanceof HTTPError) return `HTTP ${error.response.status}`;
  if (error instanceof KyTimeoutError) return 'a timeout';
  if (error instanceof NetworkError) return `a network error (${error.cause instanceof Error ? error.cause.message : 'unknown'})`;
  return error.name;
}

/** The request ky attached to its error (`NetworkError`, `TimeoutError`, `HTTPError`), if any. */
function requestOf(error: unknown): { method: string; url: string } | undefined {
  const request = typeof error === 'object' && error !== null ? (error as { request?: { method?: unknown; url?: unknown } }).request : undefined;
  return typeof request?.method === 'string' && typeof request.url === 'string' ? { method: request.method, url: request.url } : undefined;
}
