/** Rules shared by the authorize step and the token endpoint (RFC 6749, RFC 7636, RFC 8252, RFC 9207). */
import { parseAbsoluteUrl, SCOPES } from '../../../src/contract/index.js';
import { boundMessage } from '../../kernel/echo.js';
import type { OAuthClientRow } from './tables.js';

/** An RFC 6749 error: the `error` code, a description for the developer, and the HTTP status of the token endpoint. */
export class OAuthProblem {
  /** What the developer reads: bounded and masked like every error message (kernel/echo.ts). */
  readonly description: string;

  constructor(
    readonly error: string,
    description: string,
    readonly status: 400 | 401 = 400,
    /** Set when the client tried HTTP Basic: a 401 must then say how to authenticate (RFC 6749 §5.2). */
    readonly basicChallenge = false,
  ) {
    this.description = boundMessage(description);
  }

  /** `{ error, error_description }` (RFC 6749 §5.2). */
  toJSON(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

/** The issuer identifier sent as `iss` (RFC 9207): the authorization server's base URL without a trailing slash. */
export const issuerOf = (authBase: string): string => authBase.replace(/\/+$/, '');

const LOOPBACK_IP_HOSTS = new Set(['127.0.0.1', '[::1]']);

/**
 * Whether `redirectUri` is registered for the client: the exact string, or, for a loopback IP
 * literal over http, the same URI on any port (RFC 8252 §7.3: the port is chosen when the app runs).
 */
export function isRegisteredRedirect(client: OAuthClientRow, redirectUri: string): boolean {
  if (client.redirectUris.includes(redirectUri)) return true;
  const asked = parseAbsoluteUrl(redirectUri);
  if (asked?.protocol !== 'http:' || !LOOPBACK_IP_HOSTS.has(asked.hostname)) return false;
  return client.redirectUris.some((registered) => {
    const known = parseAbsoluteUrl(registered);
    return (
      known !== null &&
      known.protocol === 'http:' &&
      known.hostname === asked.hostname &&
      known.pathname === asked.pathname &&
      known.search === asked.search
    );
  });
}

/** Scope names of a space-separated list, or the names the service does not know. */
export function parseScopes(scope: string): { scopes: string[]; unknown: string[] } {
  const scopes = [...new Set(scope.split(' ').filter((s) => s !== ''))];
  const known = new Set<string>(SCOPES);
  return { scopes, unknown: scopes.filter((s) => !known.has(s)) };
}

/**
 * A token request refused before the token endpoint ran (a wrong grant type, a body that is not a
 * form or JSON, a malformed field), in RFC 6749 §5.2 terms.
 */
export function tokenRequestProblem(refusal: { status: number; message: string; details?: unknown }): OAuthProblem {
  const issues = Array.isArray(refusal.details) ? (refusal.details as { field?: string; message?: string; value?: unknown }[]) : [];
  const grantType = issues.find((issue) => issue.field === 'grant_type');
  if (grantType && typeof grantType.value === 'string') {
    return new OAuthProblem(
      'unsupported_grant_type',
      `grant_type ${grantType.value} is not supported; use authorization_code or refresh_token`,
    );
  }
  if (refusal.status === 415) {
    return new OAuthProblem(
      'invalid_request',
      'Send the token request as application/x-www-form-urlencoded (RFC 6749) or application/json (as the spec writes it)',
    );
  }
  const description = issues.length > 0 ? issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ') : refusal.message;
  return new OAuthProblem('invalid_request', description);
}
