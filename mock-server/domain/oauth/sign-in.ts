import type { TokenResponse } from '../../../src/contract/index.js';
import { SCOPES } from '../../../src/contract/index.js';
import { ServiceError } from '../../kernel/errors.js';
import type { Store } from '../../store/index.js';
import { issueTokens, type TokenContext } from './token.js';
import { grants, users, type UserRow } from './tables.js';

/** The client a test sign-in is recorded for: the sandbox's confidential app (seed/oauth.ts). */
export const TEST_SIGN_IN_CLIENT_ID = 'acs-sandbox-server-app';

/** The user a test names by id, email or login subject guid; undefined when none matches. */
export function findUser(ctx: TokenContext, ref: string): UserRow | undefined {
  const table = users(ctx.store);
  return table.get(ref) ?? table.byIndex('email', ref.toLowerCase())[0] ?? table.byIndex('guid', ref)[0];
}

/**
 * `mock.signIn(user)`: what the OAuth flow would end with for this user, without the browser round
 * trip: a grant with every scope and its access and refresh tokens. For tests of the data-management
 * API, whose callers are signed-in users (spec document 3, "Authentication").
 */
export function signIn(ctx: TokenContext, user: UserRow): TokenResponse {
  const table = grants(ctx.store);
  const grant = table.insert({
    id: table.newId(),
    clientId: TEST_SIGN_IN_CLIENT_ID,
    userId: user.id,
    scopes: [...SCOPES],
    revokedAt: null,
    revokedReason: null,
    createdAt: ctx.clock.iso(),
  });
  return issueTokens(ctx, grant, grant.scopes);
}

/**
 * `mock.signIn(user)` and `POST /__mock/sign-in`: the access token of a fresh sign-in of the user named
 * by id, email or guid. An unknown user is a 404 `USER_NOT_FOUND`.
 */
export function signInAs(store: Store, ref: string): TokenResponse {
  const ctx: TokenContext = { store, clock: store.clock };
  const user = findUser(ctx, ref);
  if (!user)
    throw new ServiceError('USER_NOT_FOUND', `No sandbox user with id, email or guid ${ref}`, [
      { resource: 'user', id: ref, field: 'user' },
    ]);
  return store.transaction(() => signIn(ctx, user));
}
