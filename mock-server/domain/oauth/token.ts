import type { BasicCredentials } from '../../kernel/basic-auth.js';
import type { z } from 'zod';
import type { AuthorizationCodeGrant, RefreshTokenGrant, OAuthTokenParams, TokenResponse } from '../../../src/contract/index.js';
import type { MockClock } from '../../kernel/clock.js';
import type { Store } from '../../store/index.js';
import { OAuthProblem, parseScopes } from './rules.js';
import { randomSecret, secretHash } from '../../kernel/digest.js';
import { s256 } from './pkce.js';
import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKEN_SECONDS,
  accessTokens,
  authorizationCodes,
  findClient,
  grants,
  REFRESH_TOKEN_PREFIX,
  REFRESH_TOKEN_SECONDS,
  refreshTokens,
  type GrantRow,
  type OAuthClientRow,
} from './tables.js';

export interface TokenContext {
  store: Store;
  clock: MockClock;
}

/** Client credentials sent as HTTP Basic (RFC 6749 §2.3.1), `malformed` when the header could not be read. */
export type ClientAuthentication = BasicCredentials | 'malformed' | null;

/**
 * The token endpoint's answer. A refusal is returned, not thrown: revoking a grant on a reused code or
 * refresh token must be kept although the request is refused, and a throw would roll the store back.
 */
export type TokenOutcome = { ok: true; body: TokenResponse } | { ok: false; problem: OAuthProblem };

type Parsed = z.output<typeof OAuthTokenParams>;

/** `POST /oauth/token`: authenticates the client, then exchanges a code or rotates a refresh token. */
export function exchangeToken(ctx: TokenContext, request: Parsed, basic: ClientAuthentication): TokenOutcome {
  const client = authenticateClient(ctx.store, request, basic);
  if (client instanceof OAuthProblem) return { ok: false, problem: client };
  return request.grant_type === 'authorization_code' ? exchangeCode(ctx, client, request) : rotateRefreshToken(ctx, client, request);
}

/**
 * Client authentication (RFC 6749 §2.3): a confidential client proves its secret, in the body (as the
 * spec writes it) or as HTTP Basic, never both; a public client sends none and relies on PKCE.
 */
function authenticateClient(store: Store, request: Parsed, basic: ClientAuthentication): OAuthClientRow | OAuthProblem {
  const invalidClient = (description: string) => new OAuthProblem('invalid_client', description, 401, basic !== null);
  if (basic === 'malformed') return invalidClient('The Authorization header is not HTTP Basic with a URL-encoded client_id:client_secret');
  if (basic && request.client_secret !== undefined) {
    return new OAuthProblem('invalid_request', 'Send the client secret once: in the Authorization header or in the body, not both');
  }
  if (basic && request.client_id !== undefined && request.client_id !== basic.clientId) {
    return invalidClient('client_id in the body differs from the one in the Authorization header');
  }
  const clientId = basic?.clientId ?? request.client_id;
  if (clientId === undefined) return invalidClient('client_id is required');
  const client = findClient(store, clientId);
  if (!client) return invalidClient(`Unknown client_id ${clientId}`);
  const secret = basic?.clientSecret ?? request.client_secret;
  if (client.type === 'public') {
    return secret === undefined ? client : invalidClient(`${clientId} is a public client: it has no secret, and must not send one`);
  }
  if (secret === undefined) return invalidClient(`${clientId} is a confidential client: send its client_secret`);
  if (!equalHashes(secretHash(secret), client.secretHash!)) return invalidClient(`Wrong client_secret for ${clientId}`);
  return client;
}

/** Spec step 3: a code is valid once, for 60 s, for the client, redirect URI and PKCE verifier it was issued with. */
function exchangeCode(ctx: TokenContext, client: OAuthClientRow, request: z.output<typeof AuthorizationCodeGrant>): TokenOutcome {
  const invalidGrant = (description: string): TokenOutcome => ({ ok: false, problem: new OAuthProblem('invalid_grant', description) });
  const codes = authorizationCodes(ctx.store);
  const code = codes.byIndex('codeHash', secretHash(request.code))[0];
  if (!code || code.clientId !== client.clientId) return invalidGrant('Unknown authorization code, or one issued to another client');
  if (code.usedAt !== null) {
    // RFC 6749 §4.1.2: a code used twice revokes the tokens issued with it.
    if (code.grantId) revokeGrant(ctx, code.grantId, 'code_reuse');
    return invalidGrant('This authorization code was already used; the tokens issued with it are revoked');
  }
  if (ctx.clock.nowMs() >= code.expiresAt) return invalidGrant('The authorization code has expired (codes live 60 seconds)');
  if (request.redirect_uri !== code.redirectUri) {
    return invalidGrant('redirect_uri is not identical to the one of the authorization request (RFC 6749 §4.1.3)');
  }
  if (s256(request.code_verifier) !== code.codeChallenge) {
    return invalidGrant('code_verifier does not match the code_challenge of the authorization request (RFC 7636 §4.6)');
  }

  const grantTable = grants(ctx.store);
  const grant = grantTable.insert({
    id: grantTable.newId(),
    clientId: client.clientId,
    userId: code.userId,
    scopes: code.scopes,
    revokedAt: null,
    revokedReason: null,
    createdAt: ctx.clock.iso(),
  });
  codes.update(code.id, { usedAt: ctx.clock.iso(), grantId: grant.id });
  return { ok: true, body: issueTokens(ctx, grant, grant.scopes) };
}

/**
 * Refresh (spec "Refresh"; RFC 6749 §6): the presented token is spent and a new pair issued. Presenting
 * a spent one again means two parties hold it, so the whole grant is revoked (RFC 6749 §10.4, OAuth 2.1).
 */
function rotateRefreshToken(ctx: TokenContext, client: OAuthClientRow, request: z.output<typeof RefreshTokenGrant>): TokenOutcome {
  const refuse = (error: string, description: string): TokenOutcome => ({ ok: false, problem: new OAuthProblem(error, description) });
  const table = refreshTokens(ctx.store);
  const presented = table.byIndex('tokenHash', secretHash(request.refresh_token))[0];
  const grant = presented ? grants(ctx.store).get(presented.grantId) : undefined;
  if (!presented || !grant || grant.clientId !== client.clientId)
    return refuse('invalid_grant', 'Unknown refresh token, or one issued to another client');
  if (grant.revokedAt !== null) return refuse('invalid_grant', 'This refresh token belongs to a revoked grant; sign in again');
  if (presented.rotatedAt !== null) {
    revokeGrant(ctx, grant.id, 'refresh_token_reuse');
    return refuse('invalid_grant', 'This refresh token was already used; every token of its grant is now revoked (RFC 6749 §10.4)');
  }
  if (ctx.clock.nowMs() >= presented.expiresAt) return refuse('invalid_grant', 'The refresh token has expired; sign in again');

  let scopes = grant.scopes;
  if (request.scope !== undefined) {
    const asked = parseScopes(request.scope).scopes;
    const beyond = asked.filter((scope) => !grant.scopes.includes(scope));
    if (beyond.length > 0) return refuse('invalid_scope', `A refresh may only narrow the grant; not granted: ${beyond.join(', ')}`);
    scopes = asked;
  }
  table.update(presented.id, { rotatedAt: ctx.clock.iso() });
  return { ok: true, body: issueTokens(ctx, grant, scopes) };
}

/** A new access token (an hour) and refresh token (30 days) of a grant. */
export function issueTokens(ctx: TokenContext, grant: GrantRow, scopes: string[]): TokenResponse {
  const now = ctx.clock.nowMs();
  const accessToken = ACCESS_TOKEN_PREFIX + randomSecret();
  const refreshToken = REFRESH_TOKEN_PREFIX + randomSecret();
  const access = accessTokens(ctx.store);
  access.insert({
    id: access.newId(),
    tokenHash: secretHash(accessToken),
    grantId: grant.id,
    scopes,
    expiresAt: now + ACCESS_TOKEN_SECONDS * 1000,
    createdAt: ctx.clock.iso(),
  });
  const refresh = refreshTokens(ctx.store);
  refresh.insert({
    id: refresh.newId(),
    tokenHash: secretHash(refreshToken),
    grantId: grant.id,
    expiresAt: now + REFRESH_TOKEN_SECONDS * 1000,
    rotatedAt: null,
    createdAt: ctx.clock.iso(),
  });
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token: refreshToken,
    scope: scopes.join(' '),
  };
}

function revokeGrant(ctx: TokenContext, grantId: string, reason: NonNullable<GrantRow['revokedReason']>): void {
  const table = grants(ctx.store);
  const grant = table.get(grantId);
  if (grant && grant.revokedAt === null) table.update(grantId, { revokedAt: ctx.clock.iso(), revokedReason: reason });
}

/** Compares two hashes in time independent of where they differ. */
function equalHashes(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
