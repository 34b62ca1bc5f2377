export type SeedKind = 'demo' | 'empty';

/** What a seed hands back: the keys and companies a user of the mock needs. */
export interface SeedCredentials {
  /** Test key of the primary company; may act on every seeded company. */
  apiKey: string;
  /** The primary company. */
  companyId: string;
  /** Every seeded company with a test key restricted to it. */
  companies: { id: string; name: string; apiKey: string }[];
  /** Test key of the primary company with only `read:*` scopes. */
  readOnlyApiKey: string;
  /** A live-mode key (`svc_live_sk_`), which the sandbox refuses with 401. */
  liveApiKey?: string;
  /** The seeded OAuth clients and the user the sandbox signs in (OAUTH-11). */
  oauth?: OAuthCredentials;
}

/**
 * The OAuth side of the seed: a confidential client (a server keeps its secret), a public client
 * (browser or native app: PKCE, no secret), and the sandbox users who consent automatically.
 * Loopback IP redirect URIs (`http://127.0.0.1/...`) match on any port (RFC 8252 §7.3).
 */
export interface OAuthCredentials {
  confidentialClient: { clientId: string; clientSecret: string; redirectUris: string[] };
  publicClient: { clientId: string; redirectUris: string[] };
  /** The first signs in by default; `login_hint=<email>` on `/oauth/authorize` picks another. */
  /** Each is a login subject of the data-management API (`guid`) with its permission codes (`mock.signIn(id)` gives a token). */
  users: {
    id: string;
    name: string;
    email: string;
    companyIds: string[];
    guid: string;
    permissionCodes: string[];
    platformAdmin: boolean;
  }[];
}
