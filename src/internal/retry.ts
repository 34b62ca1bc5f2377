import { HTTPError, type RetryOptions, type ShouldRetryState } from 'ky';

/** 408 and 429, and the server failures spec document 1 lists as retried by the client ("Errors"). */
export const RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504] as const;
/** Every method: writes carry an `Idempotency-Key`, so a retried POST or PATCH never writes twice. */
export const RETRY_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
export const DEFAULT_MAX_RETRIES = 2;
export const INITIAL_RETRY_DELAY_MS = 500;
export const MAX_RETRY_DELAY_MS = 8_000;
/** A server asking for more than a minute is capped at one (as openai-node does). */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Exponential backoff, `min(0.5 * 2^(attempt-1), 8)` seconds; `attempt` is 1 for the first retry. */
export function backoffDelay(attempt: number): number {
  return Math.min(INITIAL_RETRY_DELAY_MS * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}

/** Takes up to 25% off a delay, so clients that failed together do not retry together. */
export function jitter(delay: number, random: () => number = Math.random): number {
  return delay * (1 - 0.25 * random());
}

/**
 * ky's retry, configured beyond its defaults (decision SDK-15): POST and PATCH too, timeouts too, our backoff
 * with jitter, and `Retry-After` (or `X-RateLimit-Reset`, both parsed by ky) honoured on 429 and 503 up to a minute.
 */
export function retryOptions(limit: number): RetryOptions {
  return {
    limit,
    methods: [...RETRY_METHODS],
    statusCodes: [...RETRY_STATUS_CODES],
    afterStatusCodes: [429, 503],
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    backoffLimit: MAX_RETRY_DELAY_MS,
    delay: backoffDelay,
    jitter: (delay) => jitter(delay),
    retryOnTimeout: true,
    shouldRetry,
  };
}

/**
 * Every response carries X-RateLimit-Reset (the hour's window), which ky would wait out on a 503 too:
 * only a 429 waits for it; a 503 without Retry-After is retried on the normal backoff instead.
 */
export function shouldRetry({ error }: ShouldRetryState): boolean | undefined {
  if (error instanceof HTTPError && error.response.status !== 429 && !error.response.headers.has('retry-after')) {
    return (RETRY_STATUS_CODES as readonly number[]).includes(error.response.status) ? true : undefined;
  }
  return undefined;
}
