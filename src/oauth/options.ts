// The options and results of `OAuthClient`, as an app writes and reads them.
import type { Environment } from '../core/environments.js';

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
