import {
  AcsError,
  AuthenticationError,
  BusinessRuleError,
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  UnprocessableEntityError,
  ValidationError,
  errorDetails,
  type ErrorDetails,
  type GovernmentResponse,
} from '../core/errors.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The code an error gets when its body is not the failure envelope (a proxy's HTML page, an empty 502). */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMIT_EXCEEDED',
};

interface EnvelopeError {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  requestId?: unknown;
  governmentResponse?: unknown;
}

/**
 * The error class for a failed response: status picks the class, and for 422 the code picks between
 * `ValidationError`, `BusinessRuleError` and the `UnprocessableEntityError` base (spec document 1, "Errors").
 * So each class's literal `status` holds: 401, 403, 404, 409, 422 (any code; an unknown one gives the
 * base), 429; 400 and any other 4xx is `InvalidRequestError`, any 5xx `ServerError`; a status below
 * 400 (never thrown by the transport) gives a plain `AcsError`. `details` is read by `errorDetails`.
 * `body` is the parsed JSON or the raw text; `fallbackRequestId` is the `X-Request-ID` the SDK sent.
 */
export function errorFromResponse(status: number, body: unknown, headers: Headers, fallbackRequestId?: string): AcsError {
  const envelope = envelopeError(body) ?? oauthError(body);
  const code =
    typeof envelope?.code === 'string' ? envelope.code : (CODE_BY_STATUS[status] ?? (status >= 500 ? 'SERVER_ERROR' : `HTTP_${status}`));
  const init = {
    status,
    code,
    message: typeof envelope?.message === 'string' ? envelope.message : fallbackMessage(status, body),
    details: errorDetails(envelope?.details),
    requestId:
      (typeof envelope?.requestId === 'string' ? envelope.requestId : undefined) ?? headers.get('x-request-id') ?? fallbackRequestId,
    headers,
    ...(isRecord(envelope?.governmentResponse) ? { governmentResponse: envelope.governmentResponse as unknown as GovernmentResponse } : {}),
  };
  if (status === 400) return new InvalidRequestError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionDeniedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 422) {
    if (code === 'VALIDATION_ERROR' || code === 'INVALID_COMPANY') return new ValidationError(init);
    if (code === 'BUSINESS_RULE_VIOLATION') return new BusinessRuleError(init);
    return new UnprocessableEntityError(init);
  }
  if (status === 429) return new RateLimitError({ ...init, retryAfter: retryAfterSeconds(headers, init.details) });
  if (status >= 500) return new ServerError(init);
  if (status >= 400) return new InvalidRequestError(init);
  return new AcsError(init);
}

function envelopeError(body: unknown): EnvelopeError | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'object' && error !== null ? (error as EnvelopeError) : undefined;
}

/** An RFC 6749 §5.2 error body (`{ error: 'invalid_grant', error_description }`) read as the envelope's code and message. */
function oauthError(body: unknown): EnvelopeError | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, error_description: description } = body as { error?: unknown; error_description?: unknown };
  if (typeof error !== 'string') return undefined;
  return { code: error, message: typeof description === 'string' ? `${error}: ${description}` : error };
}

/** A message for a body that is not the envelope: its text if short and readable, else the status. */
function fallbackMessage(status: number, body: unknown): string {
  const text = typeof body === 'string' ? body.trim() : '';
  if (text !== '' && text.length <= 200 && !text.startsWith('<')) return `HTTP ${status}: ${text}`;
  return `HTTP ${status} with no error envelope in the response`;
}

/**
 * Seconds to wait from `Retry-After` (delay seconds or an HTTP date, RFC 9110 §10.2.3), else from
 * `details.retryAfter` of the envelope (spec document 1, `RATE_LIMIT_EXCEEDED`).
 */
export function retryAfterSeconds(headers: Headers, details?: ErrorDetails, now = Date.now()): number | undefined {
  const header = headers.get('retry-after')?.trim();
  if (header) {
    if (/^\d+$/.test(header)) return Number(header);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const fromDetails = details?.find((item) => item.retryAfter !== undefined)?.retryAfter;
  return typeof fromDetails === 'number' && Number.isFinite(fromDetails) ? fromDetails : undefined;
}
