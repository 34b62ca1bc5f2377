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
  const invalid = (error: string, description: string) => new OAuthResponseError({ error, errorDescription: description });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('invalid_response', 'the token response is not a JSON object');
  const wire = body as Record<string, unknown>;
  if (typeof wire.access_token !== 'string' || wire.access_token === '') throw invalid('invalid_response', 'the token response has no access_token');
  if (typeof wire.token_type !== 'string' || wire.token_type.toLowerCase() !== 'bearer') {
    throw invalid('unsupported_token_type', `token_type ${JSON.stringify(wire.token_type)} is not Bearer`);
  }
  // Some servers send expires_in as a numeric string.
  const expiresIn = typeof wire.expires_in === 'string' && /^\d+$/.test(wire.expires_in) ? Number(wire.expires_in) : wire.expires_in;
  if (expiresIn !== undefined && (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn <= 0)) {
    throw invalid('invalid_response', `expires_in ${JSON.stringify(wire.expires_in)} is not a positive number of seconds`);
  }
  if (wire.refresh_token !== undefined && typeof wire.refresh_token !== 'string') throw invalid('invalid_response', 'refresh_token is not a string');
  if (wire.scope !== undefined && typeof wire.scope !== 'string') throw invalid('invalid_response', 'scope is not a string');

  const tokens: OAuthTokens = { accessToken: wire.access_token, tokenType: 'Bearer' };
  if (typeof expiresIn === 'number') tokens.expiresAt = now + expiresIn * 1000;
  const refreshToken = (wire.refresh_token as string | undefined) ?? previousRefreshToken;
  if (refreshToken !== undefined) tokens.refreshToken = refreshToken;
  const scope = (wire.scope as string | undefined) ?? requestedScope;
  if (scope !== undefined) tokens.scope = scope;
  return tokens;
}
