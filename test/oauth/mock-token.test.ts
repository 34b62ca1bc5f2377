import { describe, expect, it } from 'vitest';
import { grants } from '../../mock-server/domain/oauth/index.js';
import {
  apiCall,
  authorizationCode,
  authorizeQuery,
  oauthMock,
  REDIRECT_URI,
  signIn,
  tokenRequest,
  VERIFIER,
  type Tokens,
} from './helpers.js';

const codeGrant = (clientId: string, code: string, extra: Record<string, string> = {}) => ({
  grant_type: 'authorization_code',
  client_id: clientId,
  code,
  redirect_uri: REDIRECT_URI,
  code_verifier: VERIFIER,
  ...extra,
});

async function expectOAuthError(response: Response, status: number, error: string): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as { error: string; error_description: string };
  expect(body.error).toBe(error);
  expect(body.error_description).toEqual(expect.any(String));
  return body.error_description;
}

describe('mock POST /oauth/token: the code exchange', () => {
  it('takes a form-encoded body (RFC 6749) and a JSON body (as the spec writes it)', async () => {
    const { mock, publicId } = oauthMock();
    for (const json of [false, true]) {
      const code = await authorizationCode(mock, authorizeQuery(publicId));
      const response = await tokenRequest(mock, codeGrant(publicId, code), { json });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const tokens = (await response.json()) as Tokens;
      expect(tokens).toEqual({
        access_token: expect.stringMatching(/^acs_at_/),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^acs_rt_/),
        scope: 'read:accounts read:invoices',
      });
      expect((await apiCall(mock, tokens.access_token)).status).toBe(200);
    }
  });

  it('checks a confidential client secret, in the body or as HTTP Basic, but not both', async () => {
    const { mock, confidential } = oauthMock();
    const query = () => authorizeQuery(confidential.clientId);
    const basic = (secret: string) => ({ authorization: `Basic ${btoa(`${confidential.clientId}:${secret}`)}` });

    let code = await authorizationCode(mock, query());
    await expectOAuthError(
      await tokenRequest(mock, codeGrant(confidential.clientId, code, { client_secret: 'wrong' })),
      401,
      'invalid_client',
    );
    await expectOAuthError(await tokenRequest(mock, codeGrant(confidential.clientId, code)), 401, 'invalid_client');
    const wrongBasic = await tokenRequest(mock, codeGrant(confidential.clientId, code), { headers: basic('wrong') });
    await expectOAuthError(wrongBasic, 401, 'invalid_client');
    expect(wrongBasic.headers.get('www-authenticate')).toMatch(/^Basic /);
    const both = await tokenRequest(mock, codeGrant(confidential.clientId, code, { client_secret: confidential.clientSecret }), {
      headers: basic(confidential.clientSecret),
    });
    await expectOAuthError(both, 400, 'invalid_request');

    // None of the refusals spent the code.
    expect((await tokenRequest(mock, codeGrant(confidential.clientId, code, { client_secret: confidential.clientSecret }))).status).toBe(
      200,
    );
    code = await authorizationCode(mock, query());
    expect((await tokenRequest(mock, codeGrant(confidential.clientId, code), { headers: basic(confidential.clientSecret) })).status).toBe(
      200,
    );
  });

  it('refuses a secret from a public client, and a code of another client', async () => {
    const { mock, publicId, confidential } = oauthMock();
    const code = await authorizationCode(mock, authorizeQuery(publicId));
    await expectOAuthError(await tokenRequest(mock, codeGrant(publicId, code, { client_secret: 'anything' })), 401, 'invalid_client');
    await expectOAuthError(
      await tokenRequest(mock, codeGrant(confidential.clientId, code, { client_secret: confidential.clientSecret })),
      400,
      'invalid_grant',
    );
    await expectOAuthError(await tokenRequest(mock, codeGrant('no-such-client', code)), 401, 'invalid_client');
  });

  it('requires the identical redirect_uri and the verifier of the challenge', async () => {
    const { mock, publicId } = oauthMock();
    const code = await authorizationCode(mock, authorizeQuery(publicId));
    const otherPort = await tokenRequest(mock, codeGrant(publicId, code, { redirect_uri: 'http://127.0.0.1:5174/callback' }));
    expect(await expectOAuthError(otherPort, 400, 'invalid_grant')).toMatch(/redirect_uri/);
    const wrongVerifier = await tokenRequest(mock, codeGrant(publicId, code, { code_verifier: 'x'.repeat(43) }));
    expect(await expectOAuthError(wrongVerifier, 400, 'invalid_grant')).toMatch(/code_verifier/);
    await expectOAuthError(await tokenRequest(mock, codeGrant(publicId, code, { code_verifier: 'short' })), 400, 'invalid_request');
    expect((await tokenRequest(mock, codeGrant(publicId, code))).status).toBe(200);
  });

  it('refuses a code after 60 seconds by the mock clock', async () => {
    const { mock, publicId } = oauthMock();
    const code = await authorizationCode(mock, authorizeQuery(publicId));
    mock.clock.advance({ seconds: 61 });
    expect(await expectOAuthError(await tokenRequest(mock, codeGrant(publicId, code)), 400, 'invalid_grant')).toMatch(/expired/);
  });

  it('takes a code once; a second use revokes the tokens issued with it (RFC 6749 §4.1.2)', async () => {
    const { mock, publicId } = oauthMock();
    const code = await authorizationCode(mock, authorizeQuery(publicId));
    const first = (await (await tokenRequest(mock, codeGrant(publicId, code))).json()) as Tokens;
    await expectOAuthError(await tokenRequest(mock, codeGrant(publicId, code)), 400, 'invalid_grant');
    const refused = await apiCall(mock, first.access_token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { details: { code: string }[] } }).error.details[0].code).toBe('INVALID_TOKEN');
    await expectOAuthError(
      await tokenRequest(mock, { grant_type: 'refresh_token', client_id: publicId, refresh_token: first.refresh_token }),
      400,
      'invalid_grant',
    );
  });

  it('answers an unknown grant type and a malformed body in RFC 6749 terms, not the envelope', async () => {
    const { mock, publicId } = oauthMock();
    await expectOAuthError(
      await tokenRequest(mock, { grant_type: 'password', username: 'a', password: 'b' }),
      400,
      'unsupported_grant_type',
    );
    await expectOAuthError(
      await tokenRequest(mock, { grant_type: 'authorization_code', client_id: publicId }, { json: true }),
      400,
      'invalid_request',
    );
    const text = await mock.fetch(`${mock.credentials.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'grant_type=x',
    });
    await expectOAuthError(text, 400, 'invalid_request');
    const badJson = await mock.fetch(`${mock.credentials.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    await expectOAuthError(badJson, 400, 'invalid_request');
    const repeated = await mock.fetch(`${mock.credentials.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=a&refresh_token=b',
    });
    await expectOAuthError(repeated, 400, 'invalid_request');
  });
});

describe('mock POST /oauth/token: refresh', () => {
  const refresh = (
    mock: ReturnType<typeof oauthMock>['mock'],
    publicId: string,
    refreshToken: string,
    extra: Record<string, string> = {},
  ) => tokenRequest(mock, { grant_type: 'refresh_token', client_id: publicId, refresh_token: refreshToken, ...extra });

  it('rotates the refresh token and issues a new access token of the same scopes', async () => {
    const { mock, publicId } = oauthMock();
    const first = await signIn(mock, publicId);
    const response = await refresh(mock, publicId, first.refresh_token);
    expect(response.status).toBe(200);
    const second = (await response.json()) as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.scope).toBe(first.scope);
    expect((await apiCall(mock, second.access_token)).status).toBe(200);
  });

  it('revokes the whole grant when a rotated-out refresh token comes back (RFC 6749 §10.4)', async () => {
    const { mock, publicId } = oauthMock();
    const first = await signIn(mock, publicId);
    const second = (await (await refresh(mock, publicId, first.refresh_token)).json()) as Tokens;

    expect(await expectOAuthError(await refresh(mock, publicId, first.refresh_token), 400, 'invalid_grant')).toMatch(/already used/);
    expect((await apiCall(mock, second.access_token)).status).toBe(401);
    await expectOAuthError(await refresh(mock, publicId, second.refresh_token), 400, 'invalid_grant');
    expect([...grants(mock.store).values()].map((g) => g.revokedReason)).toEqual(['refresh_token_reuse']);
  });

  it('may narrow the scopes, never widen them', async () => {
    const { mock, publicId } = oauthMock();
    const first = await signIn(mock, publicId);
    await expectOAuthError(await refresh(mock, publicId, first.refresh_token, { scope: 'read:accounts admin' }), 400, 'invalid_scope');
    const narrowed = (await (await refresh(mock, publicId, first.refresh_token, { scope: 'read:invoices' })).json()) as Tokens;
    expect(narrowed.scope).toBe('read:invoices');
    expect((await apiCall(mock, narrowed.access_token)).status).toBe(403);
  });

  it('refuses a refresh token of another client and one that is not known', async () => {
    const { mock, publicId, confidential } = oauthMock();
    const first = await signIn(mock, publicId);
    await expectOAuthError(
      await tokenRequest(mock, {
        grant_type: 'refresh_token',
        client_id: confidential.clientId,
        client_secret: confidential.clientSecret,
        refresh_token: first.refresh_token,
      }),
      400,
      'invalid_grant',
    );
    await expectOAuthError(await refresh(mock, publicId, 'acs_rt_made_up'), 400, 'invalid_grant');
    // Neither refusal spent the real one.
    expect((await refresh(mock, publicId, first.refresh_token)).status).toBe(200);
  });
});

describe('mock access tokens', () => {
  it('last 3600 seconds by the mock clock, then answer 401 UNAUTHORIZED with TOKEN_EXPIRED and RFC 6750 invalid_token', async () => {
    const { mock, publicId } = oauthMock();
    const { access_token } = await signIn(mock, publicId);
    mock.clock.advance({ seconds: 3599 });
    expect((await apiCall(mock, access_token)).status).toBe(200);
    mock.clock.advance({ seconds: 1 });
    const expired = await apiCall(mock, access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const body = (await expired.json()) as { error: { code: string; details: { field: string; code: string }[] } };
    expect(body.error.code).toBe('UNAUTHORIZED');
    expect(body.error.details[0]).toMatchObject({ field: 'authorization', code: 'TOKEN_EXPIRED' });
  });

  it('still need X-Company-Id, as API keys do', async () => {
    const { mock, publicId } = oauthMock();
    const { access_token } = await signIn(mock, publicId);
    const response = await apiCall(mock, access_token, '/accounts', '');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INVALID_COMPANY');
  });

  it('verify as the user, with the granted scopes as permissions', async () => {
    const { mock, publicId } = oauthMock();
    const { access_token } = await signIn(mock, publicId);
    const body = (await (await apiCall(mock, access_token, '/auth/verify')).json()) as {
      data: { permissions: string[]; company: { id: string } };
    };
    expect(body.data.permissions).toEqual(['read:accounts', 'read:invoices']);
    expect(body.data.company.id).toBe(mock.credentials.companyId);
  });
});
