import { VERSION } from '../version.js';
import { readEnv } from '../internal/env.js';
import { ENVIRONMENTS, LIVE_KEY_PREFIX, TEST_KEY_PREFIX, environmentOfKey, type Environment } from './environments.js';
import { ConfigurationError } from './errors.js';
import type { CredentialSource, TransportConfig } from '../internal/transport.js';
import { createLogger, isLogLevel, resolveLogLevel, type LogLevel, type Logger } from './logger.js';
import type { HeadersInput } from './request-options.js';
import { DEFAULT_MAX_RETRIES } from '../internal/retry.js';
import { resolveValidation, type ValidateOptions } from './validation.js';

/**
 * What `auth` takes: a `TokenManager` from `acs-sdk/oauth`, or anything that keeps an OAuth access
 * token fresh the same way.
 */
export interface AccessTokenProvider {
  /** The access token for the next request, refreshed first when it is about to expire. */
  getAccessToken(): Promise<string>;
  /**
   * Called when the service answered 401 for `rejectedToken` because the token is invalid (expired):
   * resolves to a fresh token to replay the call with (one refresh for any number of callers), or
   * undefined when there is none; rejects with the refresh's error.
   */
  handleUnauthorized(rejectedToken: string): Promise<string | undefined>;
}

/** Options of `new AcsClient()`. Give one of `apiKey`, `accessToken`, `getAccessToken` or `auth`. */
export interface ClientOptions {
  /** `svc_test_sk_...` (sandbox) or `svc_live_sk_...` (production). Default: `ACS_API_KEY`. */
  apiKey?: string;
  /** An OAuth access token. */
  accessToken?: string;
  /** Asked for the OAuth access token on every call and retry (a token manager refreshes it). */
  getAccessToken?: () => string | Promise<string>;
  /**
   * OAuth tokens that keep themselves fresh: a `TokenManager` from `acs-sdk/oauth`. Refreshed before
   * expiry, and on a 401 for an expired token refreshed once and the call replayed.
   */
  auth?: AccessTokenProvider;
  /** The company every call acts on (`X-Company-Id`). Default: `ACS_COMPANY_ID`. */
  companyId?: string;
  /**
   * The tenant the data-management API's tenant surface reads (`acs.auditTrail`), sent as `X-Tenant-Code`.
   * A tenant is a company: default the client's company (`withCompany()` follows it).
   */
  tenantCode?: string;
  /** Default: the key's environment (`svc_test_sk_` is the sandbox), else production. */
  environment?: Environment;
  /** Business API base, ending in `/v1`. Default: `ACS_BASE_URL`, else the environment's. */
  baseUrl?: string;
  /** Data-management API base. Default: the environment's. */
  dataBaseUrl?: string;
  /** OAuth server base. Default: the environment's. */
  authUrl?: string;
  /** Milliseconds per attempt. Default 60 000. */
  timeout?: number;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** A fetch to use instead of `globalThis.fetch` (which is looked up at call time); ky calls it with a `Request` per attempt (decision SDK-12). */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every call. */
  headers?: HeadersInput;
  /** Date-based version sent as `X-API-Version`. */
  apiVersion?: string;
  /** Your application, `name/version`; sent before `acs-sdk/<version>` in `User-Agent`. */
  userAgent?: string;
  /** Where logs go. Default: console. */
  logger?: Logger;
  /** Default: `ACS_LOG`, else `warn`. */
  logLevel?: LogLevel;
  /**
   * Check responses against the contract you import: `{ mode: 'strict', contract }` throws, `'warn'` logs,
   * `'off'` (the default) does not check (`import * as contract from 'acs-sdk/contract'`, decision SDK-6).
   */
  validate?: ValidateOptions | 'off';
}

export const DEFAULT_TIMEOUT_MS = 60_000;
// Longest timer the runtimes accept.
const MAX_TIMEOUT_MS = 2_147_483_647;

export type { ValidateMode } from './validation.js';

/** Client options checked and completed with environment variables and defaults. */
export interface ResolvedOptions {
  environment: Environment;
  companyId: string | undefined;
  transport: TransportConfig;
}

/** Checks the options and fills the gaps; every mistake throws `ConfigurationError` before any request. */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  const credentialCount = [options.apiKey, options.accessToken, options.getAccessToken, options.auth].filter((c) => c !== undefined).length;
  if (credentialCount > 1) {
    throw new ConfigurationError('Give only one of apiKey, accessToken, getAccessToken and auth');
  }
  const apiKey = credentialCount === 0 ? readEnv('ACS_API_KEY') : options.apiKey;
  const environment = options.environment ?? (apiKey ? environmentOfKey(apiKey) : undefined) ?? 'production';
  if (!Object.hasOwn(ENVIRONMENTS, environment)) {
    throw new ConfigurationError(`environment must be 'sandbox' or 'production', got ${JSON.stringify(environment)}`);
  }
  checkKeyMatchesEnvironment(apiKey, environment);

  const defaults = ENVIRONMENTS[environment];
  const urls = {
    baseUrl: checkUrl('baseUrl', options.baseUrl ?? readEnv('ACS_BASE_URL') ?? defaults.baseUrl),
    dataBaseUrl: checkUrl('dataBaseUrl', options.dataBaseUrl ?? defaults.dataBaseUrl),
    authUrl: checkUrl('authUrl', options.authUrl ?? defaults.authUrl),
  };
  if (options.logLevel !== undefined && !isLogLevel(options.logLevel)) {
    throw new ConfigurationError(`logLevel must be debug, info, warn, error or off, got ${JSON.stringify(options.logLevel)}`);
  }
  const validation = resolveValidation(options.validate);

  return {
    environment,
    companyId: options.companyId ?? readEnv('ACS_COMPANY_ID'),
    transport: {
      urls,
      credential: credentialSource(apiKey, options),
      timeout: checkTimeout(options.timeout ?? DEFAULT_TIMEOUT_MS),
      maxRetries: checkMaxRetries(options.maxRetries ?? DEFAULT_MAX_RETRIES),
      fetch: options.fetch,
      headers: { ...options.headers },
      apiVersion: options.apiVersion,
      userAgent: options.userAgent ? `${options.userAgent} acs-sdk/${VERSION}` : `acs-sdk/${VERSION}`,
      logger: createLogger(options.logger ?? console, resolveLogLevel(options.logLevel)),
      validation,
      tenantCode: options.tenantCode,
    },
  };
}

/** Spec document 1: sandbox keys are test keys and live keys are production's; mixing them is refused. */
function checkKeyMatchesEnvironment(apiKey: string | undefined, environment: Environment): void {
  const keyEnvironment = apiKey ? environmentOfKey(apiKey) : undefined;
  if (keyEnvironment === undefined || keyEnvironment === environment) return;
  throw new ConfigurationError(
    keyEnvironment === 'production'
      ? `A live API key (${LIVE_KEY_PREFIX}...) cannot be used with the sandbox environment; use a test key (${TEST_KEY_PREFIX}...) or environment: 'production'`
      : `A test API key (${TEST_KEY_PREFIX}...) cannot be used with the production environment; use a live key (${LIVE_KEY_PREFIX}...) or environment: 'sandbox'`,
  );
}

function credentialSource(apiKey: string | undefined, options: ClientOptions): CredentialSource | undefined {
  if (options.auth !== undefined) {
    const auth = options.auth;
    if (typeof auth?.getAccessToken !== 'function' || typeof auth.handleUnauthorized !== 'function') {
      throw new ConfigurationError(
        'auth must be a TokenManager from acs-sdk/oauth (an object with getAccessToken() and handleUnauthorized())',
      );
    }
    return { get: () => auth.getAccessToken(), refreshes: true, onUnauthorized: (rejected) => auth.handleUnauthorized(rejected) };
  }
  if (options.getAccessToken) {
    const getAccessToken = options.getAccessToken;
    return { get: () => getAccessToken(), refreshes: true };
  }
  const fixed = apiKey ?? options.accessToken;
  return fixed === undefined ? undefined : { get: () => fixed, refreshes: false };
}

function checkUrl(name: string, value: string): string {
  try {
    new URL(value);
  } catch {
    throw new ConfigurationError(`${name} must be an absolute URL, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** A per-attempt timeout in milliseconds; also used for per-call options. */
export function checkTimeout(value: unknown, make: (message: string) => Error = (m) => new ConfigurationError(m)): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_TIMEOUT_MS) {
    throw make(`timeout must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}, got ${String(value)}`);
  }
  return value;
}

/** A retry count; also used for per-call options. */
export function checkMaxRetries(value: unknown, make: (message: string) => Error = (m) => new ConfigurationError(m)): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw make(`maxRetries must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}
