import type { ClientErrorCode, ErrorCode, ErrorCodeOf } from '../contract/errors.js';
import type { ErrorDetail } from '../generated/index.js';
import { redact, redactString, redactUrl, redactUrlsIn } from '../internal/redact.js';

/**
 * `error.details` of the failure envelope, always an array: validation items, or record facts for other
 * codes (spec document 1, "Errors"). What the service sent is read so:
 * - absent, `null`, a number or an empty string: `[]`;
 * - an array: its object items as they are, a non-empty string item as `{ message }`, other items dropped;
 * - one object (the record form the contract allows, `{ required_scope, current_scopes }`): a
 *   one-element array holding it, so `details[0].required_scope` reads the same either way;
 * - a non-empty string: `[{ message }]`.
 */
export type ErrorDetails = ErrorDetail[];

/** `details` as the SDK exposes it, always an array, read as {@link ErrorDetails} says. */
export function errorDetails(value: unknown): ErrorDetails {
  if (Array.isArray(value)) return value.flatMap(detailItem);
  return detailItem(value);
}

function detailItem(value: unknown): ErrorDetails {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return [value as ErrorDetail];
  if (typeof value === 'string' && value.trim() !== '') return [{ message: value }];
  return [];
}

/**
 * `error.code`: a code of the service's catalogue (`ERROR_CODES` of `acs-sdk/contract`, docs/errors.md),
 * one the SDK gives an error of its own (`CLIENT_ERROR_CODES`), or any other string, which a newer server
 * may send; so `if (error.code === 'CUSTOMER_NOT_FOUND')` is checked against the catalogue and still compiles
 * for a code this version does not know.
 */
export type AcsErrorCode = ErrorCode | ClientErrorCode | (string & {});

/** The catalogue's codes of the statuses `S`, open to a newer server's (`ServiceCodeOf<404>`: `NOT_FOUND`, `CUSTOMER_NOT_FOUND`, ...). */
export type ServiceCodeOf<S extends number> = ErrorCodeOf<S> | (string & {});

export interface AcsErrorInit {
  message: string;
  code: AcsErrorCode;
  /** HTTP status; undefined when no response arrived (connection, timeout, abort, bad arguments). */
  status?: number;
  /** Records, one record (a one-element array then), or nothing; what a server sent goes through {@link errorDetails} first. */
  details?: ErrorDetails | ErrorDetail;
  requestId?: string;
  /** Response headers, when there was a response. */
  headers?: Headers;
  cause?: unknown;
}

/** The tax portal's answer to a rejected e-invoice (spec document 3, "Errors"). */
export interface GovernmentResponse {
  portal: string;
  errorCode: string;
  errorMessage: string;
  validationId: string;
  timestamp: string;
}

/** What a class with a fixed status is made from: its status is not an input. */
export type FixedStatusErrorInit = Omit<AcsErrorInit, 'status'>;
/** What an error without a response is made from (no status, no headers). */
export type NoResponseErrorInit = Omit<AcsErrorInit, 'status' | 'headers'>;

/**
 * The brand every `AcsError` carries, under a `Symbol.for` key so that two copies of the package (its
 * ESM and CJS builds, or two versions in one app) recognise each other's errors where `instanceof`
 * cannot: its value is the list of kinds of the error's class and of its ancestors (`['AcsError',
 * 'UnprocessableEntityError', 'ValidationError']`). Read by {@link isAcsError} and `AcsError.is`.
 */
const BRAND = Symbol.for('acs-sdk.error');

/** The kinds of a class and its ancestors, base first: a short walk up the chain, done when a brand is read. */
function kindsOf(errorClass: object): string[] {
  const kinds: string[] = [];
  for (let c: object | null = errorClass; c !== null && c !== Function.prototype; c = Object.getPrototypeOf(c) as object | null) {
    if (Object.hasOwn(c, 'kind')) kinds.unshift((c as { kind: string }).kind);
  }
  return kinds;
}

/** Whether `value` is of `errorClass` (or a subclass): by `instanceof` in this copy of the SDK, by its brand from another. */
function isOfClass<T>(errorClass: (abstract new (...args: never[]) => T) & { readonly kind: string }, value: unknown): value is T {
  const kinds = (value as { [BRAND]?: unknown } | null | undefined)?.[BRAND];
  return value instanceof errorClass || (Object.hasOwn(errorClass, 'kind') && Array.isArray(kinds) && kinds.includes(errorClass.kind));
}

/**
 * Base of every error the SDK throws. A real `Error` whose message, details and `toJSON()` have API
 * keys and tokens masked, so logging or serialising it is safe.
 *
 * Check errors with {@link isAcsError} and each class's static `is()` (`NotFoundError.is(error)`)
 * rather than `instanceof`: they also hold when the app loads two copies of the SDK (its ESM and CJS
 * builds, say), where `instanceof` a class of the other copy is false.
 */
export class AcsError extends Error {
  /**
   * The class's kind in the brand (its name, which minifiers may change on the class itself); each
   * branded subclass declares its own, as a literal static so that bundlers can still drop unused classes.
   * @internal
   */
  static readonly kind: string = 'AcsError';

  static {
    Object.defineProperty(AcsError.prototype, BRAND, {
      get(this: AcsError) {
        return kindsOf(this.constructor);
      },
    });
  }

  /** The class's name, from its `kind` (set once, here, for every class). */
  override readonly name: string;
  /**
   * HTTP status of the response; `undefined` when no response arrived. Each subclass narrows it:
   * `NotFoundError` has `404`, `ConnectionError` `undefined`, `ServerError` a `number` (5xx).
   */
  readonly status: number | undefined;
  /** What went wrong, for code to branch on: see {@link AcsErrorCode}; each subclass narrows it to its status's codes. */
  readonly code: AcsErrorCode;
  /**
   * Always an array, empty when the service sent none; {@link ErrorDetails} says how the envelope's
   * `details` is read (a single record becomes a one-element array).
   */
  readonly details: ErrorDetails;
  readonly requestId: string | undefined;
  readonly headers: Headers | undefined;
  /** Set on a 422 EINVOICE_VALIDATION_FAILED (an `UnprocessableEntityError`): what the tax portal answered. */
  declare readonly governmentResponse?: GovernmentResponse;
  /**
   * Set on the failure of a write (POST, PUT, PATCH, DELETE): the `Idempotency-Key` it was sent with. The
   * service may have applied it even so (the answer lost after the last retry); calling again with
   * `{ idempotencyKey: error.idempotencyKey }` replays that write instead of writing twice.
   */
  declare readonly idempotencyKey?: string;

  constructor(init: AcsErrorInit) {
    super(redactString(init.message), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = (this.constructor as typeof AcsError).kind;
    this.status = init.status;
    this.code = init.code;
    // The envelope was read by `errorDetails` where it arrived; here a record becomes a one-element array.
    this.details = redact([init.details ?? []].flat());
    this.requestId = init.requestId;
    this.headers = init.headers;
  }

  /**
   * Whether `value` is an error of this class or a subclass, from this copy of the SDK or another:
   * `AcsError.is(e)`, `NotFoundError.is(e)`, `UnprocessableEntityError.is(aValidationError)` (true).
   * Narrows `value`, so `NotFoundError.is(e) && e.status` is typed `404`.
   */
  static is<T extends AcsError>(this: (abstract new (...args: never[]) => T) & { readonly kind: string }, value: unknown): value is T {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `is` is called on (`NotFoundError.is`), not AcsError
    return isOfClass(this, value);
  }

  /** The error's fields (a subclass's own ones too: `retryAfter`, `reason`, ...) but `headers`, redacted; one method for every class. */
  toJSON(): Record<string, unknown> {
    const { headers, name, message, ...fields } = this;
    return redact({ name, message, ...fields });
  }
}

/**
 * Whether `value` is an error thrown by the SDK (an `AcsError` of any class), from this copy of the
 * package or another (ESM and CJS builds loaded together): the same as `AcsError.is(value)`.
 */
export function isAcsError(value: unknown): value is AcsError {
  return AcsError.is(value);
}

/**
 * 400, and any other 4xx the spec does not name (405, 408 after retries, 413, 415): the request itself
 * was wrong. `status` is the response's 4xx.
 */
export class InvalidRequestError extends AcsError {
  static override readonly kind: string = 'InvalidRequestError';
  declare readonly code: ServiceCodeOf<400 | 405 | 408 | 410 | 413 | 415> | 'BAD_REQUEST';
  declare readonly status: number;
  constructor(init: AcsErrorInit & { status: number }) {
    super(init);
  }
}
/** 401 `UNAUTHORIZED`: missing, invalid or expired credentials. */
export class AuthenticationError extends AcsError {
  static override readonly kind: string = 'AuthenticationError';
  declare readonly code: ServiceCodeOf<401>;
  declare readonly status: 401;
  constructor(init: FixedStatusErrorInit) {
    super({ ...init, status: 401 });
  }
}
/** 403 `FORBIDDEN`: missing scope, or another company; `details` has `required_scope` and `current_scopes`. */
export class PermissionDeniedError extends AcsError {
  static override readonly kind: string = 'PermissionDeniedError';
  declare readonly code: ServiceCodeOf<403>;
  declare readonly status: 403;
  constructor(init: FixedStatusErrorInit) {
    super({ ...init, status: 403 });
  }
}
/** 404 `NOT_FOUND`; `details` names `resource`, `id`, `field`. */
export class NotFoundError extends AcsError {
  static override readonly kind: string = 'NotFoundError';
  declare readonly code: ServiceCodeOf<404>;
  declare readonly status: 404;
  constructor(init: FixedStatusErrorInit) {
    super({ ...init, status: 404 });
  }
}
/** 409 `CONFLICT`; `details` names `resource`, `field`, `value`, `existingId`. */
export class ConflictError extends AcsError {
  static override readonly kind: string = 'ConflictError';
  declare readonly code: ServiceCodeOf<409>;
  declare readonly status: 409;
  constructor(init: FixedStatusErrorInit) {
    super({ ...init, status: 409 });
  }
}
/** Any 422; codes without a class of their own (`INSUFFICIENT_FUNDS`, `ACCOUNT_IN_USE`, ...) arrive as this. */
export class UnprocessableEntityError extends AcsError {
  static override readonly kind: string = 'UnprocessableEntityError';
  declare readonly code: ServiceCodeOf<422>;
  declare readonly status: 422;
  constructor(init: FixedStatusErrorInit & { governmentResponse?: GovernmentResponse }) {
    super({ ...init, status: 422 });
    if (init.governmentResponse) (this as { governmentResponse?: GovernmentResponse }).governmentResponse = init.governmentResponse;
  }
}
/** 422 `VALIDATION_ERROR` (details: field, message, code, value, constraint) or `INVALID_COMPANY`. */
export class ValidationError extends UnprocessableEntityError {
  static override readonly kind: string = 'ValidationError';
}
/** 422 `BUSINESS_RULE_VIOLATION`; `details` names the `rule` and the record facts. */
export class BusinessRuleError extends UnprocessableEntityError {
  static override readonly kind: string = 'BusinessRuleError';
}
/** 429 `RATE_LIMIT_EXCEEDED`, after the SDK's own retries were spent. */
export class RateLimitError extends AcsError {
  static override readonly kind: string = 'RateLimitError';
  declare readonly code: ServiceCodeOf<429>;
  declare readonly status: 429;
  /** Seconds to wait, from `Retry-After` or `details.retryAfter`. */
  readonly retryAfter: number | undefined;

  constructor(init: FixedStatusErrorInit & { retryAfter?: number }) {
    super({ ...init, status: 429 });
    this.retryAfter = init.retryAfter;
  }
}
/** 5xx, after the SDK's own retries were spent. `status` is the response's 5xx. */
export class ServerError extends AcsError {
  static override readonly kind: string = 'ServerError';
  declare readonly code: ServiceCodeOf<500 | 502 | 503 | 504> | 'SERVER_ERROR';
  declare readonly status: number;
  constructor(init: AcsErrorInit & { status: number }) {
    super(init);
  }
}

/** What a {@link ConnectionError} is made from: where the call went, and the runtime's error. */
export interface ConnectionErrorInit extends Omit<NoResponseErrorInit, 'message' | 'code'> {
  /** HTTP method of the call. */
  method: string;
  /** URL of the call; stored and shown without userinfo and with secret-looking query values masked. */
  url: string;
  /** The endpoint, `resource.action`, named at the start of the message. */
  operation?: string;
  /** Defaults to `CONNECTION_ERROR`. */
  code?: AcsErrorCode;
  /** Defaults to `<operation> could not reach <METHOD> <url> (<reason>)`. */
  message?: string;
}

/**
 * No response: DNS, refused connection, reset, offline. `cause` is the runtime's own error (Node's
 * fetch: `TypeError('fetch failed')` with the socket error as its `cause`).
 *
 * The message says what could not be reached and why, with the URL made safe by `redactUrl` (no
 * userinfo, no fragment, query values with secret-looking names such as `token`, `key`, `secret`,
 * `password`, `code`, `signature` masked):
 * `accounts.retrieve could not reach GET http://127.0.0.1:4010/v1/accounts/acc_1 (fetch failed: connect ECONNREFUSED 127.0.0.1:4010)`.
 */
export class ConnectionError extends AcsError {
  static override readonly kind: string = 'ConnectionError';
  declare readonly code: 'CONNECTION_ERROR' | (string & {});
  declare readonly status: undefined;
  declare readonly headers: undefined;
  /** HTTP method of the call that got no response. */
  readonly method: string;
  /** URL of that call, without credentials (see the class comment). */
  readonly url: string;
  /**
   * The system error code of the cause, `ECONNREFUSED`, `ENOTFOUND`, `ECONNRESET`, `ETIMEDOUT`,
   * `UND_ERR_SOCKET`, ...: the first string `code` along the `cause` chain; undefined when the runtime
   * gives none (browsers do not).
   */
  readonly causeCode: string | undefined;

  constructor(init: ConnectionErrorInit) {
    const url = redactUrl(init.url);
    const causeCode = causeCodeOf(init.cause);
    const message =
      init.message ??
      `${init.operation ?? 'The SDK'} could not reach ${init.method} ${url} (${redactUrlsIn(describeCause(init.cause, causeCode))})`;
    super({ ...init, code: init.code ?? 'CONNECTION_ERROR', message });
    this.method = init.method;
    this.url = url;
    this.causeCode = causeCode;
  }
}

/** The errors along a `cause` chain, outermost first (at most 5; a cycle ends it). */
function causeChain(cause: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let at = cause; at !== undefined && at !== null && chain.length < 5 && !chain.includes(at); at = (at as { cause?: unknown }).cause) {
    chain.push(at);
    if (typeof at !== 'object' && typeof at !== 'function') break;
  }
  return chain;
}

/** The first string `code` of the cause chain (`ECONNREFUSED` of Node's `fetch failed`). */
function causeCodeOf(cause: unknown): string | undefined {
  for (const item of causeChain(cause)) {
    const code = typeof item === 'object' && item !== null ? (item as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && code !== '') return code;
  }
  return undefined;
}

/** The messages of the cause chain joined (`fetch failed: connect ECONNREFUSED 127.0.0.1:4010`), with the code when no message names it. */
function describeCause(cause: unknown, code: string | undefined): string {
  const messages: string[] = [];
  for (const item of causeChain(cause)) {
    const message = item instanceof Error || (typeof item === 'object' && item !== null) ? (item as { message?: unknown }).message : item;
    const text = typeof message === 'string' ? message.trim() : typeof message === 'number' ? String(message) : '';
    if (text !== '' && !messages.includes(text)) messages.push(text);
  }
  const joined = messages.join(': ');
  if (code === undefined) return joined || 'network error';
  return joined.includes(code) ? joined : joined ? `${joined} [${code}]` : code;
}

/** No response within `timeout` ms, on the last attempt. */
export class TimeoutError extends AcsError {
  static override readonly kind: string = 'TimeoutError';
  declare readonly code: 'TIMEOUT' | (string & {});
  declare readonly status: undefined;
  declare readonly headers: undefined;
  constructor(init: NoResponseErrorInit) {
    super(init);
  }
}
/**
 * The caller's `signal` aborted the call. Named `AbortError` like the DOM's, so `err.name === 'AbortError'`
 * checks keep working; `cause` is the signal's reason.
 */
export class AbortError extends AcsError {
  static override readonly kind: string = 'AbortError';
  declare readonly code: 'ABORTED' | (string & {});
  declare readonly status: undefined;
  declare readonly headers: undefined;
  constructor(init: NoResponseErrorInit) {
    super(init);
  }
}
/** A response that does not match the contract (`validate: 'strict'`), or a success body that is not JSON. */
export class ResponseValidationError extends AcsError {
  static override readonly kind: string = 'ResponseValidationError';
  declare readonly code: 'RESPONSE_VALIDATION_ERROR';
  /** Status of the (success) response that failed the check. */
  declare readonly status: number;
  /** The contract endpoint, `resource.action`. */
  readonly endpoint: string;
  readonly issues: readonly ResponseIssue[];

  constructor(init: Omit<AcsErrorInit, 'code' | 'status'> & { status: number; endpoint: string; issues: readonly ResponseIssue[] }) {
    super({ ...init, code: 'RESPONSE_VALIDATION_ERROR' });
    this.endpoint = init.endpoint;
    this.issues = init.issues;
  }
}
/** Client options that cannot work together (a live key with the sandbox, two credentials, ...). Thrown before any request. */
export class ConfigurationError extends AcsError {
  static override readonly kind: string = 'ConfigurationError';
  declare readonly code: 'CONFIGURATION_ERROR';
  declare readonly status: undefined;
  declare readonly headers: undefined;
  constructor(message: string) {
    super({ message, code: 'CONFIGURATION_ERROR' });
  }
}
/** A method argument the SDK refuses before sending (an empty path id, say). */
export class InvalidArgumentError extends AcsError {
  static override readonly kind: string = 'InvalidArgumentError';
  declare readonly code: 'INVALID_ARGUMENT';
  declare readonly status: undefined;
  declare readonly headers: undefined;
  constructor(message: string) {
    super({ message, code: 'INVALID_ARGUMENT' });
  }
}

/** One failed check of a response against the contract: where, and what. */
export interface ResponseIssue {
  /** Dotted path into the envelope, `data.balance.net`; empty for the root. */
  path: string;
  message: string;
}
