// What a failed call becomes: the SDK's error classes for whatever ky, fetch or the body read threw.
import { HTTPError, NetworkError, SchemaValidationError, TimeoutError as KyTimeoutError } from 'ky';
import { AbortError, AcsError, ConnectionError, ResponseValidationError, TimeoutError } from '../core/errors.js';
import type { RequestOptions } from '../core/request-options.js';
import { toResponseIssues } from './envelope.js';
import { errorFromResponse } from './error-from-response.js';
import type { Route } from '../core/route.js';
import { CredentialFailure } from './token-replay.js';

/** What a call's failure is read against: its endpoint, options and request id. */
export interface FailedCall {
  endpoint: Route;
  options: RequestOptions;
  requestId: string | undefined;
  /** The endpoint's URL with its `{param}` placeholders, for a failure that does not say which URL it had. */
  template: () => string;
}

/** Maps whatever ky threw to the SDK's error classes; the bearer token never reaches them. */
export function callError(error: unknown, call: FailedCall, timeout: number): Error {
  const { endpoint, options, requestId } = call;
  if (error instanceof CredentialFailure)
    return error.error instanceof Error ? error.error : new AcsError({ code: 'CREDENTIAL_ERROR', message: String(error.error) });
  if (error instanceof AcsError) return error;
  if (options.signal?.aborted) return aborted(call);
  if (error instanceof HTTPError) {
    return errorFromResponse(error.response.status, error.data, error.response.headers, requestId);
  }
  if (error instanceof KyTimeoutError) {
    return new TimeoutError({ code: 'TIMEOUT', message: `${endpoint.id} got no response within ${timeout} ms`, requestId });
  }
  const cause = error instanceof NetworkError ? error.cause : error;
  // ky's request names the URL as sent; an error from outside ky (a custom fetch) gets the endpoint's template.
  return new ConnectionError({
    method: requestOf(error)?.method ?? endpoint.method,
    url: requestOf(error)?.url ?? call.template(),
    operation: endpoint.id,
    requestId,
    cause,
  });
}

/** A success response whose body is not JSON, or (strict mode) not the contract's envelope. */
export function bodyError(error: unknown, call: FailedCall, response: Response): AcsError {
  const { endpoint, options, requestId } = call;
  if (error instanceof AcsError) return error;
  if (options.signal?.aborted) return aborted(call);
  if (error instanceof KyTimeoutError) {
    return new TimeoutError({ code: 'TIMEOUT', message: `${endpoint.id} timed out reading the response`, requestId });
  }
  const issues =
    error instanceof SchemaValidationError
      ? toResponseIssues(error.issues)
      : [{ path: '', message: `body is not JSON (${error instanceof Error ? error.message : String(error)})` }];
  const where = issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ');
  return new ResponseValidationError({
    status: response.status,
    endpoint: endpoint.id,
    issues,
    message: `response of ${endpoint.id} does not match the contract: ${where}`,
    requestId,
    headers: response.headers,
  });
}

function aborted({ endpoint, options, requestId }: FailedCall): AbortError {
  return new AbortError({ code: 'ABORTED', message: `${endpoint.id} was aborted by its signal`, requestId, cause: options.signal!.reason });
}

/** A retry's cause, for the info log. */
export function describeFailure(error: Error): string {
  if (error instanceof HTTPError) return `HTTP ${error.response.status}`;
  if (error instanceof KyTimeoutError) return 'a timeout';
  if (error instanceof NetworkError) return `a network error (${error.cause instanceof Error ? error.cause.message : 'unknown'})`;
  return error.name;
}

/** The request ky attached to its error (`NetworkError`, `TimeoutError`, `HTTPError`), if any. */
export function requestOf(error: unknown): { method: string; url: string } | undefined {
  const request =
    typeof error === 'object' && error !== null ? (error as { request?: { method?: unknown; url?: unknown } }).request : undefined;
  return typeof request?.method === 'string' && typeof request.url === 'string' ? { method: request.method, url: request.url } : undefined;
}
