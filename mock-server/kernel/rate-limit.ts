import type { MockClock } from './clock.js';

/** Spec document 1, "Limits": 1000 requests per hour per API key, bursts of 10 per second. */
export const SPEC_RATE_LIMIT = { perHour: 1000, perSecond: 10 } as const;

/**
 * `'spec'` enforces the spec's limits; numbers enforce those; `'off'` (the default, since tests
 * would trip a 10/s burst) only counts, so the rate headers are still sent.
 */
export type RateLimitOption = 'spec' | 'off' | { perHour: number; perSecond: number };

export interface RateLimitConfig {
  perHour: number;
  perSecond: number;
  enforce: boolean;
}

export function rateLimitConfig(option: RateLimitOption | undefined): RateLimitConfig {
  if (option === undefined || option === 'off') return { ...SPEC_RATE_LIMIT, enforce: false };
  if (option === 'spec') return { ...SPEC_RATE_LIMIT, enforce: true };
  const { perHour, perSecond } = option;
  if (!(Number.isInteger(perHour) && perHour >= 1 && Number.isInteger(perSecond) && perSecond >= 1)) {
    throw new TypeError('rateLimit takes positive integers { perHour, perSecond }');
  }
  return { perHour, perSecond, enforce: true };
}

/** Parses the CLI form: `spec`, `off` or `<perHour>/<perSecond>`. */
export function parseRateLimit(text: string): RateLimitOption {
  if (text === 'spec' || text === 'off') return text;
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) throw new TypeError(`--rate-limit takes spec, off or <perHour>/<perSecond>, not ${text}`);
  const option = { perHour: Number(m[1]), perSecond: Number(m[2]) };
  rateLimitConfig(option);
  return option;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** The hourly limit, for `X-RateLimit-Limit`. */
  limit: number;
  remaining: number;
  /** End of the hourly window, epoch seconds, for `X-RateLimit-Reset`. */
  reset: number;
  /** When refused: which limit, how long to wait (whole seconds, at least 1) and when it lifts. */
  exceeded?: { window: 'hour' | 'second'; limit: number; retryAfter: number; resetAt: number };
}

interface KeyWindow {
  /** Start of the hourly window (epoch ms); the window opens with the key's first request. */
  hourStart: number;
  hourCount: number;
  /**
   * Times of the requests admitted within the last second, oldest first, from `head` on: bursts are a
   * sliding one-second window. Its size follows the traffic, not `perSecond` (which may be any number).
   */
  recent: number[];
  head: number;
}

const HOUR = 3_600_000;
const SECOND = 1_000;

/** Per-key windows on the mock clock, so `clock.advance()` lifts a limit. */
export class RateLimiter {
  readonly #windows = new Map<string, KeyWindow>();

  constructor(
    readonly config: RateLimitConfig,
    private readonly clock: MockClock,
  ) {}

  /** Counts one request by `keyId` unless it is refused. */
  hit(keyId: string): RateLimitDecision {
    const now = this.clock.nowMs();
    const { perHour, perSecond, enforce } = this.config;
    let w = this.#windows.get(keyId);
    if (!w || now >= w.hourStart + HOUR || now < w.hourStart) {
      w = { hourStart: now, hourCount: 0, recent: w?.recent ?? [], head: w?.head ?? 0 };
      this.#windows.set(keyId, w);
    }
    const reset = Math.ceil((w.hourStart + HOUR) / SECOND);
    if (enforce) {
      if (w.hourCount >= perHour) {
        const resetAt = w.hourStart + HOUR;
        return {
          allowed: false,
          limit: perHour,
          remaining: 0,
          reset,
          exceeded: { window: 'hour', limit: perHour, retryAfter: wait(resetAt - now), resetAt },
        };
      }
      forgetBefore(w, now);
      if (w.recent.length - w.head >= perSecond) {
        const resetAt = w.recent[w.head] + SECOND;
        return {
          allowed: false,
          limit: perHour,
          remaining: Math.max(0, perHour - w.hourCount),
          reset,
          exceeded: { window: 'second', limit: perSecond, retryAfter: wait(resetAt - now), resetAt },
        };
      }
      w.recent.push(now);
    }
    w.hourCount++;
    return { allowed: true, limit: perHour, remaining: Math.max(0, perHour - w.hourCount), reset };
  }

  /** Headers for a caller not yet identified: a full window from now. */
  unidentified(): RateLimitDecision {
    const { perHour } = this.config;
    return { allowed: true, limit: perHour, remaining: perHour, reset: Math.ceil((this.clock.nowMs() + HOUR) / SECOND) };
  }

  clear(): void {
    this.#windows.clear();
  }
}

const wait = (ms: number) => Math.max(1, Math.ceil(ms / SECOND));

/** Drops the burst log's entries older than a second (all of them when the clock was set back), compacting now and then. */
function forgetBefore(w: KeyWindow, now: number): void {
  const { recent } = w;
  if (recent.length > w.head && recent[recent.length - 1] > now) {
    recent.length = 0;
    w.head = 0;
    return;
  }
  while (w.head < recent.length && now - recent[w.head] >= SECOND) w.head++;
  if (w.head === recent.length) {
    recent.length = 0;
    w.head = 0;
  } else if (w.head > 1024 && w.head * 2 > recent.length) {
    recent.splice(0, w.head);
    w.head = 0;
  }
}
