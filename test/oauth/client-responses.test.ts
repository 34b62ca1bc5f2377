import { describe, expect, it } from 'vitest';
import {
  type OAuthCallbackError,
  OAuthClient,
  type OAuthError,
  OAuthResponseError,
  parseTokenResponse,
  PROTOCOL_PARAMS,
  USED_STATE_MEMORY,
} from '../../src/oauth/index.js';
import { ConfigurationError, InvalidArgumentError } from '../../src/index.js';
import { AUTH_URL, REDIRECT, SECRET, tokenEndpoint, tokenJson, GOOD, client, noFetch } from './client-support.js';

describe('token responses', () => {
  it('compare token_type case-insensitively and refuse other token types', () => {
    expect(parseTokenResponse({ ...GOOD, token_type: 'bearer' }, { now: 0 }).tokenType).toBe('Bearer');
    expect(parseTokenResponse({ ...GOOD, token_type: 'BEARER' }, { now: 0 }).tokenType).toBe('Bearer');
    expect(() => parseTokenResponse({ ...GOOD, token_type: 'mac' }, { now: 0 })).toThrow(
      expect.objectContaining({ error: 'unsupported_token_type' }),
    );
  });

  it('keep the previous refresh token and the requested scope when a server leaves them out (RFC 6749 §5.1, §6)', () => {
    const tokens = parseTokenResponse(
      { access_token: 'at', token_type: 'Bearer' },
      { now: 0, requestedScope: 'read:accounts', previousRefreshToken: 'rt_old' },
    );
    expect(tokens).toEqual({ accessToken: 'at', tokenType: 'Bearer', refreshToken: 'rt_old', scope: 'read:accounts' });
  });

  it('read expires_in as seconds from now, also when a server sends it as a string', () => {
    expect(parseTokenResponse({ ...GOOD, expires_in: '60' }, { now: 5 }).expiresAt).toBe(60_005);
  });

  it('refuse a response without access_token or with a nonsensical lifetime', () => {
    expect(() => parseTokenResponse({ token_type: 'Bearer' }, { now: 0 })).toThrow(OAuthResponseError);
    expect(() => parseTokenResponse({ ...GOOD, expires_in: -1 }, { now: 0 })).toThrow(OAuthResponseError);
    expect(() => parseTokenResponse('at_1', { now: 0 })).toThrow(OAuthResponseError);
  });
});

describe('spent states', () => {
  const denied = (state: string) => `${REDIRECT}?state=${state}&error=access_denied&iss=${encodeURIComponent(AUTH_URL)}`;
  const reasonOf = async (oauth: OAuthClient, state: string) =>
    ((await oauth.handleCallback(denied(state), { state, codeVerifier: 'v'.repeat(43) }).catch((e: unknown) => e)) as OAuthCallbackError)
      .reason;

  it('a spent state is refused again, and the memory of spent states is bounded', async () => {
    const oauth = client();
    expect(await reasonOf(oauth, 'state-0')).toBe('authorization_error');
    expect(await reasonOf(oauth, 'state-0')).toBe('state_mismatch');
    for (let i = 1; i <= USED_STATE_MEMORY; i++) await reasonOf(oauth, `state-${i}`);
    // The oldest spent state has been forgotten (it would still have to match the stored one); the newest is not.
    expect(await reasonOf(oauth, 'state-0')).toBe('authorization_error');
    expect(await reasonOf(oauth, `state-${USED_STATE_MEMORY}`)).toBe('state_mismatch');
  });
});

describe('the issuer, kept exactly as configured (RFC 9207 §2.4)', () => {
  const expected = { state: 's', codeVerifier: 'v'.repeat(43) };
  const callback = (iss: string) => `${REDIRECT}?code=c&state=s&iss=${encodeURIComponent(iss)}`;

  it('keeps a trailing slash of a configured issuer, and accepts the callback of such a server', async () => {
    const endpoint = tokenEndpoint(() => tokenJson(GOOD));
    const oauth = client({ issuer: 'https://idp.example.test/', fetch: endpoint.fetch });
    expect(oauth.issuer).toBe('https://idp.example.test/');
    await expect(oauth.handleCallback(callback('https://idp.example.test/'), expected)).resolves.toMatchObject({ accessToken: 'at_1' });
  });

  it('refuses a callback whose iss differs from the configured issuer, even by a trailing slash only', async () => {
    const withSlash = await client({ issuer: 'https://idp.example.test/', fetch: noFetch })
      .handleCallback(callback('https://idp.example.test'), expected)
      .catch((e: unknown) => e);
    expect(withSlash).toMatchObject({ name: 'OAuthCallbackError', reason: 'issuer_mismatch' });
    const without = await client({ issuer: 'https://idp.example.test', fetch: noFetch })
      .handleCallback(callback('https://idp.example.test/'), expected)
      .catch((e: unknown) => e);
    expect(without).toMatchObject({ reason: 'issuer_mismatch' });
  });

  it('defaults to authUrl without its trailing slash, as the service names itself', () => {
    expect(client({ authUrl: `${AUTH_URL}/` }).issuer).toBe(AUTH_URL);
    expect(new OAuthClient({ clientId: 'app', redirectUri: REDIRECT, environment: 'sandbox' }).issuer).toBe(
      'https://sandbox-auth.acs.example.com',
    );
  });
});

describe('endpoints of another authorization server', () => {
  const IDP = {
    issuer: 'https://idp.example.test/',
    authorizationEndpoint: 'https://idp.example.test/connect/authorize?tenant=t1',
    tokenEndpoint: 'https://idp.example.test/connect/token',
  };

  it("send the user to authorizationEndpoint, keeping its own query, and tokens to tokenEndpoint instead of the service's paths", async () => {
    const endpoint = tokenEndpoint(() => tokenJson(GOOD));
    const oauth = new OAuthClient({ clientId: 'app', redirectUri: REDIRECT, ...IDP, fetch: endpoint.fetch });
    const { url } = await oauth.authorizationUrl({ scope: 'read:accounts' });
    expect(url.startsWith('https://idp.example.test/connect/authorize?tenant=t1&')).toBe(true);
    await oauth.refresh('rt');
    expect(endpoint.sent[0].url).toBe(IDP.tokenEndpoint);
  });

  it('override the paths under authUrl one by one', async () => {
    const endpoint = tokenEndpoint(() => tokenJson(GOOD));
    const oauth = client({ tokenEndpoint: 'https://tokens.example.test/t', fetch: endpoint.fetch });
    expect(oauth.authorizationEndpoint).toBe(`${AUTH_URL}/oauth/authorize`);
    await oauth.refresh('rt');
    expect(endpoint.sent[0].url).toBe('https://tokens.example.test/t');
  });

  it('need an issuer when there is no authUrl, and absolute URLs', () => {
    const { issuer: _, ...withoutIssuer } = IDP;
    expect(() => new OAuthClient({ clientId: 'app', redirectUri: REDIRECT, ...withoutIssuer })).toThrow(ConfigurationError);
    expect(
      () =>
        new OAuthClient({ clientId: 'app', redirectUri: REDIRECT, issuer: IDP.issuer, authorizationEndpoint: IDP.authorizationEndpoint }),
    ).toThrow(/tokenEndpoint/);
    expect(() => new OAuthClient({ clientId: 'app', redirectUri: REDIRECT, ...IDP, tokenEndpoint: '/token' })).toThrow(
      /tokenEndpoint as an absolute URL/,
    );
    expect(() => client({ revocationEndpoint: 'revoke' })).toThrow(/revocationEndpoint/);
  });
});

describe('extra authorization parameters', () => {
  it("sends the client's and the call's extra parameters, the call's winning by name, a list as repeated parameters", async () => {
    const oauth = client({ extraParams: { audience: 'https://api.example.test', prompt: 'login' } });
    const { url } = await oauth.authorizationUrl({
      scope: 'read:accounts',
      extraParams: { prompt: 'consent', resource: ['https://a.example.test', 'https://b.example.test'], ui_locales: 'ms en' },
    });
    const params = new URL(url).searchParams;
    expect(params.get('audience')).toBe('https://api.example.test');
    expect(params.getAll('prompt')).toEqual(['consent']);
    expect(params.getAll('resource')).toEqual(['https://a.example.test', 'https://b.example.test']);
    expect(params.get('ui_locales')).toBe('ms en');
    expect(params.get('code_challenge_method')).toBe('S256');
  });

  it("refuses extra parameters that would override the protocol's own (state, PKCE, redirect, scope, ...), in the options and per call", async () => {
    expect(PROTOCOL_PARAMS).toEqual(
      expect.arrayContaining(['state', 'code_challenge', 'code_challenge_method', 'redirect_uri', 'client_id', 'response_type', 'scope']),
    );
    for (const name of PROTOCOL_PARAMS) {
      expect(() => client({ extraParams: { [name]: 'x' } }), name).toThrow(ConfigurationError);
      await expect(client().authorizationUrl({ scope: 'read:accounts', extraParams: { [name]: 'x' } }), name).rejects.toThrow(
        `extraParams may not set ${name}`,
      );
    }
  });

  it('refuses an extra parameter that is not a string or a list of strings', async () => {
    expect(() => client({ extraParams: { max_age: 300 as never } })).toThrow(ConfigurationError);
    expect(() => client({ extraParams: 'prompt=none' as never })).toThrow(ConfigurationError);
    await expect(
      client().authorizationUrl({ scope: 'read:accounts', extraParams: { resource: ['a', 1] as never } }),
    ).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('lets loginHint set login_hint over an extra parameter of that name', async () => {
    const { url } = await client({ extraParams: { login_hint: 'a@example.test' } }).authorizationUrl({
      scope: 'read:accounts',
      loginHint: 'b@example.test',
    });
    expect(new URL(url).searchParams.getAll('login_hint')).toEqual(['b@example.test']);
  });
});

describe('OAuthClient.revoke (RFC 7009)', () => {
  const REVOKE = 'https://idp.example.test/revoke';
  const ok = () => new Response(null, { status: 200 });

  it('sends a form body with the token and its hint, and the client_id of a public client, even in JSON mode', async () => {
    const endpoint = tokenEndpoint(ok);
    await client({ revocationEndpoint: REVOKE, fetch: endpoint.fetch }).revoke('rt_1', { tokenTypeHint: 'refresh_token' });
    expect(endpoint.sent[0].url).toBe(REVOKE);
    expect(endpoint.sent[0].headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(endpoint.sent[0].body))).toEqual({
      token: 'rt_1',
      token_type_hint: 'refresh_token',
      client_id: 'app',
    });
  });

  it('authenticates a confidential client as the token endpoint does: HTTP Basic, or the secret in the body', async () => {
    const basic = tokenEndpoint(ok);
    await client({
      revocationEndpoint: REVOKE,
      clientSecret: SECRET,
      clientAuthentication: 'client_secret_basic',
      fetch: basic.fetch,
    }).revoke('at_1');
    expect(basic.sent[0].headers.get('authorization')).toBe(`Basic ${btoa(`app:${SECRET}`)}`);
    expect(Object.fromEntries(new URLSearchParams(basic.sent[0].body))).toEqual({ token: 'at_1' });
    const post = tokenEndpoint(ok);
    await client({ revocationEndpoint: REVOKE, clientSecret: SECRET, fetch: post.fetch }).revoke('at_1');
    expect(Object.fromEntries(new URLSearchParams(post.sent[0].body))).toEqual({ token: 'at_1', client_id: 'app', client_secret: SECRET });
  });

  it('turns an error answer into OAuthError, and a lost answer into OAuthConnectionError, sent once and never showing the token', async () => {
    const refused = tokenEndpoint(() => tokenJson({ error: 'unsupported_token_type' }, 400));
    const error = (await client({ revocationEndpoint: REVOKE, fetch: refused.fetch })
      .revoke('rt_secret_value')
      .catch((e: unknown) => e)) as OAuthError;
    expect(error).toMatchObject({ name: 'OAuthError', error: 'unsupported_token_type', status: 400 });
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain('rt_secret_value');
    const lost = tokenEndpoint(() => {
      throw new TypeError('fetch failed');
    });
    await expect(client({ revocationEndpoint: REVOKE, fetch: lost.fetch }).revoke('rt')).rejects.toMatchObject({
      name: 'OAuthConnectionError',
      grantType: 'revocation',
    });
    expect(lost.sent).toHaveLength(1);
  });

  it('is refused with ConfigurationError without a revocation endpoint (the service has none), and without a token', async () => {
    await expect(client({ fetch: noFetch }).revoke('rt')).rejects.toBeInstanceOf(ConfigurationError);
    await expect(client({ revocationEndpoint: REVOKE, fetch: noFetch }).revoke('')).rejects.toBeInstanceOf(InvalidArgumentError);
  });
});
