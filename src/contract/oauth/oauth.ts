import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { secret } from '../common.js';

/**
 * The OAuth 2.0 authorization server (spec document 1, "OAuth 2.0 (authorization code with PKCE)"),
 * under the `auth` base. Its answers follow RFC 6749, not the spec's envelope: a redirect from
 * `/oauth/authorize`, token JSON or `{ error, error_description }` from `/oauth/token`.
 */

/** A PKCE code verifier: 43 to 128 unreserved characters (RFC 7636 §4.1). */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 code challenge: the base64url SHA-256 of the verifier, 43 characters without padding (RFC 7636 §4.2). */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A space-separated list of scope tokens (RFC 6749 §3.3). */
const scopeList = () => z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, 'space-separated scope names');

/** Query of `GET /oauth/authorize` (spec step 1; RFC 6749 §4.1.1, RFC 7636 §4.3). */
export const OAuthAuthorizeParams = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1),
  redirect_uri: z.url(),
  scope: scopeList(),
  state: z.string().min(1).optional(),
  code_challenge: z.string().regex(CODE_CHALLENGE_PATTERN, 'an S256 challenge: 43 base64url characters'),
  code_challenge_method: z.literal('S256'),
  /** Which sandbox user consents (by e-mail); default: the seed's first user (OpenID Connect's `login_hint`). */
  login_hint: z.string().optional(),
});
export type OAuthAuthorizeParams = z.infer<typeof OAuthAuthorizeParams>;

/** Where `/oauth/authorize` redirects: `redirect_uri` with `code`, `state` and `iss`, or with `error`. */
export const AuthorizeRedirect = z.object({ location: z.url() });
export type AuthorizeRedirect = z.infer<typeof AuthorizeRedirect>;

/** Client credentials in the body (spec steps 3 and refresh); a confidential client may send them as HTTP Basic instead (RFC 6749 §2.3.1). */
const clientCredentials = {
  client_id: z.string().min(1).optional(),
  client_secret: secret(z.string().min(1)).optional(),
};

/** Token exchange (spec step 3; RFC 6749 §4.1.3 with RFC 7636 §4.5's `code_verifier`). */
export const AuthorizationCodeGrant = z.object({
  grant_type: z.literal('authorization_code'),
  code: secret(z.string().min(1)),
  redirect_uri: z.string().min(1),
  code_verifier: secret(z.string().regex(CODE_VERIFIER_PATTERN, '43 to 128 unreserved characters')),
  ...clientCredentials,
});
/** Refresh (spec "Refresh"; RFC 6749 §6): `scope`, when given, may only narrow the grant. */
export const RefreshTokenGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: secret(z.string().min(1)),
  scope: scopeList().optional(),
  ...clientCredentials,
});
/** Body of `POST /oauth/token`, JSON (as the spec writes it) or form-encoded (RFC 6749). */
export const OAuthTokenParams = z.discriminatedUnion('grant_type', [AuthorizationCodeGrant, RefreshTokenGrant]);
export type OAuthTokenParams = z.input<typeof OAuthTokenParams>;

/** Success body of `POST /oauth/token` (spec: "Token response fields"; RFC 6749 §5.1). */
export const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  /** Seconds; 3600 (spec document 1, "Limits"). */
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
  /** The granted scopes, space-separated. */
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** Failure body of the OAuth endpoints (RFC 6749 §4.1.2.1 and §5.2). */
export const OAuthErrorBody = z.object({
  error: z.string(),
  error_description: z.string().optional(),
  error_uri: z.string().optional(),
});
export type OAuthErrorBody = z.infer<typeof OAuthErrorBody>;

export const oauthAuthorize = endpoint({
  id: 'oauth.authorize',
  method: 'GET',
  path: '/oauth/authorize',
  api: 'auth',
  auth: false,
  status: 302,
  envelope: false,
  summary: 'Start a sign-in: the sandbox consents at once and redirects to redirect_uri with code, state and iss',
  description:
    '`GET /oauth/authorize` without following its redirect: resolves to `{ location }`, where the server sends the user back (with `code`, `state` and `iss`, or `error`). The sandbox consents at once, so a server-side test can sign in this way; a browser navigates to `authorizeUrl()` instead.\n\n' +
    'A browser navigates here; it is not fetched by apps. Unknown client or unregistered redirect_uri: 400 with an OAuth error body ' +
    '(never a redirect, RFC 6749 §4.1.2.1); any other problem redirects to redirect_uri with error and error_description.',
  example:
    "const { location } = await acs.oauth.authorize({ response_type: 'code', client_id, redirect_uri, scope: 'read:accounts', state, code_challenge, code_challenge_method: 'S256' });",
  exampleCall: { query: { fixture: 'signIn' } },

  query: OAuthAuthorizeParams,
  response: AuthorizeRedirect,
  errorBody: OAuthErrorBody,
});

export const oauthToken = endpoint({
  id: 'oauth.token',
  method: 'POST',
  path: '/oauth/token',
  api: 'auth',
  auth: false,
  envelope: false,
  retryable: false,
  requestContentTypes: ['application/json', 'application/x-www-form-urlencoded'],
  summary: 'Exchange an authorization code (with its PKCE verifier) or a refresh token for tokens',
  description:
    '`POST /oauth/token` with a JSON body, as the spec writes it; resolves to the RFC 6749 token response itself (`access_token`, `refresh_token`, `expires_in`, `scope`). Never retried: a code and a refresh token are single-use.\n\n' +
    'Codes are single-use and live 60 s; refresh tokens rotate, and presenting a rotated-out one revokes every token of its grant. ' +
    'Errors are RFC 6749 §5.2 JSON with Cache-Control: no-store.',
  example: "const tokens = await acs.oauth.token({ grant_type: 'refresh_token', client_id, client_secret, refresh_token });",

  body: OAuthTokenParams,
  response: TokenResponse,
  errorBody: OAuthErrorBody,
});
