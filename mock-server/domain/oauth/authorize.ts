import { boundMessage } from '../../kernel/echo.js';
import { SCOPES, type OAuthAuthorizeParams } from '../../../src/contract/index.js';
import type { MockClock } from '../../kernel/clock.js';
import type { Store } from '../../store/index.js';
import type { ServiceError } from '../../kernel/errors.js';
import { randomSecret, secretHash } from '../../kernel/digest.js';
import { isRegisteredRedirect, OAuthProblem, parseScopes } from './rules.js';
import { authorizationCodes, CODE_SECONDS, findClient, users, type UserRow } from './tables.js';

/** What the authorization server needs: the store, the clock, and its issuer identifier (RFC 9207). */
export interface AuthorizeContext {
  store: Store;
  clock: MockClock;
  issuer: string;
}

/**
 * The answer to an authorization request: back to the client's `redirect_uri` (with a code, or with
 * an error the client is told about), or a refusal shown to the user with no redirect at all: an
 * unknown client or an unregistered redirect URI must never be redirected to (RFC 6749 §4.1.2.1).
 */
export type AuthorizeOutcome = { kind: 'redirect'; location: string } | { kind: 'refuse'; problem: OAuthProblem };

/**
 * Step 1 of the spec's flow, with the sandbox's automatic consent: checks the client, its redirect
 * URI, the scopes and the PKCE challenge (the query schema already requires S256), then issues a
 * single-use code bound to all of them.
 */
export function authorize(ctx: AuthorizeContext, query: OAuthAuthorizeParams): AuthorizeOutcome {
  const refused = checkClientAndRedirect(ctx.store, query.client_id, query.redirect_uri);
  if (refused) return refused;
  const back = (params: Record<string, string>) => redirect(query.redirect_uri, params, query.state, ctx.issuer);

  const { scopes, unknown } = parseScopes(query.scope);
  if (unknown.length > 0) {
    return back({
      error: 'invalid_scope',
      error_description: `Unknown scope ${unknown.join(', ')}; the service knows ${SCOPES.join(', ')}`,
    });
  }
  const user = consentingUser(ctx.store, query.login_hint);
  if (!user) return back({ error: 'access_denied', error_description: `No sandbox user signs in as ${query.login_hint}` });

  const code = randomSecret();
  const table = authorizationCodes(ctx.store);
  table.insert({
    id: table.newId(),
    codeHash: secretHash(code),
    clientId: query.client_id,
    userId: user.id,
    redirectUri: query.redirect_uri,
    scopes,
    codeChallenge: query.code_challenge,
    expiresAt: ctx.clock.nowMs() + CODE_SECONDS * 1000,
    usedAt: null,
    grantId: null,
    createdAt: ctx.clock.iso(),
  });
  return back({ code });
}

/**
 * An authorization request whose query failed the contract (a missing `code_challenge`, `plain`
 * instead of S256, a repeated parameter, ...): an error page when the client or redirect URI cannot
 * be trusted, otherwise a redirect carrying the RFC 6749 §4.1.2.1 error.
 */
export function refuseAuthorization(ctx: AuthorizeContext, search: string, failure: ServiceError): AuthorizeOutcome {
  const query = new URLSearchParams(search);
  const single = (name: string): string | undefined => (query.getAll(name).length === 1 ? query.get(name)! : undefined);
  const refused = checkClientAndRedirect(ctx.store, single('client_id'), single('redirect_uri'), query);
  if (refused) return refused;

  const issues = Array.isArray(failure.details) ? (failure.details as { field?: string; message?: string }[]) : [];
  const fields = new Set(issues.map((issue) => issue.field));
  const error =
    fields.has('response_type') && query.has('response_type')
      ? 'unsupported_response_type'
      : fields.has('scope') && query.has('scope')
        ? 'invalid_scope'
        : 'invalid_request';
  const description = issues.length > 0 ? issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ') : failure.message;
  return redirect(single('redirect_uri')!, { error, error_description: description }, single('state'), ctx.issuer);
}

function checkClientAndRedirect(
  store: Store,
  clientId: string | undefined,
  redirectUri: string | undefined,
  query?: URLSearchParams,
): AuthorizeOutcome | null {
  const once = (name: string) => (query && query.getAll(name).length > 1 ? `${name} is given more than once` : `${name} is required`);
  if (!clientId) return refuse(once('client_id'));
  const client = findClient(store, clientId);
  if (!client) return refuse(`Unknown client_id ${clientId}`);
  if (!redirectUri) return refuse(once('redirect_uri'));
  if (!isRegisteredRedirect(client, redirectUri)) {
    return refuse(`redirect_uri ${redirectUri} is not registered for ${clientId}; registered: ${client.redirectUris.join(', ')}`);
  }
  return null;
}

const refuse = (description: string): AuthorizeOutcome => ({ kind: 'refuse', problem: new OAuthProblem('invalid_request', description) });

/** `redirect_uri` with the answer's parameters, `state` echoed and `iss` (RFC 9207 §2) added; its own query is kept. */
function redirect(redirectUri: string, params: Record<string, string>, state: string | undefined, issuer: string): AuthorizeOutcome {
  const url = new URL(redirectUri);
  // A description names what the caller sent: bounded and masked like every error message.
  for (const [name, value] of Object.entries(params))
    url.searchParams.append(name, name === 'error_description' ? boundMessage(value) : value);
  if (state !== undefined) url.searchParams.append('state', state);
  url.searchParams.append('iss', issuer);
  return { kind: 'redirect', location: url.href };
}

/** The sandbox user who consents: the one named by `login_hint` (an e-mail), else the seed's first. */
function consentingUser(store: Store, loginHint: string | undefined): UserRow | undefined {
  const table = users(store);
  if (loginHint !== undefined) return table.byIndex('email', loginHint.trim().toLowerCase())[0];
  return table.values().next().value;
}
