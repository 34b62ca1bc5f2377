/**
 * A refusal by the service, carried from the domain to the router, which writes it into the failure
 * envelope. The domain names the status and code the spec gives; it never builds a response.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown[] | Record<string, unknown>,
    /** Extra response headers (Retry-After, Allow). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** One item of a VALIDATION_ERROR (spec document 1: field, message, code, value, constraint). */
export interface ValidationIssue {
  field: string;
  message: string;
  code: 'REQUIRED_FIELD' | 'INVALID_FORMAT' | 'MIN_VALUE' | 'MAX_VALUE' | 'INVALID_CHOICE' | 'DUPLICATE_VALUE' | 'DATE_CONSTRAINT';
  value?: unknown;
  constraint?: unknown;
}

export const validationError = (issues: ValidationIssue[], message = 'The request failed validation') =>
  new ServiceError(422, 'VALIDATION_ERROR', message, issues);

/** 404 with the spec's NOT_FOUND details; `code` may be a module's own (ACCOUNT_NOT_FOUND, ...). */
export const notFound = (resource: string, id: string, code = 'NOT_FOUND', field = 'id') =>
  new ServiceError(404, code, `No ${resource} with id ${id}`, [{ resource, id, field }]);

/** `an account`, `a customer`: the indefinite article a message needs before a noun. */
export const withArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** 409 with the spec's CONFLICT details. */
export const conflict = (resource: string, field: string, value: unknown, existingId: string) =>
  new ServiceError(409, 'CONFLICT', `${capitalize(withArticle(resource))} with ${field} ${String(value)} already exists`, [
    { resource, field, value, existingId },
  ]);

/** 422 BUSINESS_RULE_VIOLATION naming the rule, with the facts of the record. */
export const businessRule = (rule: string, facts: Record<string, unknown> = {}) =>
  new ServiceError(422, 'BUSINESS_RULE_VIOLATION', rule, [{ rule, ...facts }]);

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
