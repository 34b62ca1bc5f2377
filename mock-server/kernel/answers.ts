import type { AnyEndpoint } from '../../src/contract/index.js';
import type { MockClock } from './clock.js';
import { bearerChallenge } from './admission.js';
import { ServiceError } from './errors.js';
import { boundMessage } from './echo.js';
import { codeForStatus, failureBody } from './envelope.js';
import type { Fault } from './faults.js';
import type { RateLimitDecision } from './rate-limit.js';
import type { MockResponse } from './request.js';
import type { Principal } from './route.js';
import { jsonValue } from './presented.js';

export interface MockLogger {
  error(message: string, error?: unknown): void;
}

export const now = () => globalThis.performance.now();

/** Per-request facts every response carries in its headers. */
export interface Exchange {
  requestId: string;
  started: number;
  rate: RateLimitDecision;
  /** Armed once the route handler is about to run: its outcome is what an idempotency key replays. */
  remember: Remember | null;
  /** With a stage profile: when the current stage began. */
  lap: number;
  /** Who asked and for which company, once admission knows (the request journal reads them). */
  principal?: Principal;
  companyId?: string;
}

export type Remember = (response: MockResponse) => void;

/** The envelope of a refusal; any other throw is logged and answered as a 500. */
export function errorResponse(
  error: unknown,
  x: Exchange,
  endpoint: AnyEndpoint | undefined,
  clock: MockClock,
  logger: MockLogger,
): MockResponse {
  const timestamp = clock.iso();
  if (error instanceof ServiceError) {
    const headers = { ...commonHeaders(x, true), ...error.headers };
    // RFC 9110 §15.5.2: a 401 names its scheme; the domain says what was wrong, the router writes it.
    if (error.status === 401) headers['WWW-Authenticate'] = bearerChallenge(error.challenge);
    return { status: error.status, headers, body: failureBody(error, x.requestId, timestamp) };
  }
  // Any other throw is a bug in the mock: a 500 in the envelope, logged, never a crash.
  const message = boundMessage(error instanceof Error ? error.message : String(error));
  logger.error(`[acs-mock] internal error in ${endpoint?.id ?? 'router'} (request ${x.requestId}): ${message}`, error);
  return {
    status: 500,
    headers: commonHeaders(x, true),
    body: failureBody(
      { code: 'INTERNAL_ERROR', message: `Internal error in the mock: ${message}`, details: undefined },
      x.requestId,
      timestamp,
    ),
  };
}

/** What an injected fault answers (or a dropped connection). */
export function faultResponse(fault: Fault, x: Exchange, clock: MockClock): MockResponse & { delayMs?: number } {
  const { status, headers, body, code, message, delayMs } = fault.options;
  if (status === undefined) return { status: 0, headers: {}, body: '', networkError: true, delayMs };
  const errorCode = code ?? codeForStatus(status);
  const text =
    body !== undefined
      ? typeof body === 'string'
        ? body
        : JSON.stringify(body)
      : failureBody(
          { code: errorCode, message: message ?? `Injected fault: ${status} ${errorCode}`, details: undefined },
          x.requestId,
          clock.iso(),
        );
  return { status, headers: { ...commonHeaders(x, text !== ''), ...headers }, body: text, delayMs };
}

/** The headers every answer carries. */
export function commonHeaders(x: Exchange, json: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'Cache-Control': 'no-store',
    'X-Request-ID': x.requestId,
    'X-RateLimit-Limit': String(x.rate.limit),
    'X-RateLimit-Remaining': String(x.rate.remaining),
    'X-RateLimit-Reset': String(x.rate.reset),
    'X-Response-Time': `${(now() - x.started).toFixed(2)}ms`,
  };
  if (json) headers['Content-Type'] = 'application/json';
  return headers;
}

/**
 * Throws when an answer does not fit the endpoint's declared response schema, or carries a field the
 * schema does not declare (zod strips those; docs/openapi.json declares `additionalProperties: false`).
 */
export function checkResponse(endpoint: AnyEndpoint, data: unknown): void {
  // A record kept as JSON is checked as it is sent.
  const sent = jsonValue(data);
  const result = endpoint.response.safeParse(sent);
  if (!result.success) {
    const where = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`response of ${endpoint.id} does not fit its contract schema: ${where}`);
  }
  const extra: string[] = [];
  undeclaredFields(sent, result.data, '', extra, 0);
  if (extra.length) throw new Error(`response of ${endpoint.id} has fields its contract schema does not declare: ${extra.join(', ')}`);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Paths of fields in `sent` that parsing dropped (at most 5, to a bounded depth). */
function undeclaredFields(sent: unknown, parsed: unknown, path: string, out: string[], depth: number): void {
  if (out.length >= 5 || depth > 64) return;
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    for (let i = 0; i < sent.length && i < parsed.length; i++) undeclaredFields(sent[i], parsed[i], `${path}[${i}]`, out, depth + 1);
    return;
  }
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return;
  for (const key of Object.keys(sent)) {
    if (sent[key] === undefined) continue;
    const at = path ? `${path}.${key}` : key;
    if (!Object.hasOwn(parsed, key)) out.push(at);
    else undeclaredFields(sent[key], parsed[key], at, out, depth + 1);
    if (out.length >= 5) return;
  }
}
