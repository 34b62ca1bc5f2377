import { users } from '../domain/oauth/index.js';
import type { Store } from '../store/index.js';
import type { OAuthCredentials } from './credentials.js';
import type { CheckedFixture, FixtureFile } from './fixture-schema.js';
import { insertUsers, roleOf, USER_ROLES } from './oauth.js';

/**
 * The fixture's users (MOCK-42), when it names any: they are the sandbox's users instead of the empty seed's one,
 * inserted as the seed inserts its users (a new login subject each), their permissions those of their role.
 */
export function loadUsers(store: Store, fixture: CheckedFixture, oauth: OAuthCredentials): void {
  if (!fixture.users?.length) return;
  const table = users(store);
  for (const row of table.all()) table.delete(row.id);
  oauth.users = insertUsers(
    store,
    fixture.users.map(({ role, ...user }) => ({
      ...user,
      permissionCodes: [...USER_ROLES[role].permissionCodes],
      platformAdmin: USER_ROLES[role].platformAdmin,
    })),
  );
}

/** The users of the companies exported, as a fixture names them: by role, their companies narrowed to those (MOCK-42). */
export function usersOf(store: Store, ids: ReadonlySet<string>): NonNullable<FixtureFile['users']> {
  return users(store)
    .all()
    .filter((row) => row.companyIds.some((id) => ids.has(id)))
    .flatMap((row) => {
      const role = roleOf(row);
      // A user whose codes no role holds (none a fixture or the seeds make) is left out rather than widened.
      return role ? [{ name: row.name, email: row.email, companyIds: row.companyIds.filter((id) => ids.has(id)), role }] : [];
    });
}
