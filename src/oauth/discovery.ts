import { ConfigurationError } from '../core/errors.js';
import { isAbsoluteUrl, isObject } from './checks.js';
import { OAuthDiscoveryError } from './errors.js';

/**
 * An authorization server's metadata (RFC 8414 §2; an OpenID provider's configuration has the same
 * fields), as `OAuthClient.discover()` reads it. Members this client does not use are kept as sent.
 */
export interface AuthorizationServerMetadata {
  /** The issuer identifier, identical to the one discovery started from. */
  issuer: string;
  /** Where the user signs in. */
  authorization_endpoint: string;
  /** Where codes and refresh tokens are exchanged. */
  token_endpoint: string;
  /** RFC 7009 revocation endpoint, when the server offers one. */
  revocation_endpoint?: string;
  /** How a client may authenticate at the token endpoint; RFC 8414's default is `client_secret_basic`. */
  token_endpoint_auth_methods_supported?: string[];
  /** PKCE methods; this client needs `S256`. */
  code_challenge_methods_supported?: string[];
  /** `code` must be among them. */
  response_types_supported?: string[];
  /** True when every authorization response carries `iss` (RFC 9207). */
  authorization_response_iss_parameter_supported?: boolean;
  [member: string]: unknown;
}

/**
 * The two well-known URLs of an issuer, in the order discovery tries them: RFC 8414 §3.1 inserts
 * `/.well-known/oauth-authorization-server` between the host and the issuer's path; OpenID Connect
 * Discovery 1.0 §4 appends `/.well-known/openid-configuration` to it. A terminating `/` is removed
 * first by both, so for an issuer without a path both sit at the root.
 */
export function wellKnownUrls(issuer: string): [string, string] {
  const url = URL.canParse(issuer) ? new URL(issuer) : undefined;
  // RFC 8414 §2: an https (here also http, for servers on loopback) URL without query or fragment.
  if (!url || !/^https?:$/.test(url.protocol) || /[?#]/.test(issuer)) {
    throw new ConfigurationError(`discover() needs an http(s) issuer without query or fragment, got ${JSON.stringify(issuer)}`);
  }
  const path = url.pathname.replace(/\/$/, '');
  return [`${url.origin}/.well-known/oauth-authorization-server${path}`, `${url.origin}${path}/.well-known/openid-configuration`];
}

/**
 * Fetches and checks the metadata of `issuer`: the RFC 8414 URL first, then the OpenID one when the
 * first gives no JSON document. A JSON document that fails the checks is final (an `issuer` mismatch
 * is a warning sign, not a reason to look elsewhere). Only a GET with `Accept` (no preflight in a
 * browser) and `fetch`.
 */
export async function fetchMetadata(
  issuer: string,
  fetch: typeof globalThis.fetch | undefined,
  timeout: number,
): Promise<AuthorizationServerMetadata> {
  const tried: string[] = [];
  for (const url of wellKnownUrls(issuer)) {
    let response: Response;
    let body: unknown;
    try {
      response = await (fetch ?? globalThis.fetch)(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeout) });
      body = response.ok ? await response.json().catch(() => undefined) : undefined;
    } catch (cause) {
      throw new OAuthDiscoveryError('unreachable', `No answer from ${url}`, { cause });
    }
    // A missing document, or a page that is not JSON (a catch-all web app answers 200 with HTML): try the next URL.
    if (body === undefined) tried.push(`${url} (HTTP ${response.status}${response.ok ? ', not JSON' : ''})`);
    else return checkMetadata(body, issuer, url);
  }
  throw new OAuthDiscoveryError('not_found', `No metadata of ${issuer} at ${tried.join(' or ')}`);
}

function checkMetadata(body: unknown, issuer: string, url: string): AuthorizationServerMetadata {
  const invalid = (what: string) => new OAuthDiscoveryError('invalid_metadata', `The metadata at ${url} ${what}`);
  if (!isObject(body)) throw invalid('is not a JSON object');
  const metadata = body as AuthorizationServerMetadata;
  // RFC 8414 §3.3, OpenID Connect Discovery §4.3: identical, character for character, or not used at all.
  if (metadata.issuer !== issuer) {
    throw new OAuthDiscoveryError(
      'issuer_mismatch',
      `The metadata at ${url} is of issuer ${JSON.stringify(metadata.issuer)}, not ${issuer} (RFC 8414 §3.3)`,
    );
  }
  for (const name of ['authorization_endpoint', 'token_endpoint', 'revocation_endpoint'] as const) {
    const value = metadata[name];
    if ((value !== undefined || name !== 'revocation_endpoint') && !isAbsoluteUrl(value)) {
      throw invalid(`has no absolute URL as ${name}`);
    }
  }
  const lacks = (list: unknown, value: string) => Array.isArray(list) && !list.includes(value);
  if (lacks(metadata.response_types_supported, 'code') || lacks(metadata.code_challenge_methods_supported, 'S256')) {
    throw new OAuthDiscoveryError('unsupported', `${issuer} has no code flow with PKCE S256`);
  }
  return metadata;
}
