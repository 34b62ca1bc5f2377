import { ERROR_CODES, type ErrorCode, type ErrorCodeOf } from '../../src/contract/errors.js';
import { boundDetails, boundMessage, boundText } from './echo.js';

/**
 * What a 401 asks the caller for (RFC 6750 §3): the router writes it as `WWW-Authenticate: Bearer ...`.
 * The domain says what went wrong; only the router builds the header.
 */
export interface BearerChallenge {
  error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope';
  description?: string;
}

/**
 * A refusal by the service, carried from the domain to the router, which writes it into the failure
 * envelope. The domain names a code of the catalogue (src/contract/errors.ts, decision PLAT-33), whose
 * entry gives the status; it never builds a response.
 * Whatever the details echo of the request is bounded here, once for every writer of them: a value
 * longer than {@link MAX_ECHO_LENGTH} characters comes back cut, flagged `valueTruncated: true`.
 */
export class ServiceError extends Error {
  /** The HTTP status, the catalogue's for the code. */
  readonly status: number;
  readonly details?: unknown[] | Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    details?: unknown[] | Record<string, unknown>,
    /** Extra response headers the router sets for its own refusals (Retry-After, Allow). */
    readonly headers?: Record<string, string>,
    /** On a 401: what `WWW-Authenticate` tells the caller (default: a bare `Bearer`). */
    readonly challenge?: BearerChallenge,
    /** Fields the envelope's `error` carries beside `details` (EINVOICE_VALIDATION_FAILED's `governmentResponse`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(boundMessage(message));
    this.name = 'ServiceError';
    this.status = ERROR_CODES[code].status;
    this.details = details === undefined ? undefined : boundDetails(details);
  }
}

export { MAX_ECHO_LENGTH } from './echo.js';

/** One item of a VALIDATION_ERROR (spec document 1: field, message, code, value, constraint). */
export interface ValidationIssue {
  field: string;
  message: string;
  /** The spec's validation codes, and INVALID_REFERENCE (an id naming a record of the wrong kind). */
  code:
    | 'REQUIRED_FIELD'
    | 'INVALID_FORMAT'
    | 'MIN_VALUE'
    | 'MAX_VALUE'
    | 'INVALID_CHOICE'
    | 'DUPLICATE_VALUE'
    | 'DATE_CONSTRAINT'
    | 'INVALID_REFERENCE';
  value?: unknown;
  /** Set when `value` is cut to its first characters (see `MAX_ECHO_LENGTH`). */
  valueTruncated?: true;
  constraint?: unknown;
}

export const validationError = (issues: ValidationIssue[], message = 'The request failed validation') =>
  new ServiceError('VALIDATION_ERROR', message, issues);

/**
 * 401 UNAUTHORIZED with the spec's details (`field: authorization`, `code`); `challenge` refines the
 * `WWW-Authenticate` header the router adds (RFC 6750 `invalid_token`).
 */
export const unauthorized = (message: string, options: { code?: string; challenge?: BearerChallenge } = {}) =>
  new ServiceError(
    'UNAUTHORIZED',
    message,
    [{ field: 'authorization', message, code: options.code ?? 'INVALID_API_KEY' }],
    undefined,
    options.challenge,
  );

/** 404 with the spec's NOT_FOUND details; `code` may be a module's own (ACCOUNT_NOT_FOUND, ...). */
export const notFound = (resource: string, id: string, code: ErrorCodeOf<404> = 'NOT_FOUND', field = 'id') =>
  new ServiceError(code, `No ${resource} with id ${boundText(id)}`, [{ resource, id, field }]);

/** `an account`, `a customer`: the indefinite article a message needs before a noun. */
export const withArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** 409 with the spec's CONFLICT details. */
export const conflict = (resource: string, field: string, value: unknown, existingId: string) =>
  new ServiceError('CONFLICT', `${capitalize(withArticle(resource))} with ${field} ${boundText(String(value))} already exists`, [
    { resource, field, value, existingId },
  ]);

/** 422 BUSINESS_RULE_VIOLATION naming the rule, with the facts of the record. */
export const businessRule = (rule: string, facts: Record<string, unknown> = {}) =>
  new ServiceError('BUSINESS_RULE_VIOLATION', rule, [{ rule, ...facts }]);

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** 429 with `Retry-After` in seconds: a limit of the domain's own (a batch rate, a simulated upstream's budget). */
export const tooManyRequests = (code: ErrorCodeOf<429>, message: string, details: Record<string, unknown>[], retryAfterSeconds: number) =>
  new ServiceError(code, message, details, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
