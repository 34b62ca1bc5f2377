// The POSTs of a client: token requests (RFC 6749 §4.1.3, §6) and revocation (RFC 7009), sent once each.
import type { ClientConfig } from './config.js';
import { errorFields, OAuthConnectionError, OAuthError, OAuthResponseError } from './errors.js';
import { parseTokenResponse, type OAuthTokens } from './tokens.js';

/** What is posted: a grant at the token endpoint, or a revocation. */
type PostKind = 'authorization_code' | 'refresh_token' | 'revocation';

/** Tokens for a grant at the token endpoint; `context` fills what the response may omit (see `parseTokenResponse`). */
export async function requestTokens(
  config: ClientConfig,
  grantType: 'authorization_code' | 'refresh_token',
  params: Record<string, string>,
  context: { requestedScope?: string; previousRefreshToken?: string } = {},
): Promise<OAuthTokens> {
  // A 2xx body that is not JSON reaches parseTokenResponse as undefined, which refuses it as not a JSON object.
  const json = await post(config, grantType, { grant_type: grantType, ...params });
  return parseTokenResponse(json, { now: config.now(), ...context });
}

/**
 * POSTs `body` (a grant) to the token endpoint, written as `tokenRequestFormat` says, or (a revocation)
 * to the revocation endpoint, always as a form (RFC 7009 §2.1); the client's authentication is added to
 * `body` or the headers. The JSON of a 2xx answer (undefined when it is not JSON), or the OAuth error.
 */
export async function post(config: ClientConfig, request: PostKind, body: Record<string, string>): Promise<unknown> {
  const revocation = request === 'revocation';
  const form = revocation || config.tokenRequestFormat === 'form';
  const { clientId, clientSecret } = config;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
  };
  if (clientSecret !== undefined && config.clientAuthentication === 'client_secret_basic') {
    // RFC 6749 §2.3.1: id and secret are form-encoded, then joined and base64-encoded.
    headers.authorization = `Basic ${btoa(`${formEncode(clientId)}:${formEncode(clientSecret)}`)}`;
  } else {
    body.client_id = clientId;
    if (clientSecret !== undefined) body.client_secret = clientSecret;
  }

  let response: Response;
  let text: string;
  try {
    response = await (config.fetch ?? globalThis.fetch)(revocation ? config.revocationEndpoint! : config.tokenEndpoint, {
      method: 'POST',
      headers,
      body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeout),
    });
    text = await response.text();
  } catch (cause) {
    // What a lost answer means for each request, and what to do: none is retried, since the server may have acted on it.
    throw new OAuthConnectionError(request, {
      cause,
      message:
        request === 'refresh_token'
          ? 'The refresh got no answer and is not retried: reusing a refresh token the server may have rotated revokes the session. Sign in again, or call refresh() knowingly.'
          : request === 'revocation'
            ? 'The revocation got no answer; the token may still be valid.'
            : 'The token request got no answer; the code may be spent. Start the sign-in again.',
    });
  }

  const json = parseJson(text);
  const { status } = response;
  if (!response.ok) {
    const init = { status, headers: response.headers };
    const error = errorFields((name) => (json as Record<string, unknown> | undefined)?.[name]);
    if (error) throw new OAuthError({ ...error, ...init });
    throw new OAuthResponseError({ error: 'invalid_response', errorDescription: `HTTP ${status} without an OAuth error body`, ...init });
  }
  return json;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `application/x-www-form-urlencoded` of one value (RFC 6749 Appendix B). */
const formEncode = (value: string): string => new URLSearchParams({ v: value }).toString().slice(2);
