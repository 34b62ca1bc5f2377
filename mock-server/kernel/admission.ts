import type { AnyEndpoint } from '../../src/contract/index.js';
import type { MockClock } from './clock.js';
import { boundText } from './echo.js';
import { ServiceError, unauthorized, type BearerChallenge } from './errors.js';
import type { RateLimitDecision } from './rate-limit.js';
import type { Principal } from './route.js';

// Who may ask, for which company: the router's checks before a request's body is read.

/** The bearer value of an `Authorization` header; a 401 when there is none. */
export function bearerToken(header: string | null): string {
  if (!header) throw unauthorized('Authorization header missing: send Authorization: Bearer <API key>');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw unauthorized('Authorization must be Bearer <API key or access token>');
  return m[1];
}

/** The company of `X-Company-Id`: required (422), existing (422) and granted to the credential (403). */
export function companyOf(header: string | null, principal: Principal, companyExists: (companyId: string) => boolean): string {
  const companyId = header?.trim();
  if (!companyId) {
    throw new ServiceError('INVALID_COMPANY', 'X-Company-Id header is required', [
      { field: 'x-company-id', message: 'company id required', code: 'REQUIRED_FIELD' },
    ]);
  }
  if (!companyExists(companyId)) {
    throw new ServiceError('INVALID_COMPANY', `No company with id ${boundText(companyId)}`, [
      { field: 'x-company-id', message: 'unknown company id', code: 'INVALID_FORMAT', value: companyId },
    ]);
  }
  if (!principal.companyIds.includes(companyId)) {
    throw new ServiceError('FORBIDDEN', `This credential has no access to company ${boundText(companyId)}`, [
      { field: 'x-company-id', message: 'company not granted to this credential', value: companyId },
    ]);
  }
  return companyId;
}

/**
 * 401 for an API key (or any credential without a signed-in user) on the data-management API: spec
 * document 3, "Authentication": access-key server-to-server use of the audit trail is not offered.
 */
export function apiKeyRefused(): ServiceError {
  const code = 'CLIENT_AUTH_ACCESS_KEY_NOT_OFFERED';
  const message = 'Access-key server-to-server use of the audit trail is not offered: sign the user in and send their OAuth access token';
  return new ServiceError(code, message, [{ field: 'authorization', message, code }]);
}

/** 403 `CLIENT_AUTH_USER_NOT_AUTHORIZED` of the data-management API (spec document 3, "Errors"). */
export const userNotAuthorized = (message: string, required: readonly string[] = []): ServiceError =>
  new ServiceError('CLIENT_AUTH_USER_NOT_AUTHORIZED', message, [
    { code: 'CLIENT_AUTH_USER_NOT_AUTHORIZED', message, required: [...required] },
  ]);

/** The single permission check of a data-management request: any one of the endpoint's codes, or a platform administrator where that passes. */
export function checkPermission(endpoint: AnyEndpoint, principal: Principal): void {
  const check = endpoint.permission;
  if (!check || (check.platformAdmin && principal.platformAdmin)) return;
  if (principal.permissionCodes?.some((code) => check.codes.includes(code))) return;
  throw userNotAuthorized(`This user lacks the permission for ${endpoint.id}; any one of ${check.codes.join(', ')} passes`, check.codes);
}

/**
 * The company of `X-Tenant-Code` (the tenant code is the company id; see decision AUD-6):
 * required (400), and one of the user's companies (403; an unknown code answers the same, so its
 * existence is not disclosed).
 */
export function tenantOf(header: string | null, principal: Principal, companyExists: (companyId: string) => boolean): string {
  const code = header?.trim();
  if (!code) {
    throw new ServiceError(
      'CLIENT_VALIDATION_TENANT_CODE_IS_NULL',
      'The tenant surface needs the tenant code in the X-Tenant-Code header',
      [{ code: 'CLIENT_VALIDATION_TENANT_CODE_IS_NULL', field: 'x-tenant-code', message: 'tenant code required' }],
    );
  }
  if (!companyExists(code) || !principal.companyIds.includes(code))
    throw userNotAuthorized('This user has no access to the tenant of X-Tenant-Code');
  return code;
}

/** `Bearer`, with RFC 6750 §3 `error` and `error_description` when the refusal says what was wrong. */
export function bearerChallenge(challenge: BearerChallenge | undefined): string {
  if (!challenge?.error) return 'Bearer';
  const quoted = (text: string) => `"${text.replace(/[\\"]/g, '\\$&').replace(/[^\x20-\x7e]/g, '?')}"`;
  return `Bearer error=${quoted(challenge.error)}${challenge.description ? `, error_description=${quoted(challenge.description)}` : ''}`;
}

export function checkScope(endpoint: AnyEndpoint, principal: Principal): void {
  const required = endpoint.scope;
  if (!required || principal.scopes.includes(required) || principal.scopes.includes('admin')) return;
  throw new ServiceError('FORBIDDEN', `This credential lacks the scope ${required}`, [
    { required_scope: required, current_scopes: [...principal.scopes] },
  ]);
}

export function rateLimited(rate: RateLimitDecision, clock: MockClock): ServiceError {
  const { window, limit, retryAfter, resetAt } = rate.exceeded!;
  const per = window === 'hour' ? 'per hour' : 'per second';
  return new ServiceError(
    'RATE_LIMIT_EXCEEDED',
    `Rate limit of ${limit} requests ${per} exceeded; retry after ${retryAfter} s`,
    [{ limit, remaining: 0, resetTime: new Date(Math.max(resetAt, clock.nowMs())).toISOString(), retryAfter }],
    { 'Retry-After': String(retryAfter) },
  );
}
