import { createMockService, type MockService } from '../../mock-server/index.js';

/** RFC 7636 Appendix B: a verifier and its S256 challenge. */
export const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
export const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
export const REDIRECT_URI = 'http://127.0.0.1:5173/callback';

/** A demo mock and its OAuth credentials. */
export function oauthMock(): { mock: MockService; confidential: { clientId: string; clientSecret: string }; publicId: string } {
  const mock = createMockService();
  const oauth = mock.credentials.oauth!;
  return { mock, confidential: oauth.confidentialClient, publicId: oauth.publicClient.clientId };
}

/** The query of an authorization request of the public client, with `overrides` (undefined removes a parameter). */
export function authorizeQuery(publicId: string, overrides: Record<string, string | undefined> = {}): URLSearchParams {
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: publicId,
    redirect_uri: REDIRECT_URI,
    scope: 'read:accounts read:invoices',
    state: 'state-123',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...overrides,
  };
  return new URLSearchParams(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** `GET /oauth/authorize` without following the redirect. */
export function authorizeRequest(mock: MockService, query: URLSearchParams | string): Promise<Response> {
  return mock.fetch(`${mock.credentials.authUrl}/oauth/authorize?${query}`, { redirect: 'manual' });
}

/** The code of a successful authorization (asserting the redirect carries one). */
export async function authorizationCode(mock: MockService, query: URLSearchParams): Promise<string> {
  const response = await authorizeRequest(mock, query);
  const code = new URL(response.headers.get('location') ?? 'http://invalid/').searchParams.get('code');
  if (response.status !== 302 || !code)
    throw new Error(`authorization gave no code: ${response.status} ${response.headers.get('location')}`);
  return code;
}

/** `POST /oauth/token`, form-encoded (RFC 6749) unless `json`. */
export function tokenRequest(
  mock: MockService,
  body: Record<string, string>,
  options: { json?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  return mock.fetch(`${mock.credentials.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded', ...options.headers },
    body: options.json ? JSON.stringify(body) : new URLSearchParams(body).toString(),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** A full sign-in of the public client: authorize, then exchange the code. */
export async function signIn(mock: MockService, publicId: string, overrides: Record<string, string | undefined> = {}): Promise<Tokens> {
  const query = authorizeQuery(publicId, overrides);
  const code = await authorizationCode(mock, query);
  const response = await tokenRequest(mock, {
    grant_type: 'authorization_code',
    client_id: publicId,
    code,
    redirect_uri: query.get('redirect_uri')!,
    code_verifier: VERIFIER,
  });
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
}

/** A business API call with a bearer token. */
export function apiCall(
  mock: MockService,
  token: string,
  path = '/accounts?limit=1',
  companyId = mock.credentials.companyId,
): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (companyId) headers['x-company-id'] = companyId;
  return mock.fetch(`${mock.credentials.baseUrl}${path}`, { headers });
}
