/**
 * `acs-sdk/oauth`: sign users in with OAuth 2.0 authorization code + PKCE (spec document 1, "OAuth
 * 2.0"), against the service or any standard authorization server (discovered from its metadata),
 * and keep their tokens fresh for `AcsClient`. Web Crypto and `fetch` only: runs unchanged in
 * browsers, Node 22+, Deno and edge workers.
 *
 * @example
 * import { OAuthClient, TokenManager } from 'acs-sdk/oauth';
 * const oauth = new OAuthClient({ clientId, redirectUri, environment: 'sandbox' });
 * // or: const oauth = await OAuthClient.discover('https://login.example.com', { clientId, redirectUri });
 * const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: 'read:accounts' });
 * // ...the user signs in and comes back:
 * const tokens = new TokenManager({ client: oauth, tokens: await oauth.handleCallback(callbackUrl, { state, codeVerifier }) });
 * const acs = new AcsClient({ auth: tokens, companyId });
 * @packageDocumentation
 *
 * @packageDocumentation
 * @module acs-sdk/oauth
 */
export { OAuthClient } from './client.js';
export { USED_STATE_MEMORY } from './callback.js';
export {
  PROTOCOL_PARAMS,
  type AuthorizationParams,
  type AuthorizationRequest,
  type AuthorizationUrlOptions,
  type ClientAuthenticationMethod,
  type DiscoveryOptions,
  type OAuthClientOptions,
  type RevokeOptions,
  type TokenRequestFormat,
} from './options.js';
export type { AuthorizationServerMetadata } from './discovery.js';
export { TokenManager, type TokenClient, type TokenManagerOptions } from './token-manager.js';
export { createPkcePair, codeChallengeS256, createState, type PkcePair } from './pkce.js';
export { parseTokenResponse, type OAuthTokens, type TokenResponse } from './tokens.js';
export {
  OAuthError,
  OAuthCallbackError,
  OAuthDiscoveryError,
  OAuthResponseError,
  OAuthConnectionError,
  type CallbackFailure,
  type DiscoveryFailure,
  type OAuthErrorInit,
} from './errors.js';
