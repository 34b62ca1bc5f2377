import { GLOBAL, type Store } from '../../store/index.js';

// The people who sign in: the OAuth server issues their tokens, the audit trail names them by login subject
// and purchasing approvals route to them, so the table sits below all three modules.

/** A person who signs in; the sandbox consents for them automatically. */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  /** Companies this user may act on; tokens issued for them carry these. */
  companyIds: string[];
  /** The user's login subject (a UUID): what the audit trail's `*_by_subject_guid` name (spec document 3). */
  guid: string;
  /** Data-management permission codes granted to the user (`TNT_API_DM_APPLET_AUDIT_TRAIL_READ`, ...; spec document 3, "Authentication"). */
  permissionCodes: string[];
  /** A platform administrator passes every check of the platform surface without holding its codes. */
  platformAdmin: boolean;
  createdAt: string;
}

export function defineUsersTable(store: Store): void {
  store.defineTable('users', { prefix: 'usr', indexes: ['email', 'guid'] });
}

export const users = (store: Store) => store.table<UserRow>(GLOBAL, 'users');

/** The user whose login subject is `guid`, if any. */
export const findLoginSubject = (store: Store, guid: string): UserRow | undefined => users(store).byIndex('guid', guid)[0];
