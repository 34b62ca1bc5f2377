import type { Principal } from '../../kernel/route.js';
import type { Store } from '../../store/index.js';
import { unauthorized, type ServiceError } from '../../kernel/errors.js';
import { secretHash } from '../../kernel/digest.js';
import { ACCESS_TOKEN_PREFIX, accessTokens, grants, users } from './tables.js';

/**
 * A 401 for an access token that cannot be used (RFC 6750 §3.1 `invalid_token`); `code` tells the
 * SDK's token manager whether a refresh can help: `TOKEN_EXPIRED`, or `INVALID_TOKEN` (unknown, revoked).
 */
function invalidToken(code: 'TOKEN_EXPIRED' | 'INVALID_TOKEN', message: string): ServiceError {
  return unauthorized(message, { code, challenge: { error: 'invalid_token', description: message } });
}

/**
 * `MockDomain.authenticateToken`: the principal of an OAuth access token, acting for its user on the
 * companies that user may access, with the token's scopes. Not an access token at all: null (the
 * router's generic 401). The rate limit and idempotency keys count per grant, so a refresh keeps them.
 */
export function authenticateAccessToken(store: Store, token: string): Principal | null {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX)) return null;
  const row = accessTokens(store).byIndex('tokenHash', secretHash(token))[0];
  if (!row) throw invalidToken('INVALID_TOKEN', 'Unknown access token');
  const grant = grants(store).get(row.grantId);
  if (!grant || grant.revokedAt !== null) throw invalidToken('INVALID_TOKEN', 'This access token was revoked; sign in again');
  if (store.clock.nowMs() >= row.expiresAt) throw invalidToken('TOKEN_EXPIRED', 'The access token has expired; refresh it');
  const user = users(store).get(grant.userId);
  if (!user) throw invalidToken('INVALID_TOKEN', 'The user of this access token no longer exists');
  return {
    kind: 'access_token',
    id: grant.id,
    scopes: row.scopes,
    companyIds: user.companyIds,
    actor: user.name,
    userId: user.id,
    permissionCodes: user.permissionCodes,
    platformAdmin: user.platformAdmin,
  };
}
