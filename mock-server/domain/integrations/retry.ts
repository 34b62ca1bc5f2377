import type { IntegrationSync } from '../../../src/contract/index.js';
import { businessRule, notFound, ServiceError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { retrieveIntegration } from './setup.js';
import { findSyncOperation } from './sync-runs.js';
import { syncsTable, type IntegrationSyncRow } from './tables.js';

/** How many retries precede `sync` in its chain (a first run: 0). */
function retriesBefore(ctx: CompanyContext, sync: IntegrationSyncRow): number {
  let count = 0;
  for (let at = sync; at.retryOf; count++) {
    const previous = syncsTable(ctx).get(at.retryOf);
    if (!previous) break;
    at = previous;
  }
  return count;
}

export const presentSync = (ctx: CompanyContext, row: IntegrationSyncRow): IntegrationSync => ({
  syncId: row.id,
  integrationId: row.integrationId,
  operation: row.operation,
  status: row.status,
  retryOf: row.retryOf,
  retryNumber: retriesBefore(ctx, row),
  processed: row.processed,
  failed: row.failed,
  counters: row.counters,
  startedAt: row.startedAt,
  completedAt: row.completedAt,
});

/**
 * Spec document 3, `POST /v1/integrations/{integrationId}/retry-failed`: runs the sync's operation again
 * for its failed records only, with the request it had, and records the run as a new sync (`retryOf`).
 * A chain of `maxRetries` retries is closed: 422 RETRY_LIMIT_REACHED (decision INT-25).
 */
export function retryFailedSync(
  ctx: CompanyContext,
  integrationId: string,
  body: { syncId: string; maxRetries: number },
): IntegrationSyncRow {
  const integration = retrieveIntegration(ctx, integrationId);
  const sync = syncsTable(ctx).get(body.syncId);
  if (!sync || sync.integrationId !== integration.id) throw notFound('sync of this integration', body.syncId, 'SYNC_NOT_FOUND', 'syncId');
  if (sync.failures.length === 0) throw businessRule('the sync has no failed records to retry', { syncId: sync.id, status: sync.status });
  const retries = retriesBefore(ctx, sync);
  if (retries >= body.maxRetries) {
    throw new ServiceError('RETRY_LIMIT_REACHED', `The sync has been retried ${retries} times; maxRetries is ${body.maxRetries}`, [
      {
        field: 'maxRetries',
        message: 'retry the newest sync of the chain with a higher maxRetries, or fix the records',
        code: 'RETRY_LIMIT_REACHED',
        retries,
        maxRetries: body.maxRetries,
      },
    ]);
  }
  const operation = findSyncOperation(sync.operation);
  if (!operation) throw businessRule(`the ${sync.operation} operation cannot be retried`, { syncId: sync.id, operation: sync.operation });
  return operation.run(ctx, integration, sync.request, { only: new Set(sync.failures.map((f) => f.externalId)), syncId: sync.id });
}
