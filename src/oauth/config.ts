// The options of `new OAuthClient()`, checked once, with the server's endpoints and issuer resolved.
import { AUTH_URLS } from '../core/environments.js';
import { ConfigurationError } from '../core/errors.js';
import { isAbsoluteUrl, isObject, isText } from './checks.js';
import {
  PROTOCOL_PARAMS,
  type AuthorizationParams,
  type ClientAuthenticationMethod,
  type OAuthClientOptions,
  type TokenRequestFormat,
} from './options.js';

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * What an `OAuthClient` works from: its options, checked, every default applied. The client keeps it
 * private (the secret, `fetch` and the clock stay there) and copies the public settings to its fields.
 */
export interface ClientConfig {
  clientId: string;
  redirectUri: string;
  authUrl: string;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint: string | undefined;
  tokenRequestFormat: TokenRequestFormat;
  clientAuthentication: ClientAuthenticationMethod;
  clientSecret: string | undefined;
  requireIssuer: boolean;
  extraParams: AuthorizationParams;
  fetch: typeof globalThis.fetch | undefined;
  timeout: number;
  now: () => number;
}

/** Checks the options and resolves the endpoints (under `authUrl` or the environment's, unless given); `ConfigurationError` names what is wrong. */
export function resolveConfig(options: OAuthClientOptions): ClientConfig {
  if (!isText(options?.clientId)) throw new ConfigurationError('OAuthClient needs a clientId');
  if (!isAbsoluteUrl(options.redirectUri)) {
    throw new ConfigurationError(`OAuthClient needs redirectUri as an absolute URL, got ${JSON.stringify(options.redirectUri)}`);
  }
  const { environment } = options;
  // An environment's own name only (not `toString`, say): anything else is left to the error below.
  const base = (options.authUrl ?? (environment && Object.hasOwn(AUTH_URLS, environment) ? AUTH_URLS[environment] : undefined))?.replace(
    /\/+$/,
    '',
  );
  const issuer = options.issuer ?? base;
  if ((base !== undefined && !URL.canParse(base)) || !isText(issuer)) {
    throw new ConfigurationError(
      'OAuthClient needs authUrl (an absolute URL), environment, or issuer with authorizationEndpoint and tokenEndpoint',
    );
  }
  const endpoint = (name: string, value: string | undefined, path: string): string => {
    const url = value ?? (base === undefined ? undefined : base + path);
    if (!isAbsoluteUrl(url)) throw new ConfigurationError(`OAuthClient needs ${name} as an absolute URL`);
    return url;
  };
  const { clientSecret, revocationEndpoint } = options;
  if (clientSecret !== undefined && !isText(clientSecret)) {
    throw new ConfigurationError('clientSecret must be a non-empty string, or left out for a public client');
  }
  return {
    clientId: options.clientId,
    redirectUri: options.redirectUri,
    authUrl: base ?? issuer,
    issuer,
    authorizationEndpoint: endpoint('authorizationEndpoint', options.authorizationEndpoint, '/oauth/authorize'),
    tokenEndpoint: endpoint('tokenEndpoint', options.tokenEndpoint, '/oauth/token'),
    revocationEndpoint: revocationEndpoint === undefined ? undefined : endpoint('revocationEndpoint', revocationEndpoint, ''),
    tokenRequestFormat: oneOf('tokenRequestFormat', options.tokenRequestFormat, ['json', 'form']),
    clientAuthentication: oneOf('clientAuthentication', options.clientAuthentication, ['client_secret_post', 'client_secret_basic']),
    clientSecret,
    requireIssuer: options.requireIssuer ?? false,
    extraParams: checkExtraParams(options.extraParams),
    fetch: options.fetch,
    timeout: checkTimeout(options.timeout),
    now: options.now ?? Date.now,
  };
}

/** An enumerated option: the first of `allowed` when left out. */
function oneOf<T extends string>(name: string, value: T | undefined, allowed: readonly [T, ...T[]]): T {
  if (value === undefined) return allowed[0];
  if (!allowed.includes(value)) throw new ConfigurationError(`${name} must be '${allowed.join("' or '")}', got ${JSON.stringify(value)}`);
  return value;
}

export function checkTimeout(timeout: unknown = DEFAULT_TIMEOUT_MS): number {
  if (typeof timeout !== 'number' || !(timeout > 0))
    throw new ConfigurationError(`timeout must be a positive number of milliseconds, got ${String(timeout)}`);
  return timeout;
}

/** Extra authorization parameters, refused when one would replace a parameter the client writes itself. */
export function checkExtraParams(params: AuthorizationParams | undefined): AuthorizationParams {
  if (params === undefined) return {};
  if (!isObject(params)) throw new ConfigurationError('extraParams must be an object');
  for (const [name, value] of Object.entries(params)) {
    if (PROTOCOL_PARAMS.includes(name)) throw new ConfigurationError(`extraParams may not set ${name}: OAuthClient writes it`);
    // A string or a list of strings, read as the authorization URL reads it.
    if (![value].flat().every((v) => typeof v === 'string')) {
      throw new ConfigurationError(`extraParams.${name} must be a string or strings`);
    }
  }
  return params;
}
