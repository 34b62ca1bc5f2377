import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthCallbackError, OAuthClient, OAuthDiscoveryError, OAuthError, TokenManager, type OAuthTokens } from '../../src/oauth/index.js';
import { recordingFetch, REDIRECT_URI, SERVER_CLIENT, SPA_CLIENT_ID, startStandardServer, type StandardServer } from './standard-server.js';

// The whole flow against a certified authorization server (oidc-provider 9) on loopback, found by
// discovery: a standard server needs form-encoded token requests, requires PKCE, sends `iss` (RFC 9207),
// rotates refresh tokens, revokes a grant whose rotated-out refresh token comes back, and revokes (RFC 7009).

const SCOPE = 'read:accounts read:invoices';
const TWO_HOURS = 2 * 3600 * 1000;

/** A public client signed in through the server's interaction; what was sent is in `sent`. */
async function signedIn(server: StandardServer) {
  const { fetch, sent } = recordingFetch();
  const oauth = await OAuthClient.discover(server.issuer, { clientId: SPA_CLIENT_ID, redirectUri: REDIRECT_URI, fetch });
  const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: SCOPE });
  const tokens = await oauth.handleCallback(await server.signIn(url), { state, codeVerifier });
  return { oauth, tokens, sent };
}

const tokenRequests = <T extends { url: string }>(sent: T[], oauth: OAuthClient) => sent.filter((s) => s.url === oauth.tokenEndpoint);

describe('OAuthClient against a standard authorization server (oidc-provider 9, discovered)', () => {
  let server: StandardServer;
  beforeAll(async () => {
    server = await startStandardServer();
  });
  afterAll(() => server.close());

  it('discovers the endpoints, the revocation endpoint, form-encoded token requests and the iss requirement', async () => {
    const { fetch, sent } = recordingFetch();
    const oauth = await OAuthClient.discover(server.issuer, { clientId: SPA_CLIENT_ID, redirectUri: REDIRECT_URI, fetch });
    expect(sent.map((s) => s.url)).toEqual([`${server.issuer}/.well-known/oauth-authorization-server`]);
    expect(oauth).toMatchObject({
      issuer: server.issuer,
      authorizationEndpoint: `${server.issuer}/auth`,
      tokenEndpoint: `${server.issuer}/token`,
      revocationEndpoint: `${server.issuer}/token/revocation`,
      tokenRequestFormat: 'form',
    });
    // The server announces RFC 9207: a callback without iss is refused, before any token request.
    const { state, codeVerifier } = await oauth.authorizationUrl({ scope: SCOPE });
    const refused = await oauth.handleCallback(`${REDIRECT_URI}?code=abc&state=${state}`, { state, codeVerifier }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'OAuthCallbackError', reason: 'issuer_mismatch' });
    expect(sent).toHaveLength(1);
  });

  it('signs in with PKCE S256, state and extra parameters, and exchanges the code with a form body', async () => {
    const { fetch, sent } = recordingFetch();
    const oauth = await OAuthClient.discover(server.issuer, {
      clientId: SPA_CLIENT_ID,
      redirectUri: REDIRECT_URI,
      fetch,
      extraParams: { audience: 'https://api.acs.example.com' },
    });
    const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: SCOPE, extraParams: { prompt: 'consent' } });
    const before = server.interactions.length;
    const callbackUrl = await server.signIn(url);

    // The server saw every parameter: the protocol's own, and the extra ones of the client and of the call.
    expect(server.interactions.slice(before)).toEqual([
      expect.objectContaining({
        state,
        code_challenge_method: 'S256',
        scope: SCOPE,
        audience: 'https://api.acs.example.com',
        prompt: 'consent',
      }),
    ]);
    const callback = new URL(callbackUrl).searchParams;
    expect(callback.get('iss')).toBe(server.issuer);
    expect(callback.get('state')).toBe(state);

    const tokens = await oauth.handleCallback(callbackUrl, { state, codeVerifier });
    expect(tokens).toMatchObject({ tokenType: 'Bearer', scope: SCOPE, accessToken: expect.any(String), refreshToken: expect.any(String) });
    const [exchange] = tokenRequests(sent, oauth);
    expect(exchange.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(exchange.body))).toEqual({
      grant_type: 'authorization_code',
      code: callback.get('code'),
      redirect_uri: REDIRECT_URI,
      code_verifier: codeVerifier,
      client_id: SPA_CLIENT_ID,
    });
  });

  it('refuses a callback whose iss differs from the discovered issuer, before any token request', async () => {
    const { fetch, sent } = recordingFetch();
    const oauth = await OAuthClient.discover(server.issuer, { clientId: SPA_CLIENT_ID, redirectUri: REDIRECT_URI, fetch });
    const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: SCOPE });
    const callbackUrl = new URL(await server.signIn(url));
    callbackUrl.searchParams.set('iss', `${server.issuer}/`);
    const error = await oauth.handleCallback(callbackUrl, { state, codeVerifier }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthCallbackError);
    expect((error as OAuthCallbackError).reason).toBe('issuer_mismatch');
    expect(tokenRequests(sent, oauth)).toHaveLength(0);
  });

  it('refreshes once for concurrent calls and keeps the rotated refresh token', async () => {
    const { oauth, tokens, sent } = await signedIn(server);
    const saved: OAuthTokens[] = [];
    const manager = new TokenManager({ client: oauth, tokens, onTokens: (t) => void saved.push(t), now: () => Date.now() + TWO_HOURS });
    const exchanges = tokenRequests(sent, oauth).length;

    const accessTokens = await Promise.all(Array.from({ length: 5 }, () => manager.getAccessToken()));
    expect(tokenRequests(sent, oauth)).toHaveLength(exchanges + 1);
    expect(new Set(accessTokens)).toEqual(new Set([manager.tokens!.accessToken]));
    expect(accessTokens[0]).not.toBe(tokens.accessToken);
    expect(manager.tokens!.refreshToken).not.toBe(tokens.refreshToken);
    expect(saved).toEqual([manager.tokens]);
    expect(new URLSearchParams(tokenRequests(sent, oauth).at(-1)!.body).get('grant_type')).toBe('refresh_token');

    // The session is alive: the rotated refresh token works once more.
    await expect(manager.refresh()).resolves.toMatchObject({ tokenType: 'Bearer' });
  });

  it('revokes the whole grant when a rotated-out refresh token comes back (why a refresh is never retried)', async () => {
    const { oauth, tokens } = await signedIn(server);
    const rotated = await oauth.refresh(tokens.refreshToken!);
    await expect(oauth.refresh(tokens.refreshToken!)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    await expect(oauth.refresh(rotated.refreshToken!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('signs out: the refresh token is revoked with a form body, after which refreshing fails with invalid_grant', async () => {
    const { oauth, tokens, sent } = await signedIn(server);
    const manager = new TokenManager({ client: oauth, tokens });
    await expect(manager.signOut()).resolves.toBe(true);

    const revocation = sent.find((s) => s.url === oauth.revocationEndpoint)!;
    expect(revocation.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(revocation.body))).toEqual({
      token: tokens.refreshToken,
      token_type_hint: 'refresh_token',
      client_id: SPA_CLIENT_ID,
    });
    const refused = (await oauth.refresh(tokens.refreshToken!).catch((e: unknown) => e)) as OAuthError;
    expect(refused).toBeInstanceOf(OAuthError);
    expect(refused.error).toBe('invalid_grant');
    expect(manager.tokens).toBeUndefined();
    await expect(manager.getAccessToken()).rejects.toMatchObject({ error: 'signed_out' });
  });

  it('a confidential client authenticates with HTTP Basic, as the metadata lists first, at the token and revocation endpoints', async () => {
    const oauth = await OAuthClient.discover(server.issuer, { ...SERVER_CLIENT, redirectUri: REDIRECT_URI });
    expect(oauth.clientAuthentication).toBe('client_secret_basic');
    const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: SCOPE });
    const tokens = await oauth.handleCallback(await server.signIn(url), { state, codeVerifier });
    const rotated = await oauth.refresh(tokens.refreshToken!);
    await oauth.revoke(rotated.refreshToken!, { tokenTypeHint: 'refresh_token' });
    await expect(oauth.refresh(rotated.refreshToken!)).rejects.toMatchObject({ error: 'invalid_grant' });

    const served = server.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/token'));
    expect(served.slice(-4).map((r) => [r.path, r.contentType, r.basicAuth])).toEqual([
      ['/token', 'application/x-www-form-urlencoded', true],
      ['/token', 'application/x-www-form-urlencoded', true],
      ['/token/revocation', 'application/x-www-form-urlencoded', true],
      ['/token', 'application/x-www-form-urlencoded', true],
    ]);
  });

  it('is answered 400 invalid_request when told to send the spec JSON body, which is why discovery picks form', async () => {
    const oauth = await OAuthClient.discover(server.issuer, {
      clientId: SPA_CLIENT_ID,
      redirectUri: REDIRECT_URI,
      tokenRequestFormat: 'json',
    });
    expect(oauth.tokenRequestFormat).toBe('json');
    const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: SCOPE });
    await expect(oauth.handleCallback(await server.signIn(url), { state, codeVerifier })).rejects.toMatchObject({
      error: 'invalid_request',
      status: 400,
    });
  });
});

describe('OAuthClient with issuers that end in a slash or have a path (a standard server)', () => {
  const servers: StandardServer[] = [];
  const start = async (...args: Parameters<typeof startStandardServer>) => {
    const server = await startStandardServer(...args);
    servers.push(server);
    return server;
  };
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('accepts the callback of an issuer that ends in /, compared exactly as the server names itself', async () => {
    const server = await start({ path: '/' });
    expect(server.issuer).toMatch(/\/$/);
    const oauth = await OAuthClient.discover(server.issuer, { clientId: SPA_CLIENT_ID, redirectUri: REDIRECT_URI });
    expect(oauth.issuer).toBe(server.issuer);
    const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: SCOPE });
    const callbackUrl = await server.signIn(url);
    expect(new URL(callbackUrl).searchParams.get('iss')).toBe(server.issuer);
    await expect(oauth.handleCallback(callbackUrl, { state, codeVerifier })).resolves.toMatchObject({ tokenType: 'Bearer' });

    // Configured by hand with the same issuer, the client accepts it too.
    const manual = new OAuthClient({
      clientId: SPA_CLIENT_ID,
      redirectUri: REDIRECT_URI,
      issuer: server.issuer,
      authorizationEndpoint: oauth.authorizationEndpoint,
      tokenEndpoint: oauth.tokenEndpoint,
      tokenRequestFormat: 'form',
    });
    const again = await manual.authorizationUrl({ scope: SCOPE });
    await expect(manual.handleCallback(await server.signIn(again.url), again)).resolves.toMatchObject({ tokenType: 'Bearer' });
  });

  it('refuses the metadata when the issuer asked for differs from the one the server names by a trailing slash', async () => {
    const server = await start({ path: '/' });
    const error = await OAuthClient.discover(server.issuer.slice(0, -1), { clientId: SPA_CLIENT_ID, redirectUri: REDIRECT_URI }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OAuthDiscoveryError);
    expect((error as OAuthDiscoveryError).reason).toBe('issuer_mismatch');
  });

  it("finds the metadata of an issuer with a path at RFC 8414's inserted well-known URL, and signs in", async () => {
    const server = await start({ path: '/tenant-a', insertedWellKnown: true });
    const { fetch, sent } = recordingFetch();
    const oauth = await OAuthClient.discover(server.issuer, { clientId: SPA_CLIENT_ID, redirectUri: REDIRECT_URI, fetch });
    const origin = new URL(server.issuer).origin;
    expect(sent.map((s) => s.url)).toEqual([`${origin}/.well-known/oauth-authorization-server/tenant-a`]);
    expect(oauth.tokenEndpoint).toBe(`${server.issuer}/token`);
    const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: SCOPE });
    await expect(oauth.handleCallback(await server.signIn(url), { state, codeVerifier })).resolves.toMatchObject({ tokenType: 'Bearer' });
  });

  it("falls back to OpenID's appended well-known URL when the RFC 8414 one is missing", async () => {
    const server = await start({ path: '/tenant-b' });
    const { fetch, sent } = recordingFetch();
    const oauth = await OAuthClient.discover(server.issuer, { clientId: SPA_CLIENT_ID, redirectUri: REDIRECT_URI, fetch });
    const origin = new URL(server.issuer).origin;
    expect(sent.map((s) => s.url)).toEqual([
      `${origin}/.well-known/oauth-authorization-server/tenant-b`,
      `${server.issuer}/.well-known/openid-configuration`,
    ]);
    const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: SCOPE });
    const tokens = await oauth.handleCallback(await server.signIn(url), { state, codeVerifier });
    await expect(oauth.refresh(tokens.refreshToken!)).resolves.toMatchObject({ tokenType: 'Bearer' });
  });
});
