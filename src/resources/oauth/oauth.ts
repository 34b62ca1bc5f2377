import { oauthAuthorize, oauthToken, type OAuthAuthorizeParams } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/**
 * The OAuth endpoints, as thin contract methods. Apps sign users in with `OAuthClient` and keep tokens
 * fresh with `TokenManager` (both from `acs-sdk/oauth`), which add PKCE, state and issuer checks,
 * the standard form encoding and refresh rules; these methods send exactly what they are given.
 */
export class OAuth extends Resource {
  /**
   * `GET /oauth/authorize` without following its redirect: resolves to `{ location }`, where the
   * server sends the user back (with `code`, `state` and `iss`, or `error`). The sandbox consents at
   * once, so a server-side test can sign in this way; a browser navigates to `authorizeUrl()` instead.
   *
   * @example
   * const { location } = await acs.oauth.authorize({ response_type: 'code', client_id, redirect_uri, scope: 'read:accounts', state, code_challenge, code_challenge_method: 'S256' });
   */
  authorize = this.method(oauthAuthorize);

  /**
   * `POST /oauth/token` with a JSON body, as the spec writes it; resolves to the RFC 6749 token
   * response itself (`access_token`, `refresh_token`, `expires_in`, `scope`). Never retried: a code and a
   * refresh token are single-use.
   *
   * @example
   * const tokens = await acs.oauth.token({ grant_type: 'refresh_token', client_id, client_secret, refresh_token });
   */
  token = this.method(oauthToken);

  /** The `/oauth/authorize` URL for these parameters, to send a browser to (nothing is fetched). */
  authorizeUrl(query: OAuthAuthorizeParams): string {
    return this.core.transport.urlOf(oauthAuthorize, { query: { ...query } });
  }
}
