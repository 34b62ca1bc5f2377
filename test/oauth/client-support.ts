import { OAuthClient, type OAuthClientOptions } from '../../src/oauth/index.js';

export const AUTH_URL = 'https://auth.example.test';
export const REDIRECT = 'https://app.example.test/callback';
export const SECRET = 'cs_super_secret_value_123';

export interface Sent {
  url: string;
  headers: Headers;
  body: string;
}

/** A token endpoint that answers with `answer` and records what it was sent. */
export function tokenEndpoint(answer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({ url: request.url, headers: request.headers, body: await request.text() });
    return answer();
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

export const tokenJson = (body: Record<string, unknown>, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const GOOD = { access_token: 'at_1', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt_1', scope: 'read:accounts' };

export const client = (options: Partial<OAuthClientOptions> = {}) =>
  new OAuthClient({ clientId: 'app', redirectUri: REDIRECT, authUrl: AUTH_URL, ...options });

/** A fetch that fails the test when called: the callback checks must refuse before any token request. */
export const noFetch = (() => {
  throw new Error('a token request was sent');
}) as typeof globalThis.fetch;
