import { tooManyRequests } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store } from '../../store/index.js';
import { batchesTable } from './tables.js';

/** Spec document 3, "Limits": 10 batches a minute per company; 5 a minute for batches over 100 records. */
const BATCH_RATE = { perMinute: 10, largePerMinute: 5, largeOver: 100 } as const;
const MINUTE_MS = 60_000;

const enforced = new WeakMap<Store, boolean>();

/**
 * Whether a service refuses batches over the rate (the service's `rateLimit` option: `'off'`, the default,
 * only counts, as for the request limits, so tests may run many batches a minute).
 */
export function configureBatchRateLimit(store: Store, enforce: boolean): void {
  enforced.set(store, enforce);
}

/** The company's batches of the last minute (sync and async, by the mock clock), oldest first. */
function batchesOfLastMinute(ctx: CompanyContext): { at: number; large: boolean }[] {
  const since = ctx.clock.nowMs() - MINUTE_MS;
  const recent: { at: number; large: boolean }[] = [];
  for (const row of batchesTable(ctx).values()) {
    const at = Date.parse(row.createdAt);
    if (at > since) recent.push({ at, large: row.totalRecords > BATCH_RATE.largeOver });
  }
  return recent.sort((a, b) => a.at - b.at);
}

/** What is left of the batch rate this minute, and when the oldest batch counted leaves the window. */
export function batchRateLimits(ctx: CompanyContext): { remaining: number; resetTime: string } {
  const recent = batchesOfLastMinute(ctx);
  const resetMs = recent.length ? recent[0].at + MINUTE_MS : ctx.clock.nowMs();
  return { remaining: Math.max(0, BATCH_RATE.perMinute - recent.length), resetTime: new Date(resetMs).toISOString() };
}

/** Refuses a batch of `records` over the rate: 429 RATE_LIMIT_EXCEEDED with the seconds to wait, before anything is stored. */
export function checkBatchRate(ctx: CompanyContext, records: number): void {
  if (!enforced.get(ctx.store)) return;
  const recent = batchesOfLastMinute(ctx);
  const nowMs = ctx.clock.nowMs();
  const retryAfter = (counted: { at: number }[], limit: number) => (counted[counted.length - limit].at + MINUTE_MS - nowMs) / 1000;
  if (recent.length >= BATCH_RATE.perMinute) {
    throw tooManyRequests(
      'RATE_LIMIT_EXCEEDED',
      `At most ${BATCH_RATE.perMinute} batches a minute`,
      [{ field: 'batch', limit: BATCH_RATE.perMinute, window: 'minute' }],
      retryAfter(recent, BATCH_RATE.perMinute),
    );
  }
  const large = recent.filter((batch) => batch.large);
  if (records > BATCH_RATE.largeOver && large.length >= BATCH_RATE.largePerMinute) {
    throw tooManyRequests(
      'RATE_LIMIT_EXCEEDED',
      `At most ${BATCH_RATE.largePerMinute} batches of over ${BATCH_RATE.largeOver} records a minute`,
      [{ field: 'operations', limit: BATCH_RATE.largePerMinute, window: 'minute', records }],
      retryAfter(large, BATCH_RATE.largePerMinute),
    );
  }
}
