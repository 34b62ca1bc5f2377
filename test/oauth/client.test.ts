import { describe, expect, it } from 'vitest';
import {
  codeChallengeS256,
  OAuthCallbackError,
  OAuthClient,
  OAuthConnectionError,
  OAuthError,
  OAuthResponseError,
  type OAuthClientOptions,
} from '../../src/oauth/index.js';
import { AcsError, ConfigurationError, InvalidArgumentError } from '../../src/index.js';
import { AUTH_URL, REDIRECT, SECRET, tokenEndpoint, tokenJson, GOOD, client, noFetch } from './client-support.js';

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
