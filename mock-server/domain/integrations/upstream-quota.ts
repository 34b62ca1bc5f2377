import { tooManyRequests } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { quotasTable, type IntegrationRow } from './tables.js';

/** The simulated upstreams' API budget: 40 requests a minute per integration, by the mock clock (a store platform's usual bucket). */
export const UPSTREAM_REQUESTS_PER_MINUTE = 40;
const WINDOW_MS = 60_000;

export interface UpstreamQuota {
  limit: number;
  remaining: number;
  /** When the window starts again (ISO 8601). */
  resetTime: string;
}

/** The budget left in the current window, without spending any (the health check's `rate_limits`). */
export function upstreamQuota(ctx: CompanyContext, integration: IntegrationRow): UpstreamQuota {
  const nowMs = ctx.clock.nowMs();
  const row = quotasTable(ctx).get(integration.id);
  const current = row && nowMs - row.windowStartMs < WINDOW_MS ? row : undefined;
  const windowStartMs = current?.windowStartMs ?? nowMs;
  return {
    limit: UPSTREAM_REQUESTS_PER_MINUTE,
    remaining: UPSTREAM_REQUESTS_PER_MINUTE - (current?.used ?? 0),
    resetTime: new Date(windowStartMs + WINDOW_MS).toISOString(),
  };
}

/**
 * Spends `requests` of the upstream's budget (one per page a sync reads or writes); over it is
 * RATE_LIMIT_EXCEEDED (429, with the seconds to wait) and nothing is spent, so a caller who waits succeeds.
 */
export function spendUpstreamRequests(ctx: CompanyContext, integration: IntegrationRow, requests: number): UpstreamQuota {
  const quota = upstreamQuota(ctx, integration);
  if (requests > quota.remaining) {
    const retryAfter = Math.max(1, Math.ceil((Date.parse(quota.resetTime) - ctx.clock.nowMs()) / 1000));
    throw tooManyRequests(
      'RATE_LIMIT_EXCEEDED',
      `The ${integration.name} upstream allows ${quota.limit} requests a minute; this sync needs ${requests} and ${quota.remaining} are left`,
      [
        {
          field: 'integrationId',
          message: `retry after ${retryAfter} s, or sync a smaller range`,
          code: 'RATE_LIMIT_EXCEEDED',
          remaining: quota.remaining,
          resetTime: quota.resetTime,
        },
      ],
      retryAfter,
    );
  }
  const table = quotasTable(ctx);
  const windowStartMs = Date.parse(quota.resetTime) - WINDOW_MS;
  const used = quota.limit - quota.remaining + requests;
  if (table.get(integration.id)) table.update(integration.id, { windowStartMs, used });
  else table.insert({ id: integration.id, windowStartMs, used });
  return { ...quota, remaining: quota.remaining - requests };
}

/** The pages of the upstream a sync of `count` records reads, `pageSize` each: one request a page (at least one, to list). */
export const pagesOf = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize));
