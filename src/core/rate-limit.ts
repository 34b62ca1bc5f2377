/** The rate-limit state a response reports (spec document 1, "Limits"). */
export interface RateLimit {
  /** Requests allowed in the window. */
  limit: number;
  /** Requests left in the window. */
  remaining: number;
  /** When the window resets, epoch seconds. */
  reset: number;
}

/** `X-RateLimit-Limit`, `-Remaining` and `-Reset` as numbers, or null unless all three are present and numeric. */
export function parseRateLimit(headers: Headers): RateLimit | null {
  const limit = numeric(headers.get('x-ratelimit-limit'));
  const remaining = numeric(headers.get('x-ratelimit-remaining'));
  const reset = numeric(headers.get('x-ratelimit-reset'));
  if (limit === undefined || remaining === undefined || reset === undefined) return null;
  return { limit, remaining, reset };
}

function numeric(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
