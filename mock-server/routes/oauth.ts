import { contract } from '../../src/contract/index.js';
import type { ServiceError } from '../kernel/errors.js';
import {
  authorize,
  exchangeToken,
  issuerOf,
  OAuthProblem,
  refuseAuthorization,
  type AuthorizeOutcome,
  type ClientAuthentication,
  type TokenOutcome,
} from '../domain/oauth/index.js';
import { respondRaw, type RawResponse } from '../kernel/raw.js';
import type { HeaderReader } from '../kernel/request.js';
import { route, type Route } from '../store/context.js';

// RFC 6749 §5.1: token responses, and their errors, must not be cached.
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** The authorization server (spec document 1, "OAuth 2.0"): RFC 6749 answers instead of the envelope. */
export const oauthRoutes: Route[] = [
  route(
    contract.oauth.authorize,
    (ctx) => authorizeAnswer(authorize({ store: ctx.store, clock: ctx.clock, issuer: issuerOf(ctx.bases.auth) }, ctx.query)),
    {
      renderError: (error, ctx) =>
        authorizeAnswer(refuseAuthorization({ store: ctx.store, clock: ctx.clock, issuer: issuerOf(ctx.bases.auth) }, ctx.request.search, error)),
    },
  ),
  route(
    contract.oauth.token,
    (ctx) => tokenAnswer(exchangeToken(ctx, ctx.body, basicCredentials(ctx.headers))),
    { renderError: (error) => problemAnswer(tokenRequestProblem(error)) },
  ),
];

/** 302 to the client, or a 400 page (no redirect) when the client or its redirect URI is not trusted. */
function authorizeAnswer(outcome: AuthorizeOutcome): RawResponse {
  if (outcome.kind === 'redirect') return respondRaw(undefined, { status: 302, headers: { Location: outcome.location } });
  return problemAnswer(outcome.problem);
}

function tokenAnswer(outcome: TokenOutcome): RawResponse {
  return outcome.ok ? respondRaw(outcome.body, { headers: NO_STORE }) : problemAnswer(outcome.problem);
}

function problemAnswer(problem: OAuthProblem): RawResponse {
  const headers: Record<string, string> = { ...NO_STORE };
  if (problem.basicChallenge) headers['WWW-Authenticate'] = 'Basic realm="acs-sandbox", charset="UTF-8"';
  return respondRaw(problem.toJSON(), { status: problem.status, headers });
}

/** A token request the router refused before the handler: a wrong grant type or a malformed body (RFC 6749 §5.2). */
function tokenRequestProblem(error: ServiceError): OAuthProblem {
  const issues = Array.isArray(error.details) ? (error.details as { field?: string; message?: string; value?: unknown }[]) : [];
  const grantType = issues.find((issue) => issue.field === 'grant_type');
  if (grantType && typeof grantType.value === 'string') {
    return new OAuthProblem('unsupported_grant_type', `grant_type ${grantType.value} is not supported; use authorization_code or refresh_token`);
  }
  if (error.status === 415) {
    return new OAuthProblem('invalid_request', 'Send the token request as application/x-www-form-urlencoded (RFC 6749) or application/json (as the spec writes it)');
  }
  const description = issues.length > 0 ? issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ') : error.message;
  return new OAuthProblem('invalid_request', description);
}

/**
 * Client credentials from `Authorization: Basic` (RFC 6749 §2.3.1: id and secret are form-URL-encoded
 * before base64); null when the header is absent or another scheme.
 */
function basicCredentials(headers: HeaderReader): ClientAuthentication {
  const header = headers.get('authorization');
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!header || !/^Basic\b/i.test(header)) return null;
  if (!match) return 'malformed';
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(match[1]), (c) => c.charCodeAt(0)));
  } catch {
    return 'malformed';
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}
