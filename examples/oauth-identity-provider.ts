// OAuth 2.0 with another authorization server (your identity provider): OAuthClient.discover() reads its
// metadata (RFC 8414 or OpenID Connect Discovery), extra parameters go with the sign-in, and signing out
// revokes the refresh token (RFC 7009). main() runs it against oidc-provider, a certified server, on
// loopback, standing in for the identity provider.
import { OAuthClient, TokenManager, type OAuthTokens } from 'acs-sdk/oauth';
import { REDIRECT_URI, SERVER_CLIENT, startStandardServer } from '../test/oauth/standard-server.js';

export async function main() {
  const idp = await startStandardServer(); // https://login.example.com in production
  const savedTokens: OAuthTokens[] = []; // stands in for your database
  try {
    const oauth = await OAuthClient.discover(idp.issuer, {
      clientId: SERVER_CLIENT.clientId,
      clientSecret: SERVER_CLIENT.clientSecret, // sent as the server lists: HTTP Basic here
      redirectUri: REDIRECT_URI,
      extraParams: { audience: 'https://api.acs.example.com' }, // with every sign-in
    });
    // Discovered: endpoints, revocation endpoint, form-encoded token requests, `iss` required on the callback.

    // GET /login: keep state and verifier in the user's session, redirect the browser to `url`.
    const { url, state, codeVerifier } = await oauth.authorizationUrl({
      scope: 'read:accounts read:invoices',
      extraParams: { prompt: 'consent' },
    });
    const callbackUrl = await idp.signIn(url); // the user signs in and consents; the browser comes back

    // GET /callback: state and iss are checked before the code is exchanged.
    const tokens = new TokenManager({
      client: oauth,
      tokens: await oauth.handleCallback(callbackUrl, { state, codeVerifier }),
      onTokens: (fresh) => void savedTokens.push(fresh), // every rotated refresh token must be saved
    });
    const refreshed = await tokens.refresh();

    // POST /logout: revoke the refresh token at the server (which ends the grant), then forget the tokens.
    const revoked = await tokens.signOut();
    const afterSignOut = await oauth.refresh(refreshed.refreshToken!).catch((error: { error: string }) => error.error);

    console.log(
      `signed in at ${oauth.issuer}, refreshed once, signed out (revoked: ${revoked}); the old refresh token now gets ${afterSignOut}`,
    );
    return {
      issuer: oauth.issuer,
      tokenRequestFormat: oauth.tokenRequestFormat,
      signInUrl: url,
      callbackUrl,
      saved: savedTokens.length,
      revoked,
      afterSignOut,
    };
  } finally {
    await idp.close();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
