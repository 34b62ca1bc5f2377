import type { ErrorDetail } from '../generated/index.js';
import { redact, redactString } from './redact.js';

/** `error.details` of the failure envelope: validation items, or record facts for other codes (spec document 1, "Errors"). */
export type ErrorDetails = ErrorDetail[];

export interface AcsErrorInit {
  message: string;
  code: string;
  /** HTTP status; undefined when no response arrived (connection, timeout, abort, bad arguments). */
  status?: number;
  details?: ErrorDetails;
  requestId?: string;
  /** Response headers, when there was a response. */
  headers?: Headers;
  cause?: unknown;
}

/**
 * Base of every error the SDK throws. A real `Error` whose message, details and `toJSON()` have API
 * keys and tokens masked, so logging or serialising it is safe.
 */
export class AcsError extends Error {
  override readonly name: string = 'AcsError';
  readonly status: number | undefined;
  readonly code: string;
  readonly details: ErrorDetails | undefined;
  readonly requestId: string | undefined;
  readonly headers: Headers | undefined;

  constructor(init: AcsErrorInit) {
    super(redactString(init.message), init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details === undefined ? undefined : redact(init.details);
    this.requestId = init.requestId;
    this.headers = init.headers;
  }

  toJSON(): Record<string, unknown> {
    return redact({
      name: this.name,
      status: this.status,
      code: this.code,
      message: this.message,
      details: this.details,
      requestId: this.requestId,
    });
  }
}

/** 400, and any other 4xx the spec does not name (405, 408 after retries, 413, 415): the request itself was wrong. */
export class InvalidRequestError extends AcsError {
  override readonly name: string = 'InvalidRequestError';
}
/** 401 `UNAUTHORIZED`: missing, invalid or expired credentials. */
export class AuthenticationError extends AcsError {
  override readonly name: string = 'AuthenticationError';
}
/** 403 `FORBIDDEN`: missing scope, or another company; `details` has `required_scope` and `current_scopes`. */
export class PermissionDeniedError extends AcsError {
  override readonly name: string = 'PermissionDeniedError';
}
/** 404 `NOT_FOUND`; `details` names `resource`, `id`, `field`. */
export class NotFoundError extends AcsError {
  override readonly name: string = 'NotFoundError';
}
/** 409 `CONFLICT`; `details` names `resource`, `field`, `value`, `existingId`. */
export class ConflictError extends AcsError {
  override readonly name: string = 'ConflictError';
}
/** Any 422; codes without a class of their own (`INSUFFICIENT_FUNDS`, `ACCOUNT_IN_USE`, ...) arrive as this. */
export class UnprocessableEntityError extends AcsError {
  override readonly name: string = 'UnprocessableEntityError';
}
/** 422 `VALIDATION_ERROR` (details: field, message, code, value, constraint) or `INVALID_COMPANY`. */
export class ValidationError extends UnprocessableEntityError {
  override readonly name: string = 'ValidationError';
}
/** 422 `BUSINESS_RULE_VIOLATION`; `details` names the `rule` and the record facts. */
export class BusinessRuleError extends UnprocessableEntityError {
  override readonly name: string = 'BusinessRuleError';
}
/** 429 `RATE_LIMIT_EXCEEDED`, after the SDK's own retries were spent. */
export class RateLimitError extends AcsError {
  override readonly name: string = 'RateLimitError';
  /** Seconds to wait, from `Retry-After` or `details.retryAfter`. */
  readonly retryAfter: number | undefined;

  constructor(init: AcsErrorInit & { retryAfter?: number }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfter: this.retryAfter };
  }
}
/** 5xx, after the SDK's own retries were spent. */
export class ServerError extends AcsError {
  override readonly name: string = 'ServerError';
}
/** No response: DNS, refused connection, reset, offline. `cause` is the runtime's own error. */
export class ConnectionError extends AcsError {
  override readonly name: string = 'ConnectionError';
}
/** No response within `timeout` ms, on the last attempt. */
export class TimeoutError extends AcsError {
  override readonly name: string = 'TimeoutError';
}
/**
 * The caller's `signal` aborted the call. Named `AbortError` like the DOM's, so `err.name === 'AbortError'`
 * checks keep working; `cause` is the signal's reason.
 */
export class AbortError extends AcsError {
  override readonly name: string = 'AbortError';
}
/** A response that does not match the contract (`validate: 'strict'`), or a success body that is not JSON. */
export class ResponseValidationError extends AcsError {
  override readonly name: string = 'ResponseValidationError';
  /** The contract endpoint, `resource.action`. */
  readonly endpoint: string;
  readonly issues: readonly ResponseIssue[];

  constructor(init: Omit<AcsErrorInit, 'code'> & { endpoint: string; issues: readonly ResponseIssue[] }) {
    super({ ...init, code: 'RESPONSE_VALIDATION_ERROR' });
    this.endpoint = init.endpoint;
    this.issues = init.issues;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), endpoint: this.endpoint, issues: redact(this.issues) };
  }
}
/** Client options that cannot work together (a live key with the sandbox, two credentials, ...). Thrown before any request. */
export class ConfigurationError extends AcsError {
  override readonly name: string = 'ConfigurationError';
  constructor(message: string) {
    super({ message, code: 'CONFIGURATION_ERROR' });
  }
}
/** A method argument the SDK refuses before sending (an empty path id, say). */
export class InvalidArgumentError extends AcsError {
  override readonly name: string = 'InvalidArgumentError';
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
