import { secretHash } from '../kernel/digest.js';
import { oauthClients, users, type OAuthClientRow } from '../domain/oauth/index.js';
import { EINVOICE_RECORD_CODES, PLATFORM_AUDIT_CODES, TENANT_AUDIT_CODES } from '../domain/audit/index.js';
import type { OAuthCredentials } from './credentials.js';
import type { Store } from '../store/index.js';

/** Client ids are fixed, so docs and tests can name them; the confidential client's secret is new per mock. */
export const CONFIDENTIAL_CLIENT_ID = 'acs-sandbox-server-app';
export const PUBLIC_CLIENT_ID = 'acs-sandbox-browser-app';

/**
 * Where a local dev server (Vite's default port) gets the user back. `127.0.0.1` matches any port
 * (RFC 8252 §7.3), so a test app on a random port is accepted too; `localhost` only as written.
 */
export const SANDBOX_REDIRECT_URIS = ['http://127.0.0.1:5173/callback', 'http://localhost:5173/callback'];

export interface SeedUser {
  name: string;
  email: string;
  companyIds: string[];
  /** Data-management permission codes (spec document 3, "Authentication"); default none. */
  permissionCodes?: string[];
  /** Passes every platform check without holding its codes. */
  platformAdmin?: boolean;
}

/** The two OAuth clients and the sandbox users; what `credentials.oauth` shows. */
export function seedOAuth(store: Store, seedUsers: SeedUser[]): OAuthCredentials {
  // From the store's ids, so that a seed key (`acs-mock --seed-key`) makes it reproducible too.
  const clientSecret = store.ids.next('acs_cs', 32);
  insertClient(store, {
    clientId: CONFIDENTIAL_CLIENT_ID,
    name: 'Sandbox server app',
    type: 'confidential',
    secretHash: secretHash(clientSecret),
  });
  insertClient(store, { clientId: PUBLIC_CLIENT_ID, name: 'Sandbox browser app', type: 'public', secretHash: null });

  return {
    confidentialClient: { clientId: CONFIDENTIAL_CLIENT_ID, clientSecret, redirectUris: [...SANDBOX_REDIRECT_URIS] },
    publicClient: { clientId: PUBLIC_CLIENT_ID, redirectUris: [...SANDBOX_REDIRECT_URIS] },
    users: insertUsers(store, seedUsers),
  };
}

/** Inserts the sandbox's users (each with a new login subject) and answers them as `credentials.oauth.users` lists them. */
export function insertUsers(store: Store, seedUsers: SeedUser[]): OAuthCredentials['users'] {
  const table = users(store);
  const rows = seedUsers.map((user) =>
    table.insert({
      id: table.newId(),
      name: user.name,
      email: user.email.toLowerCase(),
      companyIds: [...user.companyIds],
      guid: store.ids.uuid(),
      permissionCodes: [...(user.permissionCodes ?? [])],
      platformAdmin: user.platformAdmin ?? false,
      createdAt: store.clock.iso(),
    }),
  );
  return rows.map(({ id, name, email, companyIds, guid, permissionCodes, platformAdmin }) => ({
    id,
    name,
    email,
    companyIds: [...companyIds],
    guid,
    permissionCodes: [...permissionCodes],
    platformAdmin,
  }));
}

function insertClient(store: Store, client: Pick<OAuthClientRow, 'clientId' | 'name' | 'type' | 'secretHash'>): void {
  const table = oauthClients(store);
  table.insert({ id: table.newId(), ...client, redirectUris: [...SANDBOX_REDIRECT_URIS], createdAt: store.clock.iso() });
}

/** A tenant owner's codes: the tenant audit trail's and the internal e-invoice records' families (spec document 3). */
const TENANT_OWNER_CODES = [...TENANT_AUDIT_CODES, ...EINVOICE_RECORD_CODES];
/** A read-only integration holds the read permission alone (spec document 3, "Authentication"). */
const READ_ONLY_CODES = [...TENANT_AUDIT_CODES, ...EINVOICE_RECORD_CODES].filter((code) => code.endsWith('_READ'));
/** A platform user who may read the master trail and nothing more. */
const PLATFORM_READ_CODES = PLATFORM_AUDIT_CODES.filter((code) => code.endsWith('_READ'));

/**
 * The roles a fixture gives a user (MOCK-42), each the permissions of one kind of demo user: the tenant's owner, a
 * member with no data-management codes, a read-only integration, platform support (reads the master trail) and a
 * platform administrator.
 */
export const USER_ROLES = {
  owner: { permissionCodes: TENANT_OWNER_CODES, platformAdmin: false },
  member: { permissionCodes: [], platformAdmin: false },
  read_only: { permissionCodes: READ_ONLY_CODES, platformAdmin: false },
  platform_support: { permissionCodes: PLATFORM_READ_CODES, platformAdmin: false },
  platform_admin: { permissionCodes: [], platformAdmin: true },
} as const satisfies Record<string, { permissionCodes: readonly string[]; platformAdmin: boolean }>;
export type UserRole = keyof typeof USER_ROLES;

/** The role whose permissions a user holds exactly, if one does. */
export function roleOf(user: { permissionCodes: readonly string[]; platformAdmin: boolean }): UserRole | undefined {
  const held = [...user.permissionCodes].sort().join(' ');
  return (Object.keys(USER_ROLES) as UserRole[]).find((role) => {
    const { permissionCodes, platformAdmin } = USER_ROLES[role];
    return platformAdmin === user.platformAdmin && [...permissionCodes].sort().join(' ') === held;
  });
}

/** A buyer with no approval power, the purchasing manager and the director of the trading company. */
export const PURCHASING_USERS = {
  buyer: { name: 'Tan Siew Ling (buyer)', email: 'siewling.tan@tanjungtrading.com.my' },
  manager: { name: 'Rajesh Kumar (purchasing manager)', email: 'rajesh.kumar@tanjungtrading.com.my' },
  director: { name: 'Kamal Idris (director)', email: 'kamal.idris@tanjungtrading.com.my' },
} as const;

/**
 * Demo users (login subjects of the data-management API, each with a guid): the tenant owner on both
 * demo companies (the default sign-in), a bakery user with no permission codes, a read-only
 * integration, a platform administrator and a platform reader of the primary company, and its buyer,
 * purchasing manager and director.
 */
export function demoUsers(companyIds: string[]): SeedUser[] {
  const primary = companyIds.slice(0, 1);
  return [
    { name: 'Nurul Aisyah binti Rahman', email: 'aisyah@tanjungtrading.com.my', companyIds, permissionCodes: TENANT_OWNER_CODES },
    { name: 'Lim Wei Ming', email: 'weiming@serikasih.my', companyIds: companyIds.slice(1, 2) },
    {
      name: 'Ledger Sync (read-only integration)',
      email: 'ledger-sync@tanjungtrading.com.my',
      companyIds: primary,
      permissionCodes: READ_ONLY_CODES,
    },
    { name: 'Farid Hakim (platform administrator)', email: 'farid.admin@acs.example.com', companyIds: [], platformAdmin: true },
    {
      name: 'Chong Mei Ling (platform support)',
      email: 'meiling.support@acs.example.com',
      companyIds: primary,
      permissionCodes: PLATFORM_READ_CODES,
    },
    // The trading company's purchasing people (PUR-31): seed/approval-rules.ts names them by email.
    ...Object.values(PURCHASING_USERS).map((user) => ({ ...user, companyIds: primary })),
  ];
}

/** The empty seed's one user, on its one company, owner of its tenant. */
export const emptyUsers = (companyId: string): SeedUser[] => [
  { name: 'Sandbox User', email: 'user@sandbox.acs.example.com', companyIds: [companyId], permissionCodes: TENANT_OWNER_CODES },
];
