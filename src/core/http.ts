import ky, {
  HTTPError,
  NetworkError,
  SchemaValidationError,
  TimeoutError as KyTimeoutError,
  type KyInstance,
  type Options as KyOptions,
  type AfterResponseState,
  type AfterResponseHook,
  type RetryOptions,
} from 'ky';
import type { Route } from '../internal/route.js';
import { checkingSchema, toResponseIssues, type ValidateMode } from './envelope.js';
import { randomId } from './env.js';
import type { EnvironmentUrls } from './environments.js';
import { errorFromResponse } from './error-from-response.js';
import {
  AbortError,
  AcsError,
  ConfigurationError,
  ConnectionError,
  InvalidArgumentError,
  ResponseValidationError,
  TimeoutError,
} from './errors.js';
import type { LevelledLogger } from './logger.js';
import { redactUrl } from './redact.js';
import { parseRateLimit, type RateLimit } from './rate-limit.js';
import type { HeadersInput, RequestOptions } from './request-options.js';
import { checkMaxRetries, checkTimeout } from './options.js';
import { retryOptions } from './retry.js';
import { serializeQuery } from './query.js';

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
}

/** Carries an error of the credential source through ky unchanged (ky would otherwise see an unknown failure). */
class CredentialFailure extends Error {
  constructor(readonly error: unknown) {
    super('credential source failed');
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The one place the SDK does HTTP: turns a contract endpoint and its input into a ky request (headers,
 * retries, timeout), and the response into a parsed body or an `AcsError`.
 */
export class Transport {
  readonly config: TransportConfig;
  readonly #ky: KyInstance;
  readonly #retryByLimit = new Map<number, RetryOptions>();
  readonly #retryHook: boolean;
  readonly #replayHook: boolean;

  constructor(config: TransportConfig) {
    this.config = config;
    // ky merges its hooks into every call; the retry hook is installed only when it has work to do
    // (a token that can change, or retries to log), which keeps the common call cheaper.
    this.#retryHook = Boolean(config.credential?.refreshes) || config.logger.enabled('info');
    this.#replayHook = typeof config.credential?.onUnauthorized === 'function';
    // Failed responses are logged by a hook only at debug (which implies the retry hook), so other levels pay nothing.
    const afterResponse: AfterResponseHook[] = [];
    if (config.logger.enabled('debug')) afterResponse.push((state) => this.#logFailedResponse(state));
    if (this.#replayHook) afterResponse.push((state) => this.#refreshAndReplay(state));
    this.#ky = ky.create({
      // Looked up per call, so an msw server started after the client still intercepts it.
      fetch: (input, init) => (this.config.fetch ?? globalThis.fetch)(input, init),
      throwHttpErrors: true,
      ...(this.#retryHook
        ? {
            hooks: {
              beforeRetry: [
                async ({ request, error, retryCount, options }) => {
                  this.config.logger.info(`retry ${retryCount} of ${request.method} ${request.url} after ${describeFailure(error)}`);
                  if (options.context.auth === true && this.config.credential?.refreshes) {
                    const token = await this.#credential();
                    if (token) request.headers.set('authorization', `Bearer ${token}`);
                  }
                },
              ],
              ...(afterResponse.length > 0 ? { afterResponse } : {}),
            },
          }
        : {}),
    });
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
    const rejected = /^Bearer\s+(\S+)/i.exec(request.headers.get('authorization') ?? '')?.[1];
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
    const invalid = (message: string) => new InvalidArgumentError(`${endpoint.id}: ${message}`);
    const timeout = options.timeout === undefined ? this.config.timeout : checkTimeout(options.timeout, invalid);
    const maxRetries =
      endpoint.retryable === false ? 0 : options.maxRetries === undefined ? this.config.maxRetries : checkMaxRetries(options.maxRetries, invalid);
    const url = this.#url(endpoint, input);
    let headers: Record<string, string>;
    try {
      headers = await this.#headers(endpoint, companyId, options);
    } catch (error) {
      throw error instanceof CredentialFailure ? error.error : error;
    }
    const requestId = headers['x-request-id'];
    // The logger redacts what it writes, and only at debug: no work here on the hot path.
    this.config.logger.debug(`${endpoint.method} ${url}`, { headers });

    let response: Response;
    // Only the keys this call needs: ky merges every given key into its defaults on each call.
    const kyOptions: KyOptions = {
      method: endpoint.method,
      headers,
      timeout,
      retry: this.#retryOptions(maxRetries),
    };
    if (this.#retryHook) kyOptions.context = { auth: endpoint.auth, endpoint: endpoint.id } satisfies CallContext;
    if (this.#replayHook && endpoint.auth) {
      // A replay after a refresh is a forced retry, which ky counts against the limit: one more is allowed, for it alone.
      const state: CallState = { replayed: false };
      kyOptions.context = { auth: true, endpoint: endpoint.id, state } satisfies CallContext;
      kyOptions.retry = replayAwareRetry(this.#retryOptions(maxRetries + 1), maxRetries, state);
    }
    if (endpoint.status === 302) {
      // The redirect is the answer (oauth.authorize): read it, do not follow it.
      kyOptions.redirect = 'manual';
      kyOptions.throwHttpErrors = (status) => status >= 400;
    }
    if (BODY_METHODS.has(endpoint.method)) kyOptions.json = input.body ?? {};
    if (options.signal) kyOptions.signal = options.signal;
    const call = this.#ky(url, kyOptions);
    try {
      response = await call;
    } catch (error) {
      throw this.#failure(error, endpoint, options, requestId, timeout);
    }

    const echoedId = response.headers.get('x-request-id') ?? requestId;
    this.config.logger.debug(`${response.status} ${endpoint.method} ${url}`, { requestId: echoedId });
    let body: unknown;
    try {
      body = response.status === 204 || endpoint.status === 302 ? undefined : await this.#parse(call, endpoint);
    } catch (error) {
      throw this.#parseFailure(error, endpoint, response, echoedId, options);
    }
    const metaId = (body as { meta?: { requestId?: unknown } } | undefined)?.meta?.requestId;
    return {
      body,
      response,
      // The echoed header first, then `meta.requestId` of the envelope, then the id the SDK sent.
      requestId: response.headers.get('x-request-id') ?? (typeof metaId === 'string' ? metaId : requestId),
      rateLimit: parseRateLimit(response.headers),
    };
  }

  /** ky's retry options for a retry count, built once per count (they are the same for every call). */
  #retryOptions(limit: number): RetryOptions {
    let retry = this.#retryByLimit.get(limit);
    if (!retry) this.#retryByLimit.set(limit, (retry = retryOptions(limit)));
    return retry;
  }

  #parse(call: ReturnType<KyInstance>, endpoint: Route): Promise<unknown> {
    const mode = this.config.validate;
    if (mode === 'off') return call.json();
    const report = (issues: { path: string; message: string }[]) =>
      this.config.logger.warn(`response of ${endpoint.id} does not match the contract`, { issues });
    return call.json(checkingSchema(endpoint, mode, report));
  }

  /** The URL a call would go to, without sending it (`acs.oauth.authorizeUrl()` builds a sign-in link so). */
  urlOf(endpoint: Route, input: CallInput): string {
    return this.#url(endpoint, input);
  }

  /** Base of the endpoint's API family + path, with each `{param}` filled and encoded. */
  #url(endpoint: Route, input: CallInput): string {
    const base = { business: this.config.urls.baseUrl, data: this.config.urls.dataBaseUrl, auth: this.config.urls.authUrl }[endpoint.api];
    const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = input.params?.[name];
      if ((typeof value !== 'string' && typeof value !== 'number') || String(value).trim() === '') {
        throw new InvalidArgumentError(`${endpoint.id} needs ${name} as a non-empty string, got ${JSON.stringify(value) ?? 'undefined'}`);
      }
      return encodeURIComponent(String(value));
    });
    const query = serializeQuery(input.query);
    return `${base.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
  }

  /**
   * The headers of spec document 1, "Request headers", then the client's and the call's own. A plain
   * object with lower-case names: ky copies it into its Request once, where a `Headers` would be copied
   * three more times on the way.
   */
  async #headers(endpoint: Route, companyId: string | undefined, options: RequestOptions): Promise<Record<string, string>> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.config.userAgent };
    if (this.config.apiVersion) headers['x-api-version'] = this.config.apiVersion;
    if (companyId) headers['x-company-id'] = companyId;
    if (BODY_METHODS.has(endpoint.method)) headers['content-type'] = 'application/json';
    if (endpoint.auth) {
      const token = await this.#credential();
      if (!token) {
        throw new ConfigurationError(
          `${endpoint.id} needs credentials: pass apiKey, accessToken or getAccessToken to AcsClient (or auth: a TokenManager), or set ACS_API_KEY`,
        );
      }
      headers.authorization = `Bearer ${token}`;
    }
    applyHeaders(headers, this.config.headers);
    applyHeaders(headers, options.headers);
    headers['x-request-id'] ??= randomId();
    if (WRITE_METHODS.has(endpoint.method)) {
      // One key per call: ky's retries resend this same request, so the server sees one write.
      headers['idempotency-key'] = options.idempotencyKey ?? headers['idempotency-key'] ?? randomId();
    }
    return headers;
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
    const base = { business: this.config.urls.baseUrl, data: this.config.urls.dataBaseUrl, auth: this.config.urls.authUrl }[endpoint.api];
    return `${base.replace(/\/+$/, '')}${endpoint.path}`;
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
function applyHeaders(headers: Record<string, string>, extra: HeadersInput | undefined): void {
  if (!extra) return;
  for (const name of Object.keys(extra)) {
    const value = extra[name];
    if (value === null) delete headers[name.toLowerCase()];
    else if (value !== undefined) headers[name.toLowerCase()] = value.replace(HTTP_WHITESPACE, '');
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

/** ky's retry options with room for one forced replay: ordinary retries still stop at `maxRetries`. */
function replayAwareRetry(base: RetryOptions, maxRetries: number, state: CallState): RetryOptions {
  return {
    ...base,
    shouldRetry: (retry) => {
      const ordinary = retry.retryCount - (state.replayed ? 1 : 0);
      return ordinary > maxRetries ? false : base.shouldRetry!(retry);
    },
  };
}

/** The request ky attached to its error (`NetworkError`, `TimeoutError`, `HTTPError`), if any. */
function requestOf(error: unknown): { method: string; url: string } | undefined {
  const request = typeof error === 'object' && error !== null ? (error as { request?: { method?: unknown; url?: unknown } }).request : undefined;
  return typeof request?.method === 'string' && typeof request.url === 'string' ? { method: request.method, url: request.url } : undefined;
}

function describeFailure(error: Error): string {
  if (error instanceof HTTPError) return `HTTP ${error.response.status}`;
  if (error instanceof KyTimeoutError) return 'a timeout';
  if (error instanceof NetworkError) return `a network error (${error.cause instanceof Error ? error.cause.message : 'unknown'})`;
  return error.name;
}
