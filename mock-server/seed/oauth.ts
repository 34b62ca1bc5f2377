import { oauthClients, users, secretHash, type OAuthClientRow } from '../domain/oauth/index.js';
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
}

/** The two OAuth clients and the sandbox users; what `credentials.oauth` shows. */
export function seedOAuth(store: Store, seedUsers: SeedUser[]): OAuthCredentials {
  // From the store's ids, so that a seed key (`acs-mock --seed-key`) makes it reproducible too.
  const clientSecret = store.ids.next('acs_cs', 32);
  insertClient(store, { clientId: CONFIDENTIAL_CLIENT_ID, name: 'Sandbox server app', type: 'confidential', secretHash: secretHash(clientSecret) });
  insertClient(store, { clientId: PUBLIC_CLIENT_ID, name: 'Sandbox browser app', type: 'public', secretHash: null });

  const table = users(store);
  const rows = seedUsers.map((user) =>
    table.insert({ id: table.newId(), name: user.name, email: user.email.toLowerCase(), companyIds: [...user.companyIds], createdAt: store.clock.iso() }),
  );
  return {
    confidentialClient: { clientId: CONFIDENTIAL_CLIENT_ID, clientSecret, redirectUris: [...SANDBOX_REDIRECT_URIS] },
    publicClient: { clientId: PUBLIC_CLIENT_ID, redirectUris: [...SANDBOX_REDIRECT_URIS] },
    users: rows.map(({ id, name, email, companyIds }) => ({ id, name, email, companyIds: [...companyIds] })),
  };
}

function insertClient(store: Store, client: Pick<OAuthClientRow, 'clientId' | 'name' | 'type' | 'secretHash'>): void {
  const table = oauthClients(store);
  table.insert({ id: table.newId(), ...client, redirectUris: [...SANDBOX_REDIRECT_URIS], createdAt: store.clock.iso() });
}

/** Demo users: one who may act on both demo companies (the default), one on the bakery only. */
export function demoUsers(companyIds: string[]): SeedUser[] {
  return [
    { name: 'Nurul Aisyah binti Rahman', email: 'aisyah@tanjungtrading.com.my', companyIds },
    { name: 'Lim Wei Ming', email: 'weiming@serikasih.my', companyIds: companyIds.slice(1, 2) },
  ];
}

/** The empty seed's one user, on its one company. */
export const emptyUsers = (companyId: string): SeedUser[] => [{ name: 'Sandbox User', email: 'user@sandbox.acs.example.com', companyIds: [companyId] }];
