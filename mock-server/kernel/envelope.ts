import type { ServiceError } from './errors.js';

/** Where `error.documentation` points; the spec gives no address (see docs/spec-decisions.md). */
export const DOCUMENTATION_BASE = 'https://docs.acs.example.com/errors/';

/** Code written for a status when nothing more specific is known (fault injection, adapters). */
export const CODE_BY_STATUS: Record<number, string> = {
  400: 'INVALID_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMIT_EXCEEDED',
  500: 'INTERNAL_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

export const codeForStatus = (status: number): string =>
  CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST');

/** The headers of an envelope written outside the router (controls, adapters' 500s): JSON, never cached, the request id. */
export const envelopeHeaders = (requestId: string): Record<string, string> => ({
  'Content-Type': 'application/json',
  'Cache-Control': 'no-store',
  'X-Request-ID': requestId,
});

/**
 * Success envelope (spec document 1, "Success envelope"); `pagination` only on lists, and on the
 * data-management API's lists its `totalRecords` (spec document 3) beside them.
 */
export function successBody(data: unknown, requestId: string, timestamp: string, pagination?: unknown, totalRecords?: number): string {
  return JSON.stringify(
    pagination === undefined
      ? { success: true, data, meta: { timestamp, requestId } }
      : totalRecords === undefined
        ? { success: true, data, pagination, meta: { timestamp, requestId } }
        : { success: true, data, totalRecords, pagination, meta: { timestamp, requestId } },
  );
}

/** Failure envelope (spec document 1, "Errors"). */
export function failureBody(
  error: Pick<ServiceError, 'code' | 'message' | 'details'> & { extra?: Record<string, unknown> },
  requestId: string,
  timestamp: string,
): string {
  const body = {
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
      ...error.extra,
      requestId,
      timestamp,
      documentation: DOCUMENTATION_BASE + error.code,
    },
    meta: { requestId, timestamp },
  };
  return JSON.stringify(body);
}
