import ky, { type AfterResponseHook, type AfterResponseState, type KyInstance, type Options as KyOptions, type RetryOptions } from 'ky';
import { isJsonAnswer, readFile } from './file-body.js';
import { AcsError, ConfigurationError, InvalidArgumentError } from '../core/errors.js';
import { checkMaxRetries, checkTimeout } from '../core/options.js';
import { parseRateLimit } from '../core/rate-limit.js';
import type { RequestOptions } from '../core/request-options.js';
import { Attempt } from './attempt.js';
import type { CallInput, RawResult, TransportConfig } from './call.js';
import { bodyError, callError, describeFailure, requestOf, type FailedCall } from './call-errors.js';
import { checkingSchema } from './envelope.js';
import { randomId } from './env.js';
import { applyHeaders, checkHeaders, normalizeHeaders, setHeaders } from './headers.js';
import { invalidArgument, templateOf, type PathTemplate } from './path-template.js';
import { serializeQuery } from './query.js';
import { redactUrl } from './redact.js';
import { retryOptions } from './retry.js';
import type { Route } from '../core/route.js';
import type { ResponseValidation } from '../core/validation.js';
import { CredentialFailure, rejectsTheToken, replayAwareShouldRetry, type CallContext, type CallState } from './token-replay.js';

export type { CallInput, CredentialSource, RawResult, TransportConfig } from './call.js';

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
  async #refreshAndReplay({ request, response, options }: AfterResponseState): Promise<ReturnType<typeof ky.retry> | undefined> {
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
    const named = this.#clientHeaders.length > 0 || options.headers !== undefined;
    if (this.#clientHeaders.length > 0) setHeaders(headers, this.#clientHeaders);
    if (options.headers) applyHeaders(headers, options.headers);
    const requestId = (headers['x-request-id'] ??= randomId());
    const failed: FailedCall = { endpoint, options, requestId, template: () => this.#bases[endpoint.api] + endpoint.path };
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
        body: form ?? (route.body ? JSON.stringify(input.body ?? {}) : undefined),
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
        throw withIdempotencyKey(this.#failure(error, failed, timeout), route.write ? headers['idempotency-key'] : undefined);
      }

      const echoedId = response.headers.get('x-request-id');
      if (this.#debug) this.config.logger.debug(`${response.status} ${endpoint.method} ${url}`, { requestId: echoedId ?? requestId });
      let body: unknown;
      if (response.status !== 204 && endpoint.status !== 302) {
        try {
          body = await attempt.guard(
            endpoint.files && !isJsonAnswer(response)
              ? readFile(response)
              : this.config.validation
                ? this.#parse(call, endpoint, this.config.validation)
                : response.json(),
          );
        } catch (error) {
          throw withIdempotencyKey(
            this.#bodyFailure(attempt.timeoutError() ?? error, { ...failed, requestId: echoedId ?? requestId }, response),
            route.write ? headers['idempotency-key'] : undefined,
          );
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
