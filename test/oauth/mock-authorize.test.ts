import { describe, expect, it } from 'vitest';
import { authorizationCodes } from '../../mock-server/domain/oauth/index.js';
import { authorizeQuery, authorizeRequest, oauthMock, REDIRECT_URI, signIn, apiCall } from './helpers.js';

const location = (response: Response) => new URL(response.headers.get('location')!);

describe('mock GET /oauth/authorize (automatic consent)', () => {
  it('redirects to redirect_uri with a code, the same state and the issuer (RFC 9207)', async () => {
    const { mock, publicId } = oauthMock();
    const response = await authorizeRequest(mock, authorizeQuery(publicId));
    expect(response.status).toBe(302);
    const back = location(response);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('iss')).toBe(mock.credentials.authUrl);
  });

  it('keeps the query of a registered redirect URI and accepts a loopback IP redirect on any port (RFC 8252 §7.3)', async () => {
    const { mock, publicId } = oauthMock();
    const back = location(await authorizeRequest(mock, authorizeQuery(publicId, { redirect_uri: 'http://127.0.0.1:49152/callback' })));
    expect(back.host).toBe('127.0.0.1:49152');
    expect(back.searchParams.has('code')).toBe(true);
  });

  it('shows an error page, never a redirect, for an unknown client or an unregistered redirect URI (RFC 6749 §4.1.2.1)', async () => {
    const { mock, publicId } = oauthMock();
    for (const query of [
      authorizeQuery('no-such-client'),
      authorizeQuery(publicId, { redirect_uri: 'https://evil.example/callback' }),
      authorizeQuery(publicId, { redirect_uri: 'http://localhost:9999/callback' }),
      authorizeQuery(publicId, { redirect_uri: 'http://127.0.0.1:5173/other' }),
      authorizeQuery(publicId, { redirect_uri: undefined }),
      authorizeQuery(publicId, { client_id: undefined }),
    ]) {
      const response = await authorizeRequest(mock, query);
      expect(response.status, query.toString()).toBe(400);
      expect(response.headers.has('location')).toBe(false);
      expect(await response.json()).toMatchObject({ error: 'invalid_request', error_description: expect.any(String) });
    }
  });

  it('shows the error page for a redirect URI with a 20,000-character host, where it once answered 500', async () => {
    const { mock, publicId } = oauthMock();
    for (const scheme of ['https', 'http']) {
      const response = await authorizeRequest(
        mock,
        authorizeQuery(publicId, { redirect_uri: `${scheme}://${'T'.repeat(20_000)}/callback` }),
      );
      expect(response.status).toBe(400);
      expect(response.headers.has('location')).toBe(false);
      expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    }
  });

  it('redirects with invalid_request when the S256 challenge is missing or plain, keeping the state', async () => {
    const { mock, publicId } = oauthMock();
    for (const overrides of [
      { code_challenge: undefined },
      { code_challenge_method: undefined },
      { code_challenge_method: 'plain' },
      { code_challenge: 'too-short' },
    ]) {
      const response = await authorizeRequest(mock, authorizeQuery(publicId, overrides));
      expect(response.status).toBe(302);
      const back = location(response);
      expect(back.searchParams.get('error'), JSON.stringify(overrides)).toBe('invalid_request');
      expect(back.searchParams.get('error_description')).toMatch(/code_challenge/);
      expect(back.searchParams.get('state')).toBe('state-123');
      expect(back.searchParams.get('iss')).toBe(mock.credentials.authUrl);
      expect(back.searchParams.has('code')).toBe(false);
    }
  });

  it('redirects with unsupported_response_type, invalid_scope and a repeated parameter as invalid_request', async () => {
    const { mock, publicId } = oauthMock();
    const errorOf = async (query: URLSearchParams) => location(await authorizeRequest(mock, query)).searchParams.get('error');
    expect(await errorOf(authorizeQuery(publicId, { response_type: 'token' }))).toBe('unsupported_response_type');
    expect(await errorOf(authorizeQuery(publicId, { scope: 'read:accounts fly:rockets' }))).toBe('invalid_scope');
    const repeated = authorizeQuery(publicId);
    repeated.append('scope', 'admin');
    expect(await errorOf(repeated)).toBe('invalid_scope');
    const twice = authorizeQuery(publicId);
    twice.append('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(await errorOf(twice)).toBe('invalid_request');
  });

  it('writes no code for a refused request', async () => {
    const { mock, publicId } = oauthMock();
    await authorizeRequest(mock, authorizeQuery(publicId, { code_challenge: undefined }));
    await authorizeRequest(mock, authorizeQuery(publicId, { scope: 'fly:rockets' }));
    await authorizeRequest(mock, authorizeQuery('no-such-client'));
    expect(authorizationCodes(mock.store).size).toBe(0);
  });

  it('signs in the user named by login_hint, whose companies the token may act on', async () => {
    const { mock, publicId } = oauthMock();
    const [, bakeryOnly] = mock.credentials.oauth!.users;
    const { access_token } = await signIn(mock, publicId, { login_hint: bakeryOnly.email });
    const bakery = mock.credentials.companies[1].id;
    expect((await apiCall(mock, access_token, '/company', bakery)).status).toBe(200);
    const other = await apiCall(mock, access_token, '/company', mock.credentials.companyId);
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');

    const unknown = location(await authorizeRequest(mock, authorizeQuery(publicId, { login_hint: 'nobody@nowhere.my' })));
    expect(unknown.searchParams.get('error')).toBe('access_denied');
  });
});
