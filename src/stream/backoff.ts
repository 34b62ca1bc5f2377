/** How the stream waits between reconnect attempts. */
export interface ReconnectOptions {
  /** Delay before the first retry, in ms (default 500). */
  initialDelayMs?: number;
  /** Longest delay, in ms (default 30 000). */
  maxDelayMs?: number;
  /** Consecutive failed attempts before giving up with `StreamClosedError` (default: never give up). */
  maxAttempts?: number;
}

/**
 * Exponential backoff with jitter: `min(max, initial * 2^(attempt-1))`, minus up to a quarter at
 * random (the Stainless clients' formula), so clients dropped together do not return together.
 */
export function reconnectDelay(attempt: number, options: Required<ReconnectOptions>, random: () => number = Math.random): number {
  const base = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 - 0.25 * random()));
}
