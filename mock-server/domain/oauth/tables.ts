import { GLOBAL, type Store } from '../../store/index.js';
import { defineUsersTable } from '../shared/users.js';

// The users the server signs in are shared with the audit trail and purchasing approvals (domain/shared/users.ts).
export { findLoginSubject, users, type UserRow } from '../shared/users.js';

/**
 * The authorization server's records. They belong to no company, so they live in the GLOBAL tables
 * beside companies and API keys. Codes and tokens are stored as SHA-256 hashes only: no row holds a
 * usable secret (a store snapshot or the audit trail never leaks one).
 */

/** Access tokens last an hour (spec document 1, "Limits": OAuth access token lifetime). */
export const ACCESS_TOKEN_SECONDS = 3600;
/** Authorization codes are single-use and short-lived (RFC 6749 §4.1.2 recommends at most 10 minutes). */
export const CODE_SECONDS = 60;
/** A refresh token lasts 30 days from its issue; each rotation issues a new one. */
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

/** Bearer values of access tokens start so; refresh tokens never reach the API. */
export const ACCESS_TOKEN_PREFIX = 'acs_at_';
export const REFRESH_TOKEN_PREFIX = 'acs_rt_';

/** A registered application. Confidential clients keep a secret on a server; public ones (browser, native) have none. */
export interface OAuthClientRow {
  id: string;
  clientId: string;
  name: string;
  type: 'confidential' | 'public';
  /** SHA-256 of the secret (base64url); null for a public client. */
  secretHash: string | null;
  redirectUris: string[];
  createdAt: string;
}

export interface AuthorizationCodeRow {
  id: string;
  codeHash: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  /** S256 challenge (RFC 7636 §4.2). */
  codeChallenge: string;
  expiresAt: number;
  usedAt: string | null;
  /** The grant its exchange started; a second exchange revokes it (RFC 6749 §4.1.2). */
  grantId: string | null;
  createdAt: string;
}

/** One consent: every access and refresh token descends from it, and revoking it revokes them all. */
export interface GrantRow {
  id: string;
  clientId: string;
  userId: string;
  scopes: string[];
  revokedAt: string | null;
  revokedReason: 'refresh_token_reuse' | 'code_reuse' | null;
  createdAt: string;
}

export interface AccessTokenRow {
  id: string;
  tokenHash: string;
  grantId: string;
  scopes: string[];
  expiresAt: number;
  createdAt: string;
}

export interface RefreshTokenRow {
  id: string;
  tokenHash: string;
  grantId: string;
  expiresAt: number;
  /** When it was exchanged for its successor; presenting it again afterwards is reuse. */
  rotatedAt: string | null;
  createdAt: string;
}

export function defineOAuthTables(store: Store): void {
  store.defineTable('oauthClients', { prefix: 'oac', indexes: ['clientId'] });
  defineUsersTable(store);
  store.defineTable('oauthCodes', { prefix: 'oco', indexes: ['codeHash'], internal: true });
  store.defineTable('oauthGrants', { prefix: 'ogr', internal: true });
  store.defineTable('oauthAccessTokens', { prefix: 'oat', indexes: ['tokenHash'], internal: true });
  store.defineTable('oauthRefreshTokens', { prefix: 'ort', indexes: ['tokenHash'], internal: true });
}

export const oauthClients = (store: Store) => store.table<OAuthClientRow>(GLOBAL, 'oauthClients');
export const authorizationCodes = (store: Store) => store.table<AuthorizationCodeRow>(GLOBAL, 'oauthCodes');
export const grants = (store: Store) => store.table<GrantRow>(GLOBAL, 'oauthGrants');
export const accessTokens = (store: Store) => store.table<AccessTokenRow>(GLOBAL, 'oauthAccessTokens');
export const refreshTokens = (store: Store) => store.table<RefreshTokenRow>(GLOBAL, 'oauthRefreshTokens');

export const findClient = (store: Store, clientId: string): OAuthClientRow | undefined =>
  oauthClients(store).byIndex('clientId', clientId)[0];
