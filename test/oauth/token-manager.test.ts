import { describe, expect, it } from 'vitest';
import { AcsClient, AuthenticationError, ConfigurationError } from '../../src/index.js';
import { OAuthClient, OAuthConnectionError, OAuthError, TokenManager, type OAuthTokens } from '../../src/oauth/index.js';
import { grants, refreshTokens } from '../../mock-server/domain/oauth/index.js';
import { clientFor } from '../support/sandbox.js';
import { oauthMock, REDIRECT_URI } from './helpers.js';

interface Seen {
  path: string;
  authorization: string | null;
}

/**
 * A signed-in session against the in-process mock: the public client through the SDK's own sign-in
 * (authorization URL, the sandbox's redirect, the callback), a token manager, and a client using it.
 * `managerClock: 'mock'` lets the manager see the mock clock; `'real'` leaves it on real time, so only
 * the server notices an expiry.
 */
async function session(
  options: { managerClock?: 'mock' | 'real'; onTokens?: (tokens: OAuthTokens) => void | Promise<void>; maxRetries?: number } = {},
) {
  const { mock, publicId } = oauthMock();
  const seen: Seen[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
    return mock.fetch(request);
  }) as typeof globalThis.fetch;

  const oauth = new OAuthClient({
    clientId: publicId,
    redirectUri: REDIRECT_URI,
    authUrl: mock.credentials.authUrl,
    fetch,
    now: () => mock.clock.nowMs(),
  });
  const { url, state, codeVerifier } = await oauth.authorizationUrl({ scope: 'read:accounts read:customers' });
  const callback = (await mock.fetch(url, { redirect: 'manual' })).headers.get('location')!;
  const first = await oauth.handleCallback(callback, { state, codeVerifier });

  const saved: OAuthTokens[] = [];
  const tokens = new TokenManager({
    client: oauth,
    tokens: first,
    onTokens: options.onTokens ?? ((t) => void saved.push(t)),
    ...(options.managerClock === 'real' ? {} : { now: () => mock.clock.nowMs() }),
  });
  const acs = clientFor(mock, {
    auth: tokens,
    fetch,
    logLevel: 'off',
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  });
  seen.length = 0;
  return { mock, oauth, tokens, acs, seen, saved, first };
}

const tokenRequests = (seen: Seen[]) => seen.filter((s) => s.path === '/oauth/token').length;
const bearer = (token: string) => `Bearer ${token}`;

describe('TokenManager as the client auth, against the mock', () => {
  it('calls the API with the access token of the sign-in', async () => {
    const { acs, seen, first, mock } = await session();
    const company = await acs.company.retrieve();
    expect(company.id).toBe(mock.credentials.companyId);
    expect(seen).toEqual([{ path: '/v1/company', authorization: bearer(first.accessToken) }]);
  });

  it('refreshes shortly before expiry, keeps the rotated refresh token and hands it to the save hook', async () => {
    const { acs, seen, saved, first, tokens, mock } = await session();
    mock.clock.advance({ seconds: 3600 - 30 });
    await acs.accounts.list({ limit: 1 });
    expect(seen.map((s) => s.path)).toEqual(['/oauth/token', '/v1/accounts']);
    expect(saved).toHaveLength(1);
    expect(saved[0].refreshToken).not.toBe(first.refreshToken);
    expect(saved[0]).toEqual(tokens.tokens);
    expect(seen[1].authorization).toBe(bearer(saved[0].accessToken));
  });

  it('runs one refresh for any number of concurrent calls', async () => {
    const { acs, seen, saved, mock } = await session();
    mock.clock.advance({ seconds: 3600 });
    const results = await Promise.all(Array.from({ length: 6 }, () => acs.customers.list({ limit: 1 })));
    expect(results).toHaveLength(6);
    expect(tokenRequests(seen)).toBe(1);
    expect(saved).toHaveLength(1);
    expect(new Set(seen.filter((s) => s.path !== '/oauth/token').map((s) => s.authorization))).toEqual(
      new Set([bearer(saved[0].accessToken)]),
    );
  });

  it('on a 401 for an expired token refreshes once and replays the call, even with maxRetries 0', async () => {
    const { acs, seen, saved, first, mock } = await session({ managerClock: 'real', maxRetries: 0 });
    mock.clock.advance({ seconds: 3601 });
    const company = await acs.company.retrieve();
    expect(company.id).toBe(mock.credentials.companyId);
    expect(seen).toEqual([
      { path: '/v1/company', authorization: bearer(first.accessToken) },
      { path: '/oauth/token', authorization: null },
      { path: '/v1/company', authorization: bearer(saved[0].accessToken) },
    ]);
  });

  it('refreshes once for concurrent calls that all got a 401', async () => {
    const { acs, seen, saved, mock } = await session({ managerClock: 'real' });
    mock.clock.advance({ seconds: 3601 });
    await Promise.all(Array.from({ length: 5 }, () => acs.accounts.list({ limit: 1 })));
    expect(tokenRequests(seen)).toBe(1);
    expect(saved).toHaveLength(1);
    expect(seen.filter((s) => s.path === '/v1/accounts')).toHaveLength(10);
  });

  it('treats a second 401 after the replay as final: one refresh, then AuthenticationError', async () => {
    const { acs, seen, mock } = await session({ managerClock: 'real' });
    const expired = {
      success: false,
      error: { code: 'UNAUTHORIZED', message: 'expired', details: [{ field: 'authorization', code: 'TOKEN_EXPIRED' }] },
    };
    mock.faults.inject({ status: 401, times: 2, path: '/v1/company', body: expired });
    await expect(acs.company.retrieve()).rejects.toBeInstanceOf(AuthenticationError);
    expect(seen.map((s) => s.path)).toEqual(['/v1/company', '/oauth/token', '/v1/company']);
  });

  it('keeps maxRetries for ordinary failures, before and after a replay', async () => {
    const plain = await session({ managerClock: 'real', maxRetries: 1 });
    plain.mock.faults.inject({ status: 503, times: 3, path: '/v1/company' });
    await expect(plain.acs.company.retrieve()).rejects.toMatchObject({ status: 503 });
    expect(plain.seen.map((s) => s.path)).toEqual(['/v1/company', '/v1/company']);

    let injected = false;
    const replayed = await session({
      managerClock: 'real',
      maxRetries: 1,
      // Right after the refresh, the service starts failing: the replay still gets its one ordinary retry.
      onTokens: () => {
        if (!injected) replayed.mock.faults.inject({ status: 503, times: 3, path: '/v1/company' });
        injected = true;
      },
    });
    replayed.mock.clock.advance({ seconds: 3601 });
    await expect(replayed.acs.company.retrieve()).rejects.toMatchObject({ status: 503 });
    expect(replayed.seen.map((s) => s.path)).toEqual(['/v1/company', '/oauth/token', '/v1/company', '/v1/company']);
  });

  it('does not refresh on a 401 that is not about the token', async () => {
    const { acs, seen, mock } = await session({ managerClock: 'real' });
    mock.faults.inject({ status: 401, path: '/v1/company' });
    await expect(acs.company.retrieve()).rejects.toBeInstanceOf(AuthenticationError);
    expect(tokenRequests(seen)).toBe(0);
  });

  it('never retries a refresh whose answer was lost: the calls get OAuthConnectionError until you decide', async () => {
    const { acs, seen, tokens, mock } = await session();
    // The server rotates the refresh token, then the answer is lost on the way back.
    mock.faults.inject({ error: 'network', path: '/oauth/token', stage: 'after' });
    mock.clock.advance({ seconds: 3600 });
    await expect(acs.company.retrieve()).rejects.toBeInstanceOf(OAuthConnectionError);
    await expect(acs.accounts.list()).rejects.toBeInstanceOf(OAuthConnectionError);
    expect(tokenRequests(seen)).toBe(1);
    expect([...refreshTokens(mock.store).values()].filter((t) => t.rotatedAt !== null)).toHaveLength(1);

    // Why: presenting the spent refresh token again is reuse, and the server revokes the whole session.
    await expect(tokens.refresh()).rejects.toMatchObject({ name: 'OAuthError', error: 'invalid_grant' });
    expect([...grants(mock.store).values()][0].revokedReason).toBe('refresh_token_reuse');
  });

  it('surfaces a refresh the server refuses (the session is gone) as OAuthError on the call', async () => {
    const { acs, seen, mock } = await session({ managerClock: 'real' });
    mock.reset(); // forgets every token: the access token is unknown, and so is the refresh token
    const error = await acs.company.retrieve().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ error: 'invalid_grant', status: 400 });
    expect(seen.map((s) => s.path)).toEqual(['/v1/company', '/oauth/token']);
  });

  it('passes a failing save hook to the call, and keeps the new tokens in use', async () => {
    let fail = true;
    const { acs, seen, tokens, first, mock } = await session({
      onTokens: () => {
        if (fail) throw new Error('disk full');
      },
    });
    mock.clock.advance({ seconds: 3600 });
    await expect(acs.company.retrieve()).rejects.toThrow('disk full');
    fail = false;
    await acs.company.retrieve();
    expect(tokenRequests(seen)).toBe(1);
    expect(tokens.tokens!.accessToken).not.toBe(first.accessToken);
  });

  it('serves a withCompany() copy with the same session', async () => {
    const { acs, mock, seen } = await session();
    const bakery = mock.credentials.companies[1];
    expect((await acs.withCompany(bakery.id).company.retrieve()).name).toBe(bakery.name);
    mock.clock.advance({ seconds: 3600 });
    await Promise.all([acs.company.retrieve(), acs.withCompany(bakery.id).company.retrieve()]);
    expect(tokenRequests(seen)).toBe(1);
  });

  it('refuses auth that is not a token manager, and auth beside another credential', async () => {
    const { tokens } = await session();
    expect(() => new AcsClient({ auth: {} as never, companyId: 'cmp_1' })).toThrow(ConfigurationError);
    expect(() => new AcsClient({ auth: tokens, apiKey: 'svc_test_sk_x', companyId: 'cmp_1' })).toThrow(ConfigurationError);
    expect(() => new TokenManager({ client: {} as never, tokens: tokens.tokens! })).toThrow(ConfigurationError);
    expect(() => new TokenManager({ client: { refresh: async () => tokens.tokens! }, tokens: {} as never })).toThrow(ConfigurationError);
  });
});

describe('acs.oauth: the contract methods', () => {
  it('authorize() reads the sandbox redirect and token() exchanges its code, as raw RFC 6749 JSON', async () => {
    const { mock } = await session();
    const acs = clientFor(mock, { logLevel: 'off' });
    const { clientId, clientSecret } = mock.credentials.oauth!.confidentialClient;
    const query = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'read:accounts',
      state: 's1',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    } as const;
    expect(acs.oauth.authorizeUrl(query)).toBe(
      `${mock.credentials.authUrl}/oauth/authorize?${new URLSearchParams(query).toString().replace(/\+/g, '%20')}`,
    );
    const { location } = await acs.oauth.authorize(query);
    const code = new URL(location).searchParams.get('code')!;
    const tokens = await acs.oauth.token({
      grant_type: 'authorization_code',
      client_id: clientId,
      client_secret: clientSecret,
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    });
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read:accounts' });
    const again = await acs.oauth
      .token({
        grant_type: 'authorization_code',
        client_id: clientId,
        client_secret: clientSecret,
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ name: 'InvalidRequestError', status: 400, code: 'invalid_grant' });
  });

  it('token() is never retried: a 503 reaches the caller after one request', async () => {
    const { mock } = await session();
    let requests = 0;
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      requests++;
      return mock.fetch(input, init);
    }) as typeof globalThis.fetch;
    const acs = clientFor(mock, { fetch, maxRetries: 3, logLevel: 'off' });
    mock.faults.inject({ status: 503, path: '/oauth/token' });
    await expect(acs.oauth.token({ grant_type: 'refresh_token', client_id: 'x', refresh_token: 'y' })).rejects.toMatchObject({
      status: 503,
    });
    expect(requests).toBe(1);
  });
});

describe('TokenManager.signOut', () => {
  const TOKENS: OAuthTokens = { accessToken: 'at_1', tokenType: 'Bearer', refreshToken: 'rt_1', expiresAt: 10_000_000 };
  /** A client that records what it was asked to revoke; `revocationEndpoint` as given. */
  function revokingClient(
    options: { revocationEndpoint?: string; revoke?: () => Promise<void>; refresh?: () => Promise<OAuthTokens> } = {},
  ) {
    const revoked: { token: string; hint: string | undefined }[] = [];
    const client = {
      revocationEndpoint: 'revocationEndpoint' in options ? options.revocationEndpoint : 'https://idp.example.test/revoke',
      refresh: options.refresh ?? (async () => ({ ...TOKENS, accessToken: 'at_2', refreshToken: 'rt_2' })),
      revoke: async (token: string, { tokenTypeHint }: { tokenTypeHint?: string } = {}) => {
        revoked.push({ token, hint: tokenTypeHint });
        await options.revoke?.();
      },
    };
    return { client, revoked };
  }

  it('revokes the refresh token, then forgets the tokens: later calls fail with signed_out', async () => {
    const { client, revoked } = revokingClient();
    const tokens = new TokenManager({ client, tokens: TOKENS, now: () => 0 });
    await expect(tokens.signOut()).resolves.toBe(true);
    expect(revoked).toEqual([{ token: 'rt_1', hint: 'refresh_token' }]);
    expect(tokens.tokens).toBeUndefined();
    for (const call of [() => tokens.getAccessToken(), () => tokens.handleUnauthorized('at_1'), () => tokens.refresh()]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OAuthError);
      expect(error).toMatchObject({ error: 'signed_out' });
    }
  });

  it('revokes the access token when the session has no refresh token', async () => {
    const { client, revoked } = revokingClient();
    await new TokenManager({ client, tokens: { accessToken: 'at_only', tokenType: 'Bearer' } }).signOut();
    expect(revoked).toEqual([{ token: 'at_only', hint: 'access_token' }]);
  });

  it('waits for a refresh in flight and revokes the rotated refresh token', async () => {
    let finish!: () => void;
    const { client, revoked } = revokingClient({
      refresh: () => new Promise((resolve) => (finish = () => resolve({ ...TOKENS, accessToken: 'at_2', refreshToken: 'rt_2' }))),
    });
    const tokens = new TokenManager({ client, tokens: TOKENS, now: () => TOKENS.expiresAt! });
    const call = tokens.getAccessToken();
    const signingOut = tokens.signOut();
    finish();
    await expect(call).resolves.toBe('at_2');
    await signingOut;
    expect(revoked).toEqual([{ token: 'rt_2', hint: 'refresh_token' }]);
  });

  it('forgets the tokens even when the revocation fails, and throws the failure', async () => {
    const lost = new OAuthConnectionError('revocation', { message: 'no answer' });
    const { client } = revokingClient({ revoke: () => Promise.reject(lost) });
    const tokens = new TokenManager({ client, tokens: TOKENS });
    await expect(tokens.signOut()).rejects.toBe(lost);
    expect(tokens.tokens).toBeUndefined();
  });

  it('only forgets the tokens when the client has no revocation endpoint (the service has none)', async () => {
    const { client, revoked } = revokingClient({ revocationEndpoint: undefined });
    const tokens = new TokenManager({ client, tokens: TOKENS });
    await expect(tokens.signOut()).resolves.toBe(false);
    expect(revoked).toEqual([]);
    expect(tokens.tokens).toBeUndefined();
  });

  it('signs in again with setTokens() after a sign-out', async () => {
    const { client } = revokingClient();
    const tokens = new TokenManager({ client, tokens: TOKENS, now: () => 0 });
    await tokens.signOut();
    tokens.setTokens({ accessToken: 'at_new', tokenType: 'Bearer' });
    await expect(tokens.getAccessToken()).resolves.toBe('at_new');
  });

  it('against the sandbox, which has no revocation endpoint, signs out locally', async () => {
    const { tokens, acs } = await session();
    await expect(tokens.signOut()).resolves.toBe(false);
    await expect(acs.company.retrieve()).rejects.toMatchObject({ error: 'signed_out' });
  });
});
