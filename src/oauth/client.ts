import { ConfigurationError, InvalidArgumentError } from '../core/errors.js';
import { authorizationRequest } from './authorize.js';
import { callbackCode } from './callback.js';
import { isText } from './checks.js';
import { checkTimeout, resolveConfig, type ClientConfig } from './config.js';
import { fetchMetadata } from './discovery.js';
import { OAuthDiscoveryError, OAuthError } from './errors.js';
import type {
  AuthorizationRequest,
  AuthorizationUrlOptions,
  ClientAuthenticationMethod,
  DiscoveryOptions,
  OAuthClientOptions,
  RevokeOptions,
  TokenRequestFormat,
} from './options.js';
import { isCodeVerifier, VERIFIER_FORM } from './pkce.js';
import { post, requestTokens } from './requests.js';
import type { OAuthTokens } from './tokens.js';

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
  // The public settings are declared, not initialised: the constructor copies them from the resolved config.
  /** The `client_id` sent with every request. */
  declare readonly clientId: string;
  /** The `redirect_uri`, identical in the authorization and the token request. */
  declare readonly redirectUri: string;
  /** The authorization server's base URL, without a trailing slash (the issuer when no `authUrl` was given). */
  declare readonly authUrl: string;
  /** The `iss` a callback must name when it names one (RFC 9207), exactly as configured or discovered. */
  declare readonly issuer: string;
  /** Where `authorizationUrl()` sends the user. */
  declare readonly authorizationEndpoint: string;
  /** Where codes and refresh tokens are exchanged. */
  declare readonly tokenEndpoint: string;
  /** Where `revoke()` sends a token (RFC 7009); undefined when the server has none. */
  declare readonly revocationEndpoint: string | undefined;
  /** How token requests are written: `json` (the spec) or `form` (RFC 6749). */
  declare readonly tokenRequestFormat: TokenRequestFormat;
  /** How a confidential client sends its secret. */
  declare readonly clientAuthentication: ClientAuthenticationMethod;
  readonly #config: ClientConfig;
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
      if (!clientAuthentication)
        throw new OAuthDiscoveryError('unsupported', `${issuer} takes no client secret (client_secret_basic or client_secret_post)`);
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
    const config = resolveConfig(options);
    this.#config = config;
    this.clientId = config.clientId;
    this.redirectUri = config.redirectUri;
    this.authUrl = config.authUrl;
    this.issuer = config.issuer;
    this.authorizationEndpoint = config.authorizationEndpoint;
    this.tokenEndpoint = config.tokenEndpoint;
    this.revocationEndpoint = config.revocationEndpoint;
    this.tokenRequestFormat = config.tokenRequestFormat;
    this.clientAuthentication = config.clientAuthentication;
  }

  /**
   * Step 1: the URL to send the user to, with `response_type=code`, the scopes space-separated, a
   * fresh `state`, a PKCE S256 challenge and the extra parameters. Keep `state` and `codeVerifier` for
   * `handleCallback()`.
   */
  authorizationUrl(options: AuthorizationUrlOptions): Promise<AuthorizationRequest> {
    return authorizationRequest(this.#config, options);
  }

  /**
   * Steps 2 and 3: checks the URL the user came back to, then exchanges its code. Refused with an
   * `OAuthCallbackError`, before any token request: a `state` other than the one sent (or one already
   * used), an `iss` other than this server's, an `error` parameter, no `code`.
   */
  async handleCallback(callbackUrl: string | URL, expected: { state: string; codeVerifier: string }): Promise<OAuthTokens> {
    const code = callbackCode(this.#config, this.#usedStates, callbackUrl, expected);
    return this.exchangeCode({ code, codeVerifier: expected.codeVerifier });
  }

  /**
   * Step 3: the code and its PKCE verifier for tokens, with the same `redirect_uri` as step 1. A
   * missing or malformed verifier (lost on its way through storage) is refused with
   * `InvalidArgumentError` before any request, so the code is not spent.
   */
  async exchangeCode(params: { code: string; codeVerifier: string }): Promise<OAuthTokens> {
    const { code, codeVerifier } = params ?? {};
    if (!isText(code)) throw new InvalidArgumentError('exchangeCode() needs the code of the callback');
    if (!isCodeVerifier(codeVerifier)) {
      throw new InvalidArgumentError(
        `exchangeCode() needs the codeVerifier authorizationUrl() returned for this sign-in: ${VERIFIER_FORM}`,
      );
    }
    return requestTokens(this.#config, 'authorization_code', { code, redirect_uri: this.redirectUri, code_verifier: codeVerifier });
  }

  /**
   * A refresh (spec "Refresh"): new tokens for a refresh token, which the server rotates. Runs once;
   * a lost answer surfaces as `OAuthConnectionError` and is not retried. `scope` may only narrow the grant.
   */
  async refresh(refreshToken: string, options: { scope?: string } = {}): Promise<OAuthTokens> {
    if (!isText(refreshToken))
      throw new OAuthError({ error: 'invalid_request', message: 'refresh() needs the refresh token; these tokens have none' });
    const params: Record<string, string> = { refresh_token: refreshToken };
    if (options.scope !== undefined) params.scope = options.scope;
    return requestTokens(this.#config, 'refresh_token', params, { requestedScope: options.scope, previousRefreshToken: refreshToken });
  }

  /**
   * Revokes a token at the server (RFC 7009): a form body with `token` and `token_type_hint`, the
   * client authenticated as at the token endpoint. Revoking a refresh token ends its grant at a standard
   * server (its access tokens too). Resolves on the server's 200, which it also gives for a token it
   * does not know; needs a `revocationEndpoint` (configured, or discovered), else `ConfigurationError`.
   * Not retried: a lost answer is an `OAuthConnectionError` (`grantType: 'revocation'`).
   */
  async revoke(token: string, options: RevokeOptions = {}): Promise<void> {
    if (this.revocationEndpoint === undefined)
      throw new ConfigurationError('revoke() needs a revocationEndpoint, configured or discovered');
    if (!isText(token)) throw new InvalidArgumentError('revoke() needs the token to revoke');
    const params: Record<string, string> = { token };
    if (options?.tokenTypeHint !== undefined) params.token_type_hint = options.tokenTypeHint;
    await post(this.#config, 'revocation', params);
  }
}
