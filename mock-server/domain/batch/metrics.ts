import type { BatchMetrics } from '../../../src/contract/index.js';
import { localDate } from '../../kernel/clock.js';
import type { CompanyContext } from '../../store/context.js';
import { batchRateLimits } from './limits.js';
import { batchesTable } from './tables.js';

/**
 * `GET /v1/batch/metrics` (spec document 3): the company's batches of this month (sync and async, by the
 * mock clock and its time zone), its jobs running and queued now, and the batch rate limit left.
 */
export function batchMetrics(ctx: CompanyContext): BatchMetrics {
  const thisMonth = ctx.store.today(ctx.companyId).slice(0, 7);
  const timeZone = ctx.store.timeZoneOf(ctx.companyId);
  // A batch's month is the company's, as its days are (BATCH-18, PLAT-31).
  const monthOf = (iso: string) => localDate(new Date(iso), timeZone).slice(0, 7);
  let totalBatches = 0;
  let totalRecords = 0;
  let finished = 0;
  let seconds = 0;
  let processed = 0;
  let successful = 0;
  let activeBatches = 0;
  let queuedBatches = 0;
  for (const row of batchesTable(ctx).values()) {
    if (row.status === 'processing') activeBatches++;
    if (row.status === 'queued') queuedBatches++;
    if (monthOf(row.createdAt) !== thisMonth) continue;
    totalBatches++;
    totalRecords += row.totalRecords;
    processed += row.processedRecords;
    successful += row.successfulRecords;
    if (row.completedAt !== null) {
      finished++;
      seconds += row.executionTime ?? 0;
    }
  }
  return {
    currentMonth: {
      totalBatches,
      totalRecords,
      averageProcessingTime: finished ? Math.round((seconds / finished) * 1000) / 1000 : 0,
      successRate: processed ? Math.round((successful / processed) * 1000) / 10 : null,
    },
    activeBatches,
    queuedBatches,
    rateLimits: batchRateLimits(ctx),
  };
}
