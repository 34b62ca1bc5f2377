import type { AccessTokenProvider } from '../core/options.js';
import { ConfigurationError } from '../core/errors.js';
import type { OAuthClient } from './client.js';
import { isText } from './checks.js';
import { OAuthError } from './errors.js';
import type { OAuthTokens } from './tokens.js';

/** Options of `new TokenManager()`. */
export interface TokenManagerOptions {
  /** The client that refreshes, and revokes on `signOut()` when it has a `revocationEndpoint`. */
  client: TokenClient;
  /** The tokens to start from: `handleCallback()`'s result, or a stored copy. */
  tokens: OAuthTokens;
  /** Receives every new pair, the rotated refresh token included: store them, or the next start signs in again. */
  onTokens?: (tokens: OAuthTokens) => void | Promise<void>;
  /** Seconds before `expiresAt` at which a call refreshes first. Default 60. */
  skewSeconds?: number;
  /** The clock expiry is judged by (epoch ms). Default `Date.now`. */
  now?: () => number;
}

/** What a `TokenManager` needs of its client: `refresh()`, and for a revoking `signOut()`, `revoke()` with a `revocationEndpoint`. */
export type TokenClient = Pick<OAuthClient, 'refresh'> & Partial<Pick<OAuthClient, 'revoke' | 'revocationEndpoint'>>;

const DEFAULT_SKEW_SECONDS = 60;

/**
 * Keeps an OAuth session's access token fresh for `new AcsClient({ auth: tokens, companyId })`:
 * refreshes shortly before expiry, runs one refresh for any number of concurrent calls, keeps the
 * rotated refresh token and hands every new pair to `onTokens`; on a 401 for an expired token the
 * client asks it for one refresh and replays the call once.
 *
 * A refresh is never retried by the manager: with rotation, presenting a refresh token whose answer
 * was lost revokes the session at a standard server (RFC 6749 §10.4). A failed refresh is reported to
 * every waiting call and to later ones, until `refresh()` is called knowingly or `setTokens()` gives
 * new tokens (after a new sign-in). `signOut()` revokes the refresh token where the server can, and
 * forgets the tokens.
 *
 * @example
 * const tokens = new TokenManager({ client: oauth, tokens: saved, onTokens: (t) => store.save(t) });
 * const acs = new AcsClient({ auth: tokens, companyId });
 */
export class TokenManager implements AccessTokenProvider {
  readonly #client: TokenClient;
  readonly #onTokens: TokenManagerOptions['onTokens'];
  readonly #skewMs: number;
  readonly #now: () => number;
  #tokens: OAuthTokens | undefined;
  #refreshing: Promise<OAuthTokens> | null = null;
  /** The error of the last failed refresh, repeated until `refresh()` or `setTokens()`. */
  #failure: unknown = null;

  constructor(options: TokenManagerOptions) {
    if (typeof options?.client?.refresh !== 'function') throw new ConfigurationError('TokenManager needs client: an OAuthClient');
    checkTokens(options.tokens);
    const skew = options.skewSeconds ?? DEFAULT_SKEW_SECONDS;
    if (!(Number.isFinite(skew) && skew >= 0)) throw new ConfigurationError(`skewSeconds must be a number >= 0, got ${String(skew)}`);
    this.#client = options.client;
    this.#tokens = { ...options.tokens };
    this.#onTokens = options.onTokens;
    this.#skewMs = skew * 1000;
    this.#now = options.now ?? Date.now;
  }

  /** The current tokens (a copy); undefined after `signOut()`. */
  get tokens(): OAuthTokens | undefined {
    return this.#tokens && { ...this.#tokens };
  }

  /** The access token for the next request; refreshed first when it expires within the skew. */
  async getAccessToken(): Promise<string> {
    if (this.#failure !== null) throw this.#failure;
    if (this.#refreshing) return (await this.#refreshing).accessToken;
    const { expiresAt, refreshToken } = this.#tokens!;
    if (expiresAt !== undefined && refreshToken !== undefined && this.#now() >= expiresAt - this.#skewMs) {
      return (await this.#refresh()).accessToken;
    }
    return this.#tokens!.accessToken;
  }

  /**
   * The service refused `rejectedToken` as invalid: refresh once (joining a refresh in flight), or
   * hand back the newer token another call already got. Undefined: there is no refresh token.
   */
  async handleUnauthorized(rejectedToken: string): Promise<string | undefined> {
    if (this.#failure !== null) throw this.#failure;
    if (this.#refreshing) return (await this.#refreshing).accessToken;
    const tokens = this.#tokens!;
    if (tokens.accessToken !== rejectedToken) return tokens.accessToken;
    if (tokens.refreshToken === undefined) return undefined;
    return (await this.#refresh()).accessToken;
  }

  /** Refreshes now (joining one in flight), also after a failed refresh: your explicit decision to try again. Refused after `signOut()`. */
  refresh(): Promise<OAuthTokens> {
    if (this.#tokens === undefined) return Promise.reject(this.#failure);
    this.#failure = null;
    return this.#refresh();
  }

  /**
   * Signs out: waits for a refresh in flight, forgets the tokens (every later call fails with
   * `OAuthError` `signed_out` until `setTokens()`), then revokes the refresh token (the access token
   * when there is none) at the client's `revocationEndpoint` (RFC 7009), which ends the grant at a
   * standard server. Resolves true when the server revoked it, false when the client has no revocation
   * endpoint (the service has none: its tokens then live until they expire). The tokens are forgotten
   * even when revocation fails; the failure is thrown. `onTokens` is not called: delete your stored copy.
   */
  async signOut(): Promise<boolean> {
    while (this.#refreshing) await this.#refreshing.catch(() => undefined);
    const tokens = this.#tokens;
    this.#tokens = undefined;
    this.#failure = new OAuthError({ error: 'signed_out', message: 'Signed out; sign in again (setTokens())' });
    if (tokens === undefined || this.#client.revocationEndpoint === undefined || !this.#client.revoke) return false;
    const { refreshToken, accessToken } = tokens;
    await this.#client.revoke(refreshToken ?? accessToken, { tokenTypeHint: refreshToken ? 'refresh_token' : 'access_token' });
    return true;
  }

  /** Replaces the tokens (after a new sign-in, or a sign-out) and clears a failed refresh. `onTokens` is not called. */
  setTokens(tokens: OAuthTokens): void {
    checkTokens(tokens);
    this.#tokens = { ...tokens };
    this.#failure = null;
  }

  #refresh(): Promise<OAuthTokens> {
    this.#refreshing ??= this.#runRefresh().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  async #runRefresh(): Promise<OAuthTokens> {
    const current = this.#tokens!;
    let next: OAuthTokens;
    try {
      next = await this.#client.refresh(current.refreshToken ?? '');
    } catch (error) {
      this.#failure = error;
      throw error;
    }
    // RFC 6749 §6: a server may keep the refresh token (send none back) or narrow nothing (omit scope).
    this.#tokens = { ...next, refreshToken: next.refreshToken ?? current.refreshToken, scope: next.scope ?? current.scope };
    // The save hook: its failure reaches the calls waiting on this refresh (a lost rotated token would revoke the session on the next start); the new tokens stay in use.
    await this.#onTokens?.({ ...this.#tokens });
    return this.#tokens;
  }
}

function checkTokens(tokens: OAuthTokens): void {
  if (!isText(tokens?.accessToken)) {
    throw new ConfigurationError('TokenManager needs tokens with an accessToken (from handleCallback() or storage)');
  }
  if (tokens.expiresAt !== undefined && !Number.isFinite(tokens.expiresAt)) {
    throw new ConfigurationError('tokens.expiresAt must be epoch milliseconds');
  }
}
