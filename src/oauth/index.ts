/**
 * `acs-sdk/oauth`: sign users in with OAuth 2.0 authorization code + PKCE (spec document 1, "OAuth
 * 2.0"), and keep their tokens fresh for `AcsClient`. Web Crypto and `fetch` only: runs unchanged in
 * browsers, Node 22+, Deno and edge workers.
 *
 * @example
 * import { OAuthClient, TokenManager } from 'acs-sdk/oauth';
 * const oauth = new OAuthClient({ clientId, redirectUri, environment: 'sandbox' });
 * const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: 'read:accounts' });
 * // ...the user signs in and comes back:
 * const tokens = new TokenManager({ client: oauth, tokens: await oauth.handleCallback(callbackUrl, { state, codeVerifier }) });
 * const acs = new AcsClient({ auth: tokens, companyId });
 * @packageDocumentation
 */
export {
  OAuthClient,
  USED_STATE_MEMORY,
  type AuthorizationRequest,
  type AuthorizationUrlOptions,
  type ClientAuthenticationMethod,
  type OAuthClientOptions,
  type TokenRequestFormat,
} from './client.js';
export { TokenManager, type TokenManagerOptions } from './token-manager.js';
export { createPkcePair, codeChallengeS256, createState, type PkcePair } from './pkce.js';
export { parseTokenResponse, type OAuthTokens, type TokenResponse } from './tokens.js';
export {
  OAuthError,
  OAuthCallbackError,
  OAuthResponseError,
  OAuthConnectionError,
  type CallbackFailure,
  type OAuthErrorInit,
} from './errors.js';
