import type { ErrorCode } from '../../src/contract/errors.js';
import type { ServiceError } from './errors.js';
import { JsonText } from './presented.js';

/** Where `error.documentation` points; the spec gives no address (see decision PLAT-21). */
export const DOCUMENTATION_BASE = 'https://docs.acs.example.com/errors/';

/** Code written for a status when nothing more specific is known (fault injection, adapters). */
export const CODE_BY_STATUS: Record<number, ErrorCode> = {
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

export const codeForStatus = (status: number): ErrorCode =>
  CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST');

/** The headers of an envelope written outside the router (controls, adapters' 500s): JSON, never cached, the request id. */
export const envelopeHeaders = (requestId: string): Record<string, string> => ({
  'Content-Type': 'application/json',
  'Cache-Control': 'no-store',
  'X-Request-ID': requestId,
});

/**
 * Success envelope (spec document 1, "Success envelope"); `pagination` only on lists, and on the
 * data-management API's lists its `totalRecords` (spec document 3) beside them. `data` may hold
 * records kept as JSON (`JsonText`, alone or as a list's items): their text goes in as it is.
 */
export function successBody(data: unknown, requestId: string, timestamp: string, pagination?: unknown, totalRecords?: number): string {
  const meta = { timestamp, requestId };
  const kept = keptJson(data);
  if (kept !== undefined) {
    // The envelope after `data`, written by JSON.stringify, in the order the object below would have.
    const rest = JSON.stringify(
      pagination === undefined ? { meta } : totalRecords === undefined ? { pagination, meta } : { totalRecords, pagination, meta },
    );
    return `{"success":true,"data":${kept},${rest.slice(1)}`;
  }
  return JSON.stringify(
    pagination === undefined
      ? { success: true, data, meta }
      : totalRecords === undefined
        ? { success: true, data, pagination, meta }
        : { success: true, data, totalRecords, pagination, meta },
  );
}

/** The JSON of `data` when it holds kept text (a record, or a list whose first item is one); undefined otherwise. */
function keptJson(data: unknown): string | undefined {
  if (data instanceof JsonText) return data.text;
  if (!Array.isArray(data) || !(data[0] instanceof JsonText)) return undefined;
  let text = '[';
  for (let i = 0; i < data.length; i++) {
    const item: unknown = data[i];
    text += `${i === 0 ? '' : ','}${item instanceof JsonText ? item.text : (JSON.stringify(item) ?? 'null')}`;
  }
  return `${text}]`;
}

/** Failure envelope (spec document 1, "Errors"). */
export function failureBody(
  // A string code: an injected fault (mock controls) may answer any code its test names.
  error: Pick<ServiceError, 'message' | 'details'> & { code: string; extra?: Record<string, unknown> },
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
