import { describe, expect, it } from 'vitest';
import {
  codeChallengeS256,
  OAuthCallbackError,
  OAuthClient,
  OAuthConnectionError,
  OAuthError,
  OAuthResponseError,
  parseTokenResponse,
  PROTOCOL_PARAMS,
  type OAuthClientOptions,
  USED_STATE_MEMORY,
} from '../../src/oauth/index.js';
import { AcsError, ConfigurationError, InvalidArgumentError } from '../../src/index.js';

const AUTH_URL = 'https://auth.example.test';
const REDIRECT = 'https://app.example.test/callback';
const SECRET = 'cs_super_secret_value_123';

interface Sent {
  url: string;
  headers: Headers;
  body: string;
}

/** A token endpoint that answers with `answer` and records what it was sent. */
function tokenEndpoint(answer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({ url: request.url, headers: request.headers, body: await request.text() });
    return answer();
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

const tokenJson = (body: Record<string, unknown>, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const GOOD = { access_token: 'at_1', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt_1', scope: 'read:accounts' };

const client = (options: Partial<OAuthClientOptions> = {}) =>
  new OAuthClient({ clientId: 'app', redirectUri: REDIRECT, authUrl: AUTH_URL, ...options });

/** A fetch that fails the test when called: the callback checks must refuse before any token request. */
const noFetch = (() => {
  throw new Error('a token request was sent');
}) as typeof globalThis.fetch;

describe('OAuthClient.authorizationUrl', () => {
  it('builds the spec step 1 URL: code flow, client, redirect URI, scopes space-separated, state and an S256 challenge', async () => {
    const { url, state, codeVerifier } = await client().authorizationUrl({ scope: ['read:accounts', 'read:invoices'] });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${AUTH_URL}/oauth/authorize`);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'app',
      redirect_uri: REDIRECT,
      scope: 'read:accounts read:invoices',
      state,
      code_challenge: await codeChallengeS256(codeVerifier),
      code_challenge_method: 'S256',
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives a new state and verifier for every sign-in, and keeps a state the app chose', async () => {
    const a = await client().authorizationUrl({ scope: 'read:accounts' });
    const b = await client().authorizationUrl({ scope: 'read:accounts' });
    expect(a.state).not.toBe(b.state);
    expect(a.codeVerifier).not.toBe(b.codeVerifier);
    const chosen = await client().authorizationUrl({ scope: 'read:accounts', state: 'my-state', loginHint: 'a@b.my' });
    expect(new URL(chosen.url).searchParams.get('state')).toBe('my-state');
    expect(new URL(chosen.url).searchParams.get('login_hint')).toBe('a@b.my');
  });

  it('refuses an empty scope list or a scope with a space in it', async () => {
    await expect(client().authorizationUrl({ scope: [] })).rejects.toBeInstanceOf(ConfigurationError);
    await expect(client().authorizationUrl({ scope: ['read accounts'] })).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('takes the sandbox address from environment, and refuses options that cannot work', () => {
    expect(new OAuthClient({ clientId: 'app', redirectUri: REDIRECT, environment: 'sandbox' }).authUrl).toBe(
      'https://sandbox-auth.acs.example.com',
    );
    expect(() => new OAuthClient({ clientId: 'app', redirectUri: REDIRECT })).toThrow(ConfigurationError);
    expect(() => client({ redirectUri: '/callback' })).toThrow(ConfigurationError);
    expect(() => client({ tokenRequestFormat: 'xml' as never })).toThrow(ConfigurationError);
    expect(() => client({ clientAuthentication: 'private_key_jwt' as never })).toThrow(
      /clientAuthentication must be 'client_secret_post' or 'client_secret_basic'/,
    );
    for (const environment of ['staging', 'toString', '__proto__']) {
      expect(() => new OAuthClient({ clientId: 'app', redirectUri: REDIRECT, environment: environment as never }), environment).toThrow(
        ConfigurationError,
      );
    }
  });
});

describe('OAuthClient.handleCallback refuses before any token request', () => {
  const expected = { state: 'state-1', codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk' };
  const refusal = async (callback: string, options: Partial<OAuthClientOptions> = {}) => {
    try {
      await client({ fetch: noFetch, ...options }).handleCallback(callback, expected);
    } catch (error) {
      return error as OAuthCallbackError;
    }
    throw new Error('the callback was accepted');
  };

  it('a state other than the one sent (CSRF)', async () => {
    const error = await refusal(`${REDIRECT}?code=abc&state=forged&iss=${encodeURIComponent(AUTH_URL)}`);
    expect(error).toBeInstanceOf(OAuthCallbackError);
    expect(error.reason).toBe('state_mismatch');
    expect((await refusal(`${REDIRECT}?code=abc&iss=${encodeURIComponent(AUTH_URL)}`)).reason).toBe('state_mismatch');
  });

  it('an iss naming another authorization server (RFC 9207 mix-up)', async () => {
    const error = await refusal(`${REDIRECT}?code=abc&state=state-1&iss=${encodeURIComponent('https://evil.example')}`);
    expect(error.reason).toBe('issuer_mismatch');
    expect(error.error).toBe('issuer_mismatch');
  });

  it('a missing iss when the server is known to send it', async () => {
    expect((await refusal(`${REDIRECT}?code=abc&state=state-1`, { requireIssuer: true })).reason).toBe('issuer_mismatch');
  });

  it('an error parameter, carried with the RFC 6749 fields', async () => {
    const error = await refusal(
      `${REDIRECT}?error=access_denied&error_description=The+user+said+no&state=state-1&iss=${encodeURIComponent(AUTH_URL)}`,
    );
    expect(error.reason).toBe('authorization_error');
    expect(error.error).toBe('access_denied');
    expect(error.code).toBe('access_denied');
    expect(error.errorDescription).toBe('The user said no');
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toBeInstanceOf(AcsError);
  });

  it('a callback with neither code nor error', async () => {
    expect((await refusal(`${REDIRECT}?state=state-1`)).reason).toBe('missing_code');
  });

  it('a second callback with a state already used', async () => {
    const endpoint = tokenEndpoint(() => tokenJson(GOOD));
    const oauth = client({ fetch: endpoint.fetch });
    await oauth.handleCallback(`${REDIRECT}?code=abc&state=state-1`, expected);
    await expect(oauth.handleCallback(`${REDIRECT}?code=abc&state=state-1`, expected)).rejects.toMatchObject({ reason: 'state_mismatch' });
    expect(endpoint.sent).toHaveLength(1);
  });
});

describe('OAuthClient token requests', () => {
  it('exchange a callback code with a JSON body by default, as the spec writes it, with the same redirect_uri', async () => {
    const endpoint = tokenEndpoint(() => tokenJson(GOOD));
    const tokens = await client({ fetch: endpoint.fetch, now: () => 1_000_000 }).handleCallback(
      `${REDIRECT}?code=the-code&state=s&iss=${encodeURIComponent(AUTH_URL)}`,
      {
        state: 's',
        codeVerifier: 'v'.repeat(43),
      },
    );
    expect(endpoint.sent[0].url).toBe(`${AUTH_URL}/oauth/token`);
    expect(endpoint.sent[0].headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(endpoint.sent[0].body)).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: REDIRECT,
      code_verifier: 'v'.repeat(43),
      client_id: 'app',
    });
    expect(tokens).toEqual({
      accessToken: 'at_1',
      tokenType: 'Bearer',
      expiresAt: 1_000_000 + 3_600_000,
      refreshToken: 'rt_1',
      scope: 'read:accounts',
    });
  });

  it('send a form-encoded body (RFC 6749) when asked, with a confidential client secret in it', async () => {
    const endpoint = tokenEndpoint(() => tokenJson(GOOD));
    await client({ fetch: endpoint.fetch, tokenRequestFormat: 'form', clientSecret: SECRET }).refresh('rt 0+/');
    expect(endpoint.sent[0].headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(endpoint.sent[0].body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt 0+/',
      client_id: 'app',
      client_secret: SECRET,
    });
  });

  it('send the secret as HTTP Basic with form-encoded id and secret when asked (RFC 6749 §2.3.1)', async () => {
    const endpoint = tokenEndpoint(() => tokenJson(GOOD));
    await client({
      fetch: endpoint.fetch,
      clientId: 'my app',
      clientSecret: 'p@ss:w rd',
      clientAuthentication: 'client_secret_basic',
    }).refresh('rt');
    expect(endpoint.sent[0].headers.get('authorization')).toBe(`Basic ${btoa('my+app:p%40ss%3Aw+rd')}`);
    expect(JSON.parse(endpoint.sent[0].body)).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt' });
  });

  it('refuse a missing or malformed code verifier with InvalidArgumentError before any token request', async () => {
    const callback = `${REDIRECT}?code=the-code&state=s&iss=${encodeURIComponent(AUTH_URL)}`;
    for (const codeVerifier of [undefined, '', 'short', `${'v'.repeat(42)}!`]) {
      const error = await client({ fetch: noFetch })
        .handleCallback(callback, { state: 's', codeVerifier: codeVerifier as string })
        .catch((e: unknown) => e);
      expect(error, String(codeVerifier)).toBeInstanceOf(InvalidArgumentError);
      expect((error as Error).message).toMatch(/codeVerifier authorizationUrl\(\) returned/);
    }
    await expect(client({ fetch: noFetch }).exchangeCode({ code: '', codeVerifier: 'v'.repeat(43) })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
    await expect(client({ fetch: noFetch }).exchangeCode(undefined as never)).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('send no secret for a public client: it relies on PKCE', async () => {
    const endpoint = tokenEndpoint(() => tokenJson(GOOD));
    await client({ fetch: endpoint.fetch }).exchangeCode({ code: 'c', codeVerifier: 'v'.repeat(43) });
    expect(JSON.parse(endpoint.sent[0].body)).not.toHaveProperty('client_secret');
    expect(endpoint.sent[0].headers.has('authorization')).toBe(false);
  });

  it('turn an RFC 6749 error body into an OAuthError that never shows the secret', async () => {
    const endpoint = tokenEndpoint(() =>
      tokenJson({ error: 'invalid_grant', error_description: 'The refresh token was already used' }, 400),
    );
    const error = (await client({ fetch: endpoint.fetch, clientSecret: SECRET })
      .refresh('rt_secret_value')
      .catch((e: unknown) => e)) as OAuthError;
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({
      error: 'invalid_grant',
      code: 'invalid_grant',
      status: 400,
      errorDescription: 'The refresh token was already used',
    });
    const shown = `${error.message} ${JSON.stringify(error)} ${String(error.stack)}`;
    expect(shown).not.toContain(SECRET);
    expect(shown).not.toContain('rt_secret_value');
  });

  it('report a lost answer as OAuthConnectionError and send nothing again', async () => {
    const endpoint = tokenEndpoint(() => {
      throw new TypeError('fetch failed');
    });
    const error = await client({ fetch: endpoint.fetch })
      .refresh('rt')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthConnectionError);
    expect(error).toMatchObject({ error: 'connection_error', grantType: 'refresh_token' });
    expect(endpoint.sent).toHaveLength(1);
  });

  it('report a 502 page or a non-JSON success as OAuthResponseError', async () => {
    const html = tokenEndpoint(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client({ fetch: html.fetch }).refresh('rt')).rejects.toMatchObject({ name: 'OAuthResponseError', status: 502 });
    const text = tokenEndpoint(() => new Response('ok', { status: 200 }));
    await expect(client({ fetch: text.fetch }).refresh('rt')).rejects.toBeInstanceOf(OAuthResponseError);
  });
});

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
