import { oauthAuthorize, type OAuthAuthorizeParams } from '../../generated/index.js';

import { OauthMethods } from '../../generated/resources/oauth.js';

/**
 * The OAuth endpoints, as thin contract methods. Apps sign users in with `OAuthClient` and keep tokens
 * fresh with `TokenManager` (both from `acs-sdk/oauth`), which add PKCE, state and issuer checks,
 * the standard form encoding and refresh rules; these methods send exactly what they are given.
 */
export class OAuth extends OauthMethods {
  /** The `/oauth/authorize` URL for these parameters, to send a browser to (nothing is fetched). */
  authorizeUrl(query: OAuthAuthorizeParams): string {
    return this.core.transport.urlOf(oauthAuthorize, { query: { ...query } });
  }
}
