// Sign in from a browser with OAuth 2.0 + PKCE: a public client, no secret. examples/browser-app/ runs
// these two functions in Chromium; main() runs them in Node, with the mock in place of the browser.
import { AcsClient, type Company } from 'acs-sdk';
import { OAuthClient, TokenManager } from 'acs-sdk/oauth';

export interface AppConfig {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  companyId: string;
  /** Left out in a browser (its own fetch); main() passes the mock's. */
  fetch?: typeof globalThis.fetch;
}
/** `sessionStorage` in a browser: it survives the round trip to the sign-in page, and no longer than the tab. */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** On "Sign in": keep state and verifier for the callback, then leave for the authorization server. */
export async function signIn(config: AppConfig, session: SessionStore, go: (url: string) => void): Promise<void> {
  const oauth = new OAuthClient({
    clientId: config.clientId,
    redirectUri: config.redirectUri,
    authUrl: config.authUrl,
    fetch: config.fetch,
  });
  const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: ['read:accounts', 'read:invoices'] });
  session.setItem('acs.pendingSignIn', JSON.stringify({ state, codeVerifier }));
  go(url);
}

/** On the callback page: check it, exchange the code (PKCE, no secret), then call the API. */
export async function completeSignIn(config: AppConfig, session: SessionStore, callbackUrl: string): Promise<Company> {
  const oauth = new OAuthClient({
    clientId: config.clientId,
    redirectUri: config.redirectUri,
    authUrl: config.authUrl,
    fetch: config.fetch,
  });
  const pending = JSON.parse(session.getItem('acs.pendingSignIn') ?? '{}') as { state: string; codeVerifier: string };
  session.removeItem('acs.pendingSignIn'); // a state is good for one callback
  const tokens = new TokenManager({
    client: oauth,
    tokens: await oauth.handleCallback(callbackUrl, pending), // refuses a wrong state or iss, or an error, before any request
    onTokens: (fresh) => session.setItem('acs.tokens', JSON.stringify(fresh)),
  });
  const acs = new AcsClient({ auth: tokens, companyId: config.companyId, baseUrl: config.baseUrl, fetch: config.fetch });
  return acs.company.retrieve();
}

export async function main() {
  // Loaded here only, so the browser bundle of examples/browser-app/ leaves the mock out.
  const { createMockService } = await import('acs-mock');
  const mock = createMockService({ seed: 'demo' });
  const { publicClient } = mock.credentials.oauth!;
  const config: AppConfig = {
    authUrl: mock.credentials.authUrl,
    baseUrl: mock.credentials.baseUrl,
    clientId: publicClient.clientId,
    redirectUri: publicClient.redirectUris[0],
    companyId: mock.credentials.companyId,
    fetch: mock.fetch,
  };
  const session = new Map<string, string>();
  const store: SessionStore = {
    getItem: (k) => session.get(k) ?? null,
    setItem: (k, v) => void session.set(k, v),
    removeItem: (k) => void session.delete(k),
  };

  // The browser would navigate; the sandbox consents at once and redirects back with a code.
  let signInUrl = '';
  await signIn(config, store, (url) => (signInUrl = url));
  const callbackUrl = (await mock.fetch(signInUrl, { redirect: 'manual' })).headers.get('location')!;
  const company = await completeSignIn(config, store, callbackUrl);

  console.log(`signed in with PKCE; ${company.name} read with an access token`);
  return { company, signInUrl, callbackUrl, pendingLeft: session.has('acs.pendingSignIn') };
}

// This file also loads in a browser (examples/browser-app/), where there is no `process`.
if (typeof process !== 'undefined' && process.argv[1] === new URL(import.meta.url).pathname) await main();
