import ky, { type AfterResponseHook, type AfterResponseState, type BeforeRetryHook, type KyInstance, type Options as KyOptions } from 'ky';
import { isJsonAnswer, readFile } from './file-body.js';
import { AcsError, ConfigurationError, InvalidArgumentError } from '../core/errors.js';
import { checkMaxRetries, checkTimeout } from '../core/options.js';
import { parseRateLimit } from '../core/rate-limit.js';
import type { RequestOptions } from '../core/request-options.js';
import type { CallInput, RawResult, TransportConfig } from './call.js';
import { bodyError, callError, describeFailure, requestOf, type FailedCall } from './call-errors.js';
import { checkingSchema } from './envelope.js';
import { randomId } from './env.js';
import { applyHeaders, normalizeHeaders, setHeaders } from './headers.js';
import { invalidArgument, templateOf, type PathTemplate } from './path-template.js';
import { serializeQuery } from './query.js';
import { redactUrl } from './redact.js';
import { retryOptions, shouldRetry } from './retry.js';
import type { Route } from '../core/route.js';
import type { ResponseValidation } from '../core/validation.js';
import { CredentialFailure, rejectsTheToken, replayAwareShouldRetry, type CallContext, type CallState } from './token-replay.js';

export type { CallInput, CredentialSource, RawResult, TransportConfig } from './call.js';

/**
 * The one place the SDK does HTTP: turns a contract endpoint and its input into a call that ky runs as
 * designed (its `Request`, retries, backoff, `Retry-After`, per-attempt timeout, hooks; decision SDK-15),
 * and the response into a parsed body or an `AcsError`.
 */
export class Transport {
  readonly config: TransportConfig;
  /** The client's one ky instance: its retry options, timeout, fetch and hooks are the instance's defaults. */
  readonly #ky: KyInstance;
  readonly #replayHook: boolean;
  readonly #refreshes: boolean;
  readonly #debug: boolean;
  /** Base of each API family, without trailing slashes. */
  readonly #bases: Record<Route['api'], string>;
  /** The client's own headers, lower-cased and trimmed once. */
  readonly #clientHeaders: [name: string, value: string | null][];

  constructor(config: TransportConfig) {
    this.config = config;
    this.#refreshes = Boolean(config.credential?.refreshes);
    this.#replayHook = typeof config.credential?.onUnauthorized === 'function';
    this.#debug = config.logger.enabled('debug');
    const trim = (url: string) => url.replace(/\/+$/, '');
    this.#bases = { business: trim(config.urls.baseUrl), data: trim(config.urls.dataBaseUrl), auth: trim(config.urls.authUrl) };
    this.#clientHeaders = normalizeHeaders(config.headers);
    // ky merges its hooks into every call: each is installed only when it has work to do (a token that
    // can change, retries to log at info, failed responses to log at debug), which keeps the common call cheaper.
    const beforeRetry: BeforeRetryHook[] = [];
    if (this.#refreshes || config.logger.enabled('info')) beforeRetry.push((state) => this.#beforeRetry(state));
    const afterResponse: AfterResponseHook[] = [];
    if (this.#debug) afterResponse.push((state) => this.#logFailedResponse(state));
    if (this.#replayHook) afterResponse.push((state) => this.#refreshAndReplay(state));
    const defaults: KyOptions = { retry: retryOptions(config.maxRetries), timeout: config.timeout };
    // Undefined: ky binds `globalThis.fetch` as it is when each call starts, so an msw server started after the client still intercepts it.
    if (config.fetch) defaults.fetch = config.fetch;
    if (beforeRetry.length > 0 || afterResponse.length > 0) {
      defaults.hooks = { ...(beforeRetry.length > 0 ? { beforeRetry } : {}), ...(afterResponse.length > 0 ? { afterResponse } : {}) };
    }
    this.#ky = ky.create(defaults);
  }

  /** ky's `beforeRetry` hook: logs the retry at info, and a token source is asked again for the next attempt. */
  async #beforeRetry({ request, error, retryCount, options }: Parameters<BeforeRetryHook>[0]): Promise<void> {
    this.config.logger.info(`retry ${retryCount} of ${request.method} ${request.url} after ${describeFailure(error)}`);
    if (this.#refreshes && (options.context as CallContext).auth === true) {
      const token = await this.#credential();
      if (token) request.headers.set('authorization', `Bearer ${token}`);
    }
  }

  /**
   * ky's `afterResponse` hook of a client whose auth is a token manager: a 401 saying the access token
   * is invalid (expired) gets one refresh, shared by concurrent calls, and one replay of the call with
   * the new token (`ky.retry()`; the `beforeRetry` hook above sets the header). A second 401 is final.
   */
  async #refreshAndReplay({ request, response, options }: AfterResponseState): Promise<ReturnType<typeof ky.retry> | undefined> {
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
    // The data-management API's tenant (spec document 3: `tenantCode`, sent as a header; decision AUD-6).
    if (endpoint.api === 'data') {
      const tenantCode = this.config.tenantCode ?? companyId;
      if (tenantCode) headers['x-tenant-code'] = tenantCode;
    }
    // A multipart form (the CSV import) is sent as FormData: fetch writes its Content-Type with the boundary.
    const form = route.body && typeof FormData !== 'undefined' && input.body instanceof FormData ? input.body : undefined;
    if (route.body && !form) headers['content-type'] = 'application/json';
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
    if (this.#clientHeaders.length > 0) setHeaders(headers, this.#clientHeaders);
    if (options.headers) applyHeaders(headers, options.headers);
    const requestId = (headers['x-request-id'] ??= randomId());
    const failed: FailedCall = { endpoint, options, requestId, template: () => this.#bases[endpoint.api] + endpoint.path };
    // One key per call: ky's retries resend this same request, so the server sees one write; its errors carry the key.
    const idempotencyKey = route.write
      ? (headers['idempotency-key'] = options.idempotencyKey ?? headers['idempotency-key'] ?? randomId())
      : undefined;
    // The logger redacts what it writes, and only at debug: no work here on the hot path.
    if (this.#debug) this.config.logger.debug(`${endpoint.method} ${url}`, { headers });

    // Only the keys this call needs: ky merges each given key into the instance's defaults (a header the
    // runtime refuses throws its `TypeError` there, before anything is sent).
    const kyOptions: KyOptions = { method: endpoint.method, headers };
    if (form) kyOptions.body = form;
    else if (route.body) kyOptions.json = input.body ?? {};
    if (timeout !== this.config.timeout) kyOptions.timeout = timeout;
    if (maxRetries !== this.config.maxRetries) kyOptions.retry = { limit: maxRetries };
    if (endpoint.auth && this.#replayHook) {
      // ky counts a replay after a refresh (`ky.retry()`) against `retry.limit` and offers no way not to:
      // one more is allowed, for it alone (decision SDK-15).
      const state: CallState = { replayed: false };
      kyOptions.context = { auth: true, state } satisfies CallContext;
      kyOptions.retry = { limit: maxRetries + 1, shouldRetry: replayAwareShouldRetry(maxRetries, state, shouldRetry) };
    } else if (endpoint.auth && this.#refreshes) kyOptions.context = { auth: true } satisfies CallContext;
    // The redirect is the answer (oauth.authorize): read it, do not follow it, and ky returns it.
    if (endpoint.status === 302) {
      kyOptions.redirect = 'manual';
      kyOptions.throwHttpErrors = (status) => status >= 400;
    }
    if (options.signal) kyOptions.signal = options.signal;

    const call = this.#ky(url, kyOptions);
    let response: Response;
    try {
      response = await call;
    } catch (error) {
      throw withIdempotencyKey(this.#failure(error, failed, timeout), idempotencyKey);
    }

    const echoedId = response.headers.get('x-request-id');
    if (this.#debug) this.config.logger.debug(`${response.status} ${endpoint.method} ${url}`, { requestId: echoedId ?? requestId });
    let body: unknown;
    if (response.status !== 204 && endpoint.status !== 302) {
      // Read through ky's shortcuts, so the body gets the attempt's `timeout` again (decision SDK-13).
      try {
        body = await (endpoint.files && !isJsonAnswer(response)
          ? readFile(response, call.arrayBuffer())
          : this.config.validation
            ? this.#parse(call, endpoint, this.config.validation)
            : call.json());
      } catch (error) {
        throw withIdempotencyKey(this.#bodyFailure(error, { ...failed, requestId: echoedId ?? requestId }, response), idempotencyKey);
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
  }

  #parse(call: ReturnType<KyInstance>, endpoint: Route, validation: ResponseValidation): Promise<unknown> {
    const report = (issues: { path: string; message: string }[]) =>
      this.config.logger.warn(`response of ${endpoint.id} does not match the contract`, { issues });
    return call.json(checkingSchema(endpoint, validation, report));
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
        throw new InvalidArgumentError(
          `${endpoint.id} needs ${names[i]} as a non-empty string, got ${JSON.stringify(value) ?? 'undefined'}`,
        );
      }
      url += encodeURIComponent(value) + literals[i + 1];
    }
    const query = input.query ? serializeQuery(input.query) : '';
    return query ? `${url}?${query}` : url;
  }

  /** Maps whatever ky threw to the SDK's error classes (the bearer token never reaches them), logged at debug. */
  #failure(error: unknown, call: FailedCall, timeout: number): Error {
    const failure = callError(error, call, timeout);
    this.#logFinal(failure, call.endpoint, requestOf(error)?.url ?? call.template());
    return failure;
  }

  /** A success response whose body could not be read as the contract says, logged at debug. */
  #bodyFailure(error: unknown, call: FailedCall, response: Response): AcsError {
    const failure = bodyError(error, call, response);
    this.#logFinal(failure, call.endpoint, response.url || call.template());
    return failure;
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
    this.config.logger.debug(
      `${response.status} ${request.method} ${redactUrl(request.url)}${retryCount > 0 ? ` (retry ${retryCount})` : ''}`,
      { requestId },
    );
  }
}

/** A write's failure names the key it was sent with, so the caller can repeat it safely (`{ idempotencyKey }`). */
function withIdempotencyKey(failure: Error, key: string | undefined): Error {
  if (key !== undefined && failure instanceof AcsError && failure.idempotencyKey === undefined) {
    Object.defineProperty(failure, 'idempotencyKey', { value: key, enumerable: true });
  }
  return failure;
}
