/**
 * The sandbox's OAuth 2.0 authorization server (spec document 1, "OAuth 2.0 (authorization code with
 * PKCE)"): the authorize step (oauth-authorize.ts), the token endpoint (oauth-token.ts), access-token
 * checks (oauth-access.ts), shared rules (oauth-rules.ts) and the records (oauth-tables.ts).
 */
export * from './tables.js';
export { OAuthProblem, issuerOf, isRegisteredRedirect, parseScopes, tokenRequestProblem } from './rules.js';
export { authorize, refuseAuthorization, type AuthorizeOutcome } from './authorize.js';
export { exchangeToken, type ClientAuthentication, type TokenOutcome } from './token.js';
export { authenticateAccessToken } from './access.js';
export { findUser, signIn, signInAs } from './sign-in.js';
