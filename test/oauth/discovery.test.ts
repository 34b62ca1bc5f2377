import { describe, expect, it } from 'vitest';
import { OAuthClient, OAuthDiscoveryError, type AuthorizationServerMetadata, type DiscoveryOptions } from '../../src/oauth/index.js';
import { ConfigurationError } from '../../src/index.js';

const ISSUER = 'https://idp.example.test';
const REDIRECT = 'https://app.example.test/callback';

const metadataOf = (issuer: string, extra: Partial<AuthorizationServerMetadata> = {}): AuthorizationServerMetadata => ({
  issuer,
  authorization_endpoint: `${issuer.replace(/\/$/, '')}/authorize`,
  token_endpoint: `${issuer.replace(/\/$/, '')}/token`,
  response_types_supported: ['code'],
  code_challenge_methods_supported: ['S256'],
  ...extra,
});

interface Asked {
  url: string;
  method: string;
  headers: Headers;
}

/** A server that answers `answers[url]` (404 for any other URL) and records what it was asked. */
function wellKnownServer(answers: Record<string, () => Response>) {
  const asked: Asked[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    asked.push({ url: request.url, method: request.method, headers: request.headers });
    return answers[request.url]?.() ?? new Response('Not Found', { status: 404 });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}
const json = (body: unknown) => () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const discover = (issuer: string, fetch: typeof globalThis.fetch, options: Partial<DiscoveryOptions> = {}) =>
  OAuthClient.discover(issuer, { clientId: 'app', redirectUri: REDIRECT, fetch, ...options });
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  if (!(error instanceof OAuthDiscoveryError)) throw new Error(`expected an OAuthDiscoveryError, got ${String(error)}`);
  return error;
};

describe('OAuthClient.discover: where the metadata is looked for', () => {
  it("tries RFC 8414's URL (well-known inserted before the path), then OpenID's (appended to the path)", async () => {
    const { fetch, asked } = wellKnownServer({});
    const error = await failure(discover('https://idp.example.test/tenant/a', fetch));
    expect(asked.map((a) => a.url)).toEqual([
      'https://idp.example.test/.well-known/oauth-authorization-server/tenant/a',
      'https://idp.example.test/tenant/a/.well-known/openid-configuration',
    ]);
    expect(error.reason).toBe('not_found');
    expect(error.error).toBe('not_found');
    expect(error.message).toContain('HTTP 404');
  });

  it('removes a terminating slash before building either URL', async () => {
    const root = wellKnownServer({});
    await failure(discover('https://idp.example.test/', root.fetch));
    expect(root.asked.map((a) => a.url)).toEqual([
      'https://idp.example.test/.well-known/oauth-authorization-server',
      'https://idp.example.test/.well-known/openid-configuration',
    ]);
    const path = wellKnownServer({});
    await failure(discover('https://idp.example.test/tenant/', path.fetch));
    expect(path.asked.map((a) => a.url)).toEqual([
      'https://idp.example.test/.well-known/oauth-authorization-server/tenant',
      'https://idp.example.test/tenant/.well-known/openid-configuration',
    ]);
  });

  it('uses the RFC 8414 document when there is one, and asks no further', async () => {
    const { fetch, asked } = wellKnownServer({ [`${ISSUER}/.well-known/oauth-authorization-server`]: json(metadataOf(ISSUER)) });
    const oauth = await discover(ISSUER, fetch);
    expect(asked).toHaveLength(1);
    expect(oauth).toMatchObject({
      issuer: ISSUER,
      authorizationEndpoint: `${ISSUER}/authorize`,
      tokenEndpoint: `${ISSUER}/token`,
      revocationEndpoint: undefined,
    });
  });

  it('skips a well-known URL that answers a page that is not JSON (a catch-all web app)', async () => {
    const { fetch } = wellKnownServer({
      [`${ISSUER}/.well-known/oauth-authorization-server`]: () =>
        new Response('<!doctype html><title>App</title>', { headers: { 'content-type': 'text/html' } }),
      [`${ISSUER}/.well-known/openid-configuration`]: json(metadataOf(ISSUER)),
    });
    await expect(discover(ISSUER, fetch)).resolves.toMatchObject({ tokenEndpoint: `${ISSUER}/token` });
  });

  it('sends a plain GET with Accept only: no credentials, nothing that needs a CORS preflight', async () => {
    const { fetch, asked } = wellKnownServer({ [`${ISSUER}/.well-known/oauth-authorization-server`]: json(metadataOf(ISSUER)) });
    await discover(ISSUER, fetch, { clientSecret: 'a-secret' });
    expect(asked[0].method).toBe('GET');
    expect([...asked[0].headers.keys()]).toEqual(['accept']);
  });

  it('refuses an issuer that is not an http(s) URL without query or fragment, with ConfigurationError and no request', async () => {
    const { fetch, asked } = wellKnownServer({});
    for (const issuer of ['idp.example.test', 'ftp://idp.example.test', `${ISSUER}?tenant=a`, `${ISSUER}#x`, `${ISSUER}/?`]) {
      await expect(discover(issuer, fetch), issuer).rejects.toBeInstanceOf(ConfigurationError);
    }
    expect(asked).toHaveLength(0);
  });

  it('reports a network failure as unreachable, with the cause', async () => {
    const cause = new TypeError('fetch failed');
    const error = await failure(
      discover(ISSUER, (() => {
        throw cause;
      }) as typeof globalThis.fetch),
    );
    expect(error.reason).toBe('unreachable');
    expect(error.cause).toBe(cause);
  });
});

describe('OAuthClient.discover: checking the metadata', () => {
  const at8414 = (body: unknown) => wellKnownServer({ [`${ISSUER}/.well-known/oauth-authorization-server`]: json(body) });

  it('refuses metadata that names another issuer, even one that differs by a trailing slash, and looks no further (RFC 8414 §3.3)', async () => {
    for (const other of [`${ISSUER}/`, 'https://evil.example.test', ISSUER.toUpperCase()]) {
      const { fetch, asked } = at8414(metadataOf(other));
      const error = await failure(discover(ISSUER, fetch));
      expect(error.reason, other).toBe('issuer_mismatch');
      expect(asked).toHaveLength(1);
    }
  });

  it('refuses a document without the authorization and token endpoints as absolute URLs', async () => {
    for (const broken of [
      { ...metadataOf(ISSUER), authorization_endpoint: undefined },
      { ...metadataOf(ISSUER), token_endpoint: '/token' },
      { ...metadataOf(ISSUER), revocation_endpoint: 42 },
      [metadataOf(ISSUER)],
    ]) {
      expect((await failure(discover(ISSUER, at8414(broken).fetch))).reason, JSON.stringify(broken)).toBe('invalid_metadata');
    }
  });

  it('refuses a server without the code flow or without PKCE S256', async () => {
    const noCode = metadataOf(ISSUER, { response_types_supported: ['id_token'] });
    const plainOnly = metadataOf(ISSUER, { code_challenge_methods_supported: ['plain'] });
    expect((await failure(discover(ISSUER, at8414(noCode).fetch))).reason).toBe('unsupported');
    expect((await failure(discover(ISSUER, at8414(plainOnly).fetch))).reason).toBe('unsupported');
  });

  it('configures form-encoded token requests, the revocation endpoint, and requires iss when the server announces RFC 9207', async () => {
    const body = metadataOf(ISSUER, { revocation_endpoint: `${ISSUER}/revoke`, authorization_response_iss_parameter_supported: true });
    const oauth = await discover(ISSUER, at8414(body).fetch);
    expect(oauth).toMatchObject({ tokenRequestFormat: 'form', revocationEndpoint: `${ISSUER}/revoke` });
    const { state, codeVerifier } = await oauth.authorizationUrl({ scope: 'read:accounts' });
    await expect(oauth.handleCallback(`${REDIRECT}?code=c&state=${state}`, { state, codeVerifier })).rejects.toMatchObject({
      reason: 'issuer_mismatch',
    });
  });

  it('picks client_secret_basic for a secret, else client_secret_post, as listed; an omitted list means basic (RFC 8414 §2)', async () => {
    const withMethods = (methods?: string[]) => at8414(metadataOf(ISSUER, { token_endpoint_auth_methods_supported: methods })).fetch;
    expect(
      (await discover(ISSUER, withMethods(['client_secret_post', 'client_secret_basic']), { clientSecret: 's' })).clientAuthentication,
    ).toBe('client_secret_basic');
    expect(
      (await discover(ISSUER, withMethods(['private_key_jwt', 'client_secret_post']), { clientSecret: 's' })).clientAuthentication,
    ).toBe('client_secret_post');
    expect((await discover(ISSUER, withMethods(undefined), { clientSecret: 's' })).clientAuthentication).toBe('client_secret_basic');
    expect((await failure(discover(ISSUER, withMethods(['private_key_jwt']), { clientSecret: 's' }))).reason).toBe('unsupported');
    // A public client sends no secret, whatever the list says.
    await expect(discover(ISSUER, withMethods(['private_key_jwt', 'none']))).resolves.toBeInstanceOf(OAuthClient);
  });

  it('lets the options given to discover() win over what it derives', async () => {
    const body = metadataOf(ISSUER, {
      authorization_response_iss_parameter_supported: true,
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    const oauth = await discover(ISSUER, at8414(body).fetch, {
      clientSecret: 's',
      clientAuthentication: 'client_secret_post',
      tokenRequestFormat: 'json',
      requireIssuer: false,
    });
    expect(oauth).toMatchObject({ clientAuthentication: 'client_secret_post', tokenRequestFormat: 'json' });
    // A callback without iss passes the check, and goes on to the token request (which this fake server answers 404).
    const { state, codeVerifier } = await oauth.authorizationUrl({ scope: 'read:accounts' });
    await expect(oauth.handleCallback(`${REDIRECT}?code=c&state=${state}`, { state, codeVerifier })).rejects.toMatchObject({
      name: 'OAuthResponseError',
      status: 404,
    });
  });
});
