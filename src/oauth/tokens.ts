import { isObject, isText } from './checks.js';
import { OAuthResponseError } from './errors.js';

/** A token endpoint's success body as RFC 6749 §5.1 writes it (the spec's fields; a standard server may omit the optional ones). */
export interface TokenResponse {
  /** The bearer token for API calls. */
  access_token: string;
  /** `Bearer`, compared case-insensitively (RFC 6749 §5.1). */
  token_type: string;
  /** Seconds the access token lives (the service: 3600). */
  expires_in?: number;
  /** Exchanged for a new pair by a refresh; the service rotates it on every use. */
  refresh_token?: string;
  /** Granted scopes, space-separated; omitted when identical to the requested ones. */
  scope?: string;
}

/**
 * Tokens as an app keeps them (and stores them: plain JSON). `expiresAt` is computed on receipt, so
 * a stored copy stays meaningful after a restart.
 */
export interface OAuthTokens {
  /** The bearer token for API calls. */
  accessToken: string;
  /** Always `Bearer` (the response's `token_type`, in any case). */
  tokenType: 'Bearer';
  /** Epoch milliseconds when the access token expires; undefined when the server gave no lifetime. */
  expiresAt?: number;
  /** The current refresh token: after each refresh, the rotated one (the previous one is spent). */
  refreshToken?: string;
  /** Granted scopes, space-separated. */
  scope?: string;
}

/**
 * Checks and converts a token response. `requestedScope` fills a missing `scope` (RFC 6749 §5.1: omitted
 * means as requested); `previousRefreshToken` is kept when a refresh answer brings no new one (§6).
 */
export function parseTokenResponse(
  body: unknown,
  { now, requestedScope, previousRefreshToken }: { now: number; requestedScope?: string; previousRefreshToken?: string },
): OAuthTokens {
  const invalid = (description: string, error = 'invalid_response') => new OAuthResponseError({ error, errorDescription: description });
  if (!isObject(body)) throw invalid('the token response is not a JSON object');
  const { access_token: accessToken, token_type: tokenType, expires_in: lifetime } = body;
  if (!isText(accessToken)) throw invalid('the token response has no access_token');
  if (typeof tokenType !== 'string' || tokenType.toLowerCase() !== 'bearer')
    throw invalid(`token_type ${JSON.stringify(tokenType)} is not Bearer`, 'unsupported_token_type');
  // Some servers send expires_in as a numeric string.
  const expiresIn = typeof lifetime === 'string' && /^\d+$/.test(lifetime) ? Number(lifetime) : lifetime;
  if (expiresIn !== undefined && !(typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0)) {
    throw invalid(`expires_in ${JSON.stringify(lifetime)} is not a positive number of seconds`);
  }
  for (const name of ['refresh_token', 'scope'])
    if (body[name] !== undefined && typeof body[name] !== 'string') throw invalid(`${name} is not a string`);

  const tokens: OAuthTokens = { accessToken, tokenType: 'Bearer' };
  if (expiresIn !== undefined) tokens.expiresAt = now + expiresIn * 1000;
  const refreshToken = (body.refresh_token as string | undefined) ?? previousRefreshToken;
  if (refreshToken !== undefined) tokens.refreshToken = refreshToken;
  const scope = (body.scope as string | undefined) ?? requestedScope;
  if (scope !== undefined) tokens.scope = scope;
  return tokens;
}
