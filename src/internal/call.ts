import type { EnvironmentUrls } from '../core/environments.js';
import type { LevelledLogger } from '../core/logger.js';
import type { RateLimit } from '../core/rate-limit.js';
import type { HeadersInput } from '../core/request-options.js';
import type { ResponseValidation } from '../core/validation.js';

/** Where the bearer credential comes from: a fixed key or token, or a function asked on every call. */
export interface CredentialSource {
  get(): string | undefined | Promise<string | undefined>;
  /** True when the value can change (a token source), so a retry asks again. */
  readonly refreshes: boolean;
  /**
   * Asked once per call on a 401 that says the token is invalid (a token manager refreshes): resolves to
   * the token to replay the call with, or undefined when nothing can be done. Its errors reach the caller as they are.
   */
  onUnauthorized?(rejectedToken: string): Promise<string | undefined>;
}

/** Everything a call needs that is shared by a client and its `withCompany()` copies. */
export interface TransportConfig {
  urls: EnvironmentUrls;
  credential: CredentialSource | undefined;
  timeout: number;
  maxRetries: number;
  /** Called at request time; undefined means `globalThis.fetch` as it is at that moment. */
  fetch: typeof globalThis.fetch | undefined;
  headers: HeadersInput;
  apiVersion: string | undefined;
  userAgent: string;
  /** `createLogger`'s wrapper: drops what is below the level and redacts the rest, so callers pass raw values. */
  logger: LevelledLogger;
  /** Undefined: responses are not checked (decision SDK-6). */
  validation: ResponseValidation | undefined;
  /** `X-Tenant-Code` of the data-management API; undefined: the calling client's company. */
  tenantCode?: string;
}

/** The input of one call: path values by name, query and body. */
export interface CallInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** A parsed success body with the response it came in. */
export interface RawResult {
  body: unknown;
  response: Response;
  requestId: string | undefined;
  rateLimit: RateLimit | null;
}
