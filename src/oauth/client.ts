import { ENVIRONMENTS, type Environment } from '../core/environments.js';
import { ConfigurationError, InvalidArgumentError } from '../core/errors.js';
import { fetchMetadata } from './discovery.js';
import { OAuthCallbackError, OAuthConnectionError, OAuthDiscoveryError, OAuthError, OAuthResponseError } from './errors.js';
import { createPkcePair, createState, isCodeVerifier } from './pkce.js';
import { parseTokenResponse, type OAuthTokens } from './tokens.js';

/** How the token request's body is written. */
export type TokenRequestFormat = 'json' | 'form';
/** Where a confidential client puts its secret (RFC 8414 names): in the body, or as HTTP Basic (RFC 6749 §2.3.1). */
export type ClientAuthenticationMethod = 'client_secret_post' | 'client_secret_basic';
/**
 * Extra parameters of the authorization request (`audience`, `resource`, `prompt`, `ui_locales`, ...);
 * a list sends the parameter once per value (RFC 8707 `resource`).
 */
export type AuthorizationParams = Readonly<Record<string, string | readonly string[]>>;

/**
 * The parameters `OAuthClient` writes itself, which `extraParams` may not set: the flow, client and
 * redirect, scope, state and PKCE; `response_mode` (the callback is read from the query) and `request` /
 * `request_uri` (they would replace the others).
 */
export const PROTOCOL_PARAMS: readonly string[] =
  'response_type response_mode client_id redirect_uri scope state code_challenge code_challenge_method request request_uri'.split(' ');

/** Options of `new OAuthClient()`: the client's registration and where the authorization server is. */
export interface OAuthClientOptions {
  /** The `client_id` the application was registered with. */
  clientId: string;
  /** Confidential clients only (a server). A browser or mobile app cannot keep a secret: leave it out and rely on PKCE. */
  clientSecret?: string;
  /** Sent identically in the authorization and the token request (RFC 6749 §4.1.3). */
  redirectUri: string;
  /**
   * The service's authorization server base (`/oauth/authorize` and `/oauth/token` are under it); or
   * give `environment`; or, for another server, `authorizationEndpoint`, `tokenEndpoint` and `issuer`
   * (or use `OAuthClient.discover()`).
   */
  authUrl?: string;
  /** `sandbox` or `production`: the service's own authorization server, instead of `authUrl`. */
  environment?: Environment;
  /** Absolute URL of the authorization endpoint. Default: `authUrl` + `/oauth/authorize` (the service's path). */
  authorizationEndpoint?: string;
  /** Absolute URL of the token endpoint. Default: `authUrl` + `/oauth/token` (the service's path). */
  tokenEndpoint?: string;
  /** Absolute URL of the RFC 7009 revocation endpoint; `revoke()` needs it. The service has none. */
  revocationEndpoint?: string;
  /**
   * The `iss` a callback must carry when it carries one (RFC 9207), compared exactly as given: a trailing
   * `/` is part of it. Default: `authUrl` without a trailing slash, as the service names itself.
   * Required when `authUrl` and `environment` are left out.
   */
  issuer?: string;
  /** Refuse a callback without `iss` (for a server that advertises RFC 9207 support). Default false; `discover()` sets it when the metadata says so. */
  requireIssuer?: boolean;
  /**
   * Body of token requests. Default `json`, as the spec writes it; `form` is RFC 6749's
   * `application/x-www-form-urlencoded`, which standard authorization servers require (a certified one
   * answers JSON with 400 `invalid_request`). The sandbox takes both. `discover()` defaults to `form`.
   */
  tokenRequestFormat?: TokenRequestFormat;
  /** Default `client_secret_post` (the spec's `client_secret` in the body); `discover()` picks one the server lists. */
  clientAuthentication?: ClientAuthenticationMethod;
  /**
   * Extra parameters of every authorization request (`{ audience: 'https://api.example.com' }`); a call's
   * own `extraParams` win by name. The parameters of `PROTOCOL_PARAMS` are refused with `ConfigurationError`.
   */
  extraParams?: AuthorizationParams;
  /** A fetch to use instead of `globalThis.fetch` (looked up at call time). */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds a token, revocation or discovery request may take. Default 30 000. */
  timeout?: number;
  /** The clock `expiresAt` is computed with (epoch ms). Default `Date.now`. */
  now?: () => number;
}

/**
 * Options of `OAuthClient.discover()`: the client's registration; the server's endpoints and issuer come
 * from its metadata. `tokenRequestFormat`, `clientAuthentication` and `requireIssuer` given here win over
 * what discovery derives.
 */
export type DiscoveryOptions = Omit<
  OAuthClientOptions,
  'authUrl' | 'environment' | 'issuer' | 'authorizationEndpoint' | 'tokenEndpoint' | 'revocationEndpoint'
>;

/** What `authorizationUrl()` gives: where to send the user, and what to keep (server session or `sessionStorage`) for the callback. */
export interface AuthorizationRequest {
  /** Where to send the user's browser (the authorization endpoint with every parameter). */
  url: string;
  /** Compared with the callback's `state`, once. */
  state: string;
  /** The PKCE secret, sent only with the token request. */
  codeVerifier: string;
}

/** Options of `authorizationUrl()`. */
export interface AuthorizationUrlOptions {
  /** Scopes, as a list or space-separated. */
  scope: string | readonly string[];
  /** Default: 256 fresh random bits. */
  state?: string;
  /** Which user should sign in (`login_hint`); the sandbox picks its user by e-mail with it. */
  loginHint?: string;
  /** Extra parameters of this request, over the client's `extraParams`; `PROTOCOL_PARAMS` are refused. */
  extraParams?: AuthorizationParams;
}

/** Options of `revoke()`. */
export interface RevokeOptions {
  /** What the token is (RFC 7009 §2.1 `token_type_hint`), so the server finds it sooner. */
  tokenTypeHint?: 'refresh_token' | 'access_token';
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * How many spent states an `OAuthClient` remembers to refuse a replayed callback. A state is 128+
 * random bits and is also checked against the one the sign-in stored, so older ones cannot match anyway.
 */
export const USED_STATE_MEMORY = 10_000;

/**
 * An OAuth 2.0 client of the service (spec document 1, "OAuth 2.0 (authorization code with PKCE)") or
 * of any standard authorization server: builds the authorization URL with PKCE S256 and a fresh
 * `state`, checks the callback (state, `iss`, `error`) before any token request, exchanges the code,
 * refreshes and revokes tokens. Web Crypto and `fetch` only: it runs unchanged in browsers, Node 22+,
 * Deno and edge workers. Nothing is retried.
 *
 * @example
 * const oauth = new OAuthClient({ clientId, redirectUri: 'https://app.example.com/callback', environment: 'sandbox' });
 * // another authorization server, from its metadata (RFC 8414 / OpenID Connect Discovery):
 * const idp = await OAuthClient.discover('https://login.example.com', { clientId, redirectUri });
 * const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: ['read:accounts', 'read:invoices'] });
 * // ...redirect to url; on the callback:
 * const tokens = await oauth.handleCallback(location.href, { state, codeVerifier });
 */
export class OAuthClient {
  /** The `client_id` sent with every request. */
  readonly clientId: string;
  /** The `redirect_uri`, identical in the authorization and the token request. */
  readonly redirectUri: string;
  /** The authorization server's base URL, without a trailing slash (the issuer when no `authUrl` was given). */
  readonly authUrl: string;
  /** The `iss` a callback must name when it names one (RFC 9207), exactly as configured or discovered. */
  readonly issuer: string;
  /** Where `authorizationUrl()` sends the user. */
  readonly authorizationEndpoint: string;
  /** Where codes and refresh tokens are exchanged. */
  readonly tokenEndpoint: string;
  /** Where `revoke()` sends a token (RFC 7009); undefined when the server has none. */
  readonly revocationEndpoint: string | undefined;
  /** How token requests are written: `json` (the spec) or `form` (RFC 6749). */
  readonly tokenRequestFormat: TokenRequestFormat;
  /** How a confidential client sends its secret. */
  readonly clientAuthentication: ClientAuthenticationMethod;
  readonly #clientSecret: string | undefined;
  readonly #requireIssuer: boolean;
  readonly #extraParams: AuthorizationParams;
  readonly #fetch: typeof globalThis.fetch | undefined;
  readonly #timeout: number;
  readonly #now: () => number;
  /** States already spent by a callback, newest last, at most `USED_STATE_MEMORY` (a long-lived server signs in many users). */
  readonly #usedStates = new Set<string>();

  /**
   * A client of the authorization server `issuer`, configured from its metadata: RFC 8414's
   * `/.well-known/oauth-authorization-server` (inserted before the issuer's path), then OpenID's
   * `/.well-known/openid-configuration` (appended to it). The metadata must name exactly `issuer`; its
   * endpoints, revocation endpoint included, are used; token requests are form-encoded (RFC 6749, as a
   * standard server needs); a confidential client authenticates as the server lists
   * (`client_secret_basic` first); a callback must carry `iss` when the server says it always does.
   * Fails with `OAuthDiscoveryError` (`reason`) or, for a malformed issuer, `ConfigurationError`.
   * One GET with `fetch`, no preflight: it works in a browser when the server allows CORS, as certified ones do.
   */
  static async discover(issuer: string, options: DiscoveryOptions): Promise<OAuthClient> {
    const timeout = checkTimeout(options?.timeout);
    const metadata = await fetchMetadata(issuer, options?.fetch, timeout);
    let clientAuthentication = options?.clientAuthentication;
    if (options?.clientSecret !== undefined && clientAuthentication === undefined) {
      // RFC 8414 §2: an omitted list means client_secret_basic only.
      const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
      clientAuthentication = (['client_secret_basic', 'client_secret_post'] as const).find((m) => methods.includes(m));
      if (!clientAuthentication) throw new OAuthDiscoveryError('unsupported', `${issuer} takes no client secret (client_secret_basic or client_secret_post)`);
    }
    return new OAuthClient({
      tokenRequestFormat: 'form',
      requireIssuer: metadata.authorization_response_iss_parameter_supported === true,
      ...options,
      clientAuthentication,
      issuer,
      authorizationEndpoint: metadata.authorization_endpoint,
      tokenEndpoint: metadata.token_endpoint,
      revocationEndpoint: metadata.revocation_endpoint,
    });
  }

  constructor(options: OAuthClientOptions) {
    if (typeof options?.clientId !== 'string' || options.clientId === '') throw new ConfigurationError('OAuthClient needs a clientId');
    if (typeof options.redirectUri !== 'string' || !URL.canParse(options.redirectUri)) {
      throw new ConfigurationError(`OAuthClient needs redirectUri as an absolute URL, got ${JSON.stringify(options.redirectUri)}`);
    }
    const base = (options.authUrl ?? (options.environment ? ENVIRONMENTS[options.environment]?.authUrl : undefined))?.replace(/\/+$/, '');
    const issuer = options.issuer ?? base;
    if ((base !== undefined && !URL.canParse(base)) || typeof issuer !== 'string' || issuer === '') {
      throw new ConfigurationError(
        'OAuthClient needs authUrl (an absolute URL), environment, or issuer with authorizationEndpoint and tokenEndpoint',
      );
    }
    const endpoint = (name: string, value: string | undefined, path: string): string => {
      const url = value ?? (base === undefined ? undefined : base + path);
      if (typeof url !== 'string' || !URL.canParse(url)) throw new ConfigurationError(`OAuthClient needs ${name} as an absolute URL`);
      return url;
    };
    const format = options.tokenRequestFormat ?? 'json';
    if (format !== 'json' && format !== 'form') throw new ConfigurationError(`tokenRequestFormat must be 'json' or 'form', got ${JSON.stringify(format)}`);
    const method = options.clientAuthentication ?? 'client_secret_post';
    if (method !== 'client_secret_post' && method !== 'client_secret_basic') {
      throw new ConfigurationError(`clientAuthentication must be 'client_secret_post' or 'client_secret_basic', got ${JSON.stringify(method)}`);
    }
    if (options.clientSecret !== undefined && (typeof options.clientSecret !== 'string' || options.clientSecret === '')) {
      throw new ConfigurationError('clientSecret must be a non-empty string, or left out for a public client');
    }

    this.clientId = options.clientId;
    this.redirectUri = options.redirectUri;
    this.authUrl = base ?? issuer;
    this.issuer = issuer;
    this.authorizationEndpoint = endpoint('authorizationEndpoint', options.authorizationEndpoint, '/oauth/authorize');
    this.tokenEndpoint = endpoint('tokenEndpoint', options.tokenEndpoint, '/oauth/token');
    this.revocationEndpoint = options.revocationEndpoint === undefined ? undefined : endpoint('revocationEndpoint', options.revocationEndpoint, '');
    this.tokenRequestFormat = format;
    this.clientAuthentication = method;
    this.#clientSecret = options.clientSecret;
    this.#requireIssuer = options.requireIssuer ?? false;
    this.#extraParams = checkExtraParams(options.extraParams);
    this.#fetch = options.fetch;
    this.#timeout = checkTimeout(options.timeout);
    this.#now = options.now ?? Date.now;
  }

  /**
   * Step 1: the URL to send the user to, with `response_type=code`, the scopes space-separated, a
   * fresh `state`, a PKCE S256 challenge and the extra parameters. Keep `state` and `codeVerifier` for
   * `handleCallback()`.
   */
  async authorizationUrl(options: AuthorizationUrlOptions): Promise<AuthorizationRequest> {
    const scope = typeof options?.scope === 'string' ? options.scope : (options?.scope ?? []).join(' ');
    if (scope.trim() === '' || (typeof options.scope !== 'string' && options.scope.some((s) => s === '' || /\s/.test(s)))) {
      throw new ConfigurationError('authorizationUrl() needs at least one scope, each without spaces');
    }
    const state = options.state ?? createState();
    if (typeof state !== 'string' || state === '') throw new ConfigurationError('state must be a non-empty string');
    const extra = { ...this.#extraParams, ...checkExtraParams(options.extraParams) };
    const { codeVerifier, codeChallenge } = await createPkcePair();
    const url = new URL(this.authorizationEndpoint);
    for (const [name, value] of Object.entries(extra)) {
      url.searchParams.delete(name);
      for (const one of typeof value === 'string' ? [value] : value) url.searchParams.append(name, one);
    }
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: this.clientId,
      redirect_uri: this.redirectUri,
      scope: scope.trim().split(/\s+/).join(' '),
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    };
    if (options.loginHint !== undefined) params.login_hint = options.loginHint;
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return { url: url.href, state, codeVerifier };
  }

  /**
   * Steps 2 and 3: checks the URL the user came back to, then exchanges its code. Refused with an
   * `OAuthCallbackError`, before any token request: a `state` other than the one sent (or one already
   * used), an `iss` other than this server's, an `error` parameter, no `code`.
   */
  async handleCallback(callbackUrl: string | URL, expected: { state: string; codeVerifier: string }): Promise<OAuthTokens> {
    const params = new URL(String(callbackUrl), this.redirectUri).searchParams;
    const returned = params.get('state');
    if (typeof expected?.state !== 'string' || expected.state === '' || returned !== expected.state) {
      throw new OAuthCallbackError('state_mismatch', { message: 'The callback state is not the one this sign-in sent; refused (a forged, stale or mixed-up callback)' });
    }
    if (this.#usedStates.has(returned)) {
      throw new OAuthCallbackError('state_mismatch', { message: 'This state was already used by a callback; a state is good for one sign-in' });
    }
    this.#usedStates.add(returned);
    // A Set iterates in insertion order: the first value is the oldest state remembered.
    if (this.#usedStates.size > USED_STATE_MEMORY) this.#usedStates.delete(this.#usedStates.values().next().value!);
    const issuer = params.get('iss');
    if ((issuer !== null && issuer !== this.issuer) || (issuer === null && this.#requireIssuer)) {
      throw new OAuthCallbackError('issuer_mismatch', {
        message: `The callback comes from issuer ${JSON.stringify(issuer)}, not ${this.issuer}; refused (RFC 9207)`,
      });
    }
    const error = params.get('error');
    if (error !== null) {
      throw new OAuthCallbackError('authorization_error', {
        error,
        errorDescription: params.get('error_description') ?? undefined,
        errorUri: params.get('error_uri') ?? undefined,
      });
    }
    const code = params.get('code');
    if (!code) throw new OAuthCallbackError('missing_code', { message: 'The callback has neither code nor error' });
    return this.exchangeCode({ code, codeVerifier: expected.codeVerifier });
  }

  /**
   * Step 3: the code and its PKCE verifier for tokens, with the same `redirect_uri` as step 1. A
   * missing or malformed verifier (lost on its way through storage) is refused with
   * `InvalidArgumentError` before any request, so the code is not spent.
   */
  async exchangeCode(params: { code: string; codeVerifier: string }): Promise<OAuthTokens> {
    const { code, codeVerifier } = params ?? {};
    if (typeof code !== 'string' || code === '') throw new InvalidArgumentError('exchangeCode() needs the code of the callback');
    checkCodeVerifier(codeVerifier, 'exchangeCode()');
    return this.#tokenRequest('authorization_code', { code, redirect_uri: this.redirectUri, code_verifier: codeVerifier }, {});
  }

  /**
   * A refresh (spec "Refresh"): new tokens for a refresh token, which the server rotates. Runs once;
   * a lost answer surfaces as `OAuthConnectionError` and is not retried. `scope` may only narrow the grant.
   */
  refresh(refreshToken: string, options: { scope?: string } = {}): Promise<OAuthTokens> {
    if (typeof refreshToken !== 'string' || refreshToken === '') {
      return Promise.reject(new OAuthError({ error: 'invalid_request', message: 'refresh() needs the refresh token; these tokens have none' }));
    }
    const params: Record<string, string> = { refresh_token: refreshToken };
    if (options.scope !== undefined) params.scope = options.scope;
    return this.#tokenRequest('refresh_token', params, { requestedScope: options.scope, previousRefreshToken: refreshToken });
  }

  /**
   * Revokes a token at the server (RFC 7009): a form body with `token` and `token_type_hint`, the
   * client authenticated as at the token endpoint. Revoking a refresh token ends its grant at a standard
   * server (its access tokens too). Resolves on the server's 200, which it also gives for a token it
   * does not know; needs a `revocationEndpoint` (configured, or discovered), else `ConfigurationError`.
   * Not retried: a lost answer is an `OAuthConnectionError` (`grantType: 'revocation'`).
   */
  async revoke(token: string, options: RevokeOptions = {}): Promise<void> {
    if (this.revocationEndpoint === undefined) {
      throw new ConfigurationError('revoke() needs a revocationEndpoint, configured or discovered');
    }
    if (typeof token !== 'string' || token === '') throw new InvalidArgumentError('revoke() needs the token to revoke');
    const body: Record<string, string> = { token };
    if (options?.tokenTypeHint !== undefined) body.token_type_hint = options.tokenTypeHint;
    await this.#post(this.revocationEndpoint, body, 'revocation', true);
  }

  async #tokenRequest(
    grantType: 'authorization_code' | 'refresh_token',
    params: Record<string, string>,
    context: { requestedScope?: string; previousRefreshToken?: string },
  ): Promise<OAuthTokens> {
    const [json, status] = await this.#post(this.tokenEndpoint, { grant_type: grantType, ...params }, grantType, this.tokenRequestFormat === 'form');
    if (json === undefined) throw new OAuthResponseError({ error: 'invalid_response', errorDescription: 'the token response is not JSON', status });
    return parseTokenResponse(json, { now: this.#now(), ...context });
  }

  /** POSTs to the token or revocation endpoint with the client's authentication; the JSON (if any) and status of a 2xx answer, or the OAuth error. */
  async #post(
    url: string,
    body: Record<string, string>,
    request: 'authorization_code' | 'refresh_token' | 'revocation',
    form: boolean,
  ): Promise<[json: unknown, status: number]> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#clientSecret !== undefined && this.clientAuthentication === 'client_secret_basic') {
      // RFC 6749 §2.3.1: id and secret are form-encoded, then joined and base64-encoded.
      headers.authorization = `Basic ${btoa(`${formEncode(this.clientId)}:${formEncode(this.#clientSecret)}`)}`;
    } else {
      body.client_id = this.clientId;
      if (this.#clientSecret !== undefined) body.client_secret = this.#clientSecret;
    }
    headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';

    let response: Response;
    let text: string;
    try {
      response = await (this.#fetch ?? globalThis.fetch)(url, {
        method: 'POST',
        headers,
        body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeout),
      });
      text = await response.text();
    } catch (cause) {
      throw new OAuthConnectionError(request, {
        cause,
        message:
          request === 'refresh_token'
            ? 'The refresh request got no answer; it is not retried, since the server may have rotated the refresh token already and a second use would revoke the session. Sign in again, or call refresh() once more knowingly.'
            : request === 'revocation'
              ? 'The revocation request got no answer; the token may still be valid.'
              : 'The token request got no answer; the code may be spent already. Start the sign-in again.',
      });
    }

    const json = parseJson(text);
    if (!response.ok) {
      const wire = json as { error?: unknown; error_description?: unknown; error_uri?: unknown } | undefined;
      if (typeof wire?.error === 'string') {
        throw new OAuthError({
          error: wire.error,
          errorDescription: typeof wire.error_description === 'string' ? wire.error_description : undefined,
          errorUri: typeof wire.error_uri === 'string' ? wire.error_uri : undefined,
          status: response.status,
          headers: response.headers,
        });
      }
      throw new OAuthResponseError({ error: 'invalid_response', errorDescription: `HTTP ${response.status} without an OAuth error body`, status: response.status, headers: response.headers });
    }
    return [json, response.status];
  }
}

/** Refuses a verifier that cannot be the one `authorizationUrl()` made (43 to 128 unreserved characters). */
function checkCodeVerifier(codeVerifier: unknown, caller: string): void {
  if (!isCodeVerifier(codeVerifier)) {
    throw new InvalidArgumentError(
      `${caller} needs the codeVerifier that authorizationUrl() returned for this sign-in (43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~"); keep it with the state until the callback`,
    );
  }
}

function checkTimeout(timeout: unknown = DEFAULT_TIMEOUT_MS): number {
  if (typeof timeout !== 'number' || !(timeout > 0)) throw new ConfigurationError(`timeout must be a positive number of milliseconds, got ${String(timeout)}`);
  return timeout;
}

/** Extra authorization parameters, refused when one would replace a parameter the client writes itself. */
function checkExtraParams(params: AuthorizationParams | undefined): AuthorizationParams {
  if (params === undefined) return {};
  if (typeof params !== 'object' || params === null) throw new ConfigurationError('extraParams must be an object');
  for (const [name, value] of Object.entries(params)) {
    if (PROTOCOL_PARAMS.includes(name)) {
      throw new ConfigurationError(`extraParams may not set ${name}: OAuthClient writes it`);
    }
    if (typeof value !== 'string' && !(Array.isArray(value) && value.every((v) => typeof v === 'string'))) {
      throw new ConfigurationError(`extraParams.${name} must be a string or strings`);
    }
  }
  return params;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `application/x-www-form-urlencoded` of one value (RFC 6749 Appendix B). */
const formEncode = (value: string): string => new URLSearchParams({ v: value }).toString().slice(2);
