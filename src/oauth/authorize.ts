// Step 1 of the code flow: the authorization URL, with a fresh state and a PKCE S256 challenge.
import { ConfigurationError } from '../core/errors.js';
import { isText } from './checks.js';
import { checkExtraParams, type ClientConfig } from './config.js';
import type { AuthorizationParams, AuthorizationRequest, AuthorizationUrlOptions } from './options.js';
import { createPkcePair, createState } from './pkce.js';

/** What `OAuthClient.authorizationUrl()` gives for these options. */
export async function authorizationRequest(config: ClientConfig, options: AuthorizationUrlOptions): Promise<AuthorizationRequest> {
  const scopes = typeof options?.scope === 'string' ? options.scope.trim().split(/\s+/) : (options?.scope ?? []);
  if (scopes.length === 0 || scopes.some((scope) => !/^\S+$/.test(scope))) {
    throw new ConfigurationError('authorizationUrl() needs at least one scope, each without spaces');
  }
  const state = options.state ?? createState();
  if (!isText(state)) throw new ConfigurationError('state must be a non-empty string');
  const extra = checkExtraParams(options.extraParams);
  const { codeVerifier, codeChallenge } = await createPkcePair();
  // The call's extra parameters win over the client's by name, and the protocol's (and loginHint) over both.
  const params: AuthorizationParams = {
    ...config.extraParams,
    ...extra,
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    scope: scopes.join(' '),
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    ...(options.loginHint === undefined ? {} : { login_hint: options.loginHint }),
  };
  const url = new URL(config.authorizationEndpoint);
  // A parameter replaces any of its name in the endpoint's own query; a list is sent once per value.
  for (const [name, value] of Object.entries(params)) {
    url.searchParams.delete(name);
    for (const one of [value].flat()) url.searchParams.append(name, one);
  }
  return { url: url.href, state, codeVerifier };
}
