// OAuth 2.0 on a server: a confidential client exchanges the callback's code with its secret, and a
// TokenManager keeps the session fresh for AcsClient. Runs against the in-process sandbox mock.
import { AcsClient } from 'acs-sdk';
import { OAuthClient, TokenManager, type OAuthTokens } from 'acs-sdk/oauth';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const { clientId, clientSecret, redirectUris } = mock.credentials.oauth!.confidentialClient;
  const savedTokens: OAuthTokens[] = []; // stands in for your database

  const oauth = new OAuthClient({
    clientId,
    clientSecret, // a server can keep it; a browser app cannot (see examples/oauth-browser.ts)
    redirectUri: redirectUris[0],
    authUrl: mock.credentials.authUrl,
    tokenRequestFormat: 'form', // RFC 6749's body, which standard servers need; the spec writes JSON (the default)
    fetch: mock.fetch,
  });

  // GET /login: keep state and verifier in the user's server session, redirect the browser to `url`.
  const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: 'read:accounts read:invoices' });
  // The sandbox consents at once; a browser would follow this redirect to your /callback.
  const callbackUrl = (await mock.fetch(url, { redirect: 'manual' })).headers.get('location')!;

  // GET /callback: state and iss are checked before the code is exchanged.
  const tokens = new TokenManager({
    client: oauth,
    tokens: await oauth.handleCallback(callbackUrl, { state, codeVerifier }),
    onTokens: (fresh) => void savedTokens.push(fresh), // every rotated refresh token must be saved
  });
  const acs = new AcsClient({ auth: tokens, companyId: mock.credentials.companyId, environment: 'sandbox', fetch: mock.fetch });
  const before = await acs.invoices.list({ limit: 5 });

  // Two hours later the access token has expired: the next call gets a 401, refreshes once and is replayed.
  mock.clock.advance({ hours: 2 });
  const after = await acs.invoices.list({ limit: 5 });

  console.log(
    `${before.data.length} invoices, then ${after.data.length} after an automatic refresh; ${savedTokens.length} token pair saved`,
  );
  return { before: before.data.length, after: after.data.length, saved: savedTokens.length, tokens: tokens.tokens };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
