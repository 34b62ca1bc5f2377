import { ServiceError } from '../../kernel/errors.js';
import { maskText } from '../../kernel/mask.js';
import type { CompanyContext } from '../../store/context.js';
import {
  integrationsTable,
  syncedRecordsTable,
  syncsTable,
  type IntegrationRow,
  type IntegrationSyncRow,
  type SyncFailure,
} from './tables.js';

/** What happened to the upstream records of one sync. */
export interface SyncTally {
  created: number;
  updated: number;
  /** Synced before and unchanged upstream: nothing written (a sync run twice creates nothing twice). */
  unchanged: number;
  failed: number;
  failures: SyncFailure[];
}

export const emptyTally = (): SyncTally => ({ created: 0, updated: 0, unchanged: 0, failed: 0, failures: [] });

/** An upstream record a sync brings into the books: its id there and its version (changed when it changes). */
export interface UpstreamRecord {
  externalId: string;
  version: string;
}

/** How one type of upstream record lands in the books: create its record (returns its id), or bring an earlier one up to date. */
export interface SyncApply<T> {
  create(item: T): string;
  update?(item: T, recordId: string): void;
}

/**
 * Brings upstream records into the books through the domain's own functions, each in a savepoint of
 * its own: one that breaks a rule is a failure kept for `retry-failed`, the others land. An upstream
 * record synced before is updated when its version changed, and otherwise left alone.
 */
export function syncItems<T extends UpstreamRecord>(
  ctx: CompanyContext,
  integration: IntegrationRow,
  type: string,
  items: readonly T[],
  apply: SyncApply<T>,
  tally = emptyTally(),
): SyncTally {
  const links = syncedRecordsTable(ctx);
  for (const item of items) {
    const link = links.byIndex('externalId', item.externalId).find((l) => l.integrationId === integration.id && l.type === type);
    if (link && (link.version === item.version || !apply.update)) {
      tally.unchanged += 1;
      continue;
    }
    try {
      ctx.store.transaction(() => {
        if (link) {
          apply.update!(item, link.recordId);
          links.update(link.id, { version: item.version, syncedAt: ctx.clock.iso() });
        } else {
          const recordId = apply.create(item);
          links.insert({
            id: links.newId(),
            integrationId: integration.id,
            type,
            externalId: item.externalId,
            recordId,
            version: item.version,
            syncedAt: ctx.clock.iso(),
          });
        }
      });
      tally[link ? 'updated' : 'created'] += 1;
    } catch (error) {
      tallyFailure(tally, item.externalId, type, refusalOf(error, 'The record could not be synced'));
    }
  }
  return tally;
}

/** A record that failed, counted with its code and message; its id as sent may be secret-shaped, and is kept masked (kernel/mask.ts). */
export function tallyFailure(tally: SyncTally, externalId: string, type: string, refusal: { code: string; message: string }): void {
  tally.failed += 1;
  tally.failures.push({ externalId: maskText(externalId), type, code: refusal.code, message: refusal.message });
}

/** What a failed record's error tells the caller: a refusal's code and message; anything else only `fallback`. */
export const refusalOf = (error: unknown, fallback: string): { code: string; message: string } =>
  error instanceof ServiceError ? { code: error.code, message: error.message } : { code: 'INTERNAL_ERROR', message: fallback };

/** The record of the books an upstream record became, if it was synced. */
export function syncedRecordId(ctx: CompanyContext, integration: IntegrationRow, type: string, externalId: string): string | undefined {
  return syncedRecordsTable(ctx)
    .byIndex('externalId', externalId)
    .find((l) => l.integrationId === integration.id && l.type === type)?.recordId;
}

/** Records a run of a sync endpoint (its `syncId`) and the integration's last sync. */
export function recordSyncRun(
  ctx: CompanyContext,
  integration: IntegrationRow,
  run: {
    operation: string;
    request: Record<string, unknown>;
    counters: Record<string, number | string>;
    processed: number;
    tally: SyncTally;
    startedAtMs: number;
    retryOf?: string;
  },
): IntegrationSyncRow {
  const { tally } = run;
  const table = syncsTable(ctx);
  const completedAt = ctx.clock.iso();
  const succeeded = run.processed - tally.failed;
  const row = table.insert({
    id: table.newId(),
    integrationId: integration.id,
    operation: run.operation,
    status: tally.failed === 0 ? 'completed' : succeeded > 0 ? 'completed_with_errors' : 'failed',
    counters: run.counters,
    processed: run.processed,
    failed: tally.failed,
    failures: tally.failures,
    request: run.request,
    retryOf: run.retryOf ?? null,
    startedAt: new Date(run.startedAtMs).toISOString(),
    completedAt,
    processingTime: Math.max(0, ctx.clock.nowMs() - run.startedAtMs) / 1000,
  });
  integrationsTable(ctx).update(integration.id, { lastSyncAt: completedAt });
  return row;
}

/** Which upstream records a run handles: on `retry-failed`, only the failed ones (`only`: their external ids) of the sync it retries. */
export interface SyncRetry {
  only: ReadonlySet<string>;
  syncId: string;
}

/** What one sync did: the counters its answer shows, the records it read and how each went. */
export interface SyncOutcome {
  counters: Record<string, number | string>;
  processed: number;
  tally: SyncTally;
}

/**
 * A sync endpoint's work, declared once so `retry-failed` can run it again for the failed records only,
 * with the request of the sync it retries. `run` records the run (its `syncId`, times, status).
 */
export interface SyncOperation {
  /** The endpoint's path segment: `sync-orders`, `sync-payments`, `migrate-customers`, ... */
  operation: string;
  run(ctx: CompanyContext, integration: IntegrationRow, request: Record<string, unknown>, retry?: SyncRetry): IntegrationSyncRow;
}

const syncOperations = new Map<string, SyncOperation>();

/** Declares a sync endpoint's work (each sync file calls it once, at load); the run it records is this one place's. */
export function defineSyncOperation(definition: {
  operation: string;
  sync(ctx: CompanyContext, integration: IntegrationRow, request: Record<string, unknown>, retry?: SyncRetry): SyncOutcome;
}): SyncOperation {
  const { operation } = definition;
  const declared: SyncOperation = {
    operation,
    run(ctx, integration, request, retry) {
      const startedAtMs = ctx.clock.nowMs();
      const outcome = definition.sync(ctx, integration, request, retry);
      return recordSyncRun(ctx, integration, { operation, request, ...outcome, startedAtMs, retryOf: retry?.syncId });
    },
  };
  syncOperations.set(operation, declared);
  return declared;
}

/** The upstream records a run handles: all of them, or on retry-failed only the failed ones. */
export const wanted = <T extends { externalId: string }>(items: T[], retry: SyncRetry | undefined): T[] =>
  retry ? items.filter((item) => retry.only.has(item.externalId)) : items;

/** Adds the tallies of a run's parts (charges, fees, refunds...) into one. */
export function mergeTallies(into: SyncTally, parts: SyncTally[]): SyncTally {
  for (const part of parts) {
    into.created += part.created;
    into.updated += part.updated;
    into.unchanged += part.unchanged;
    into.failed += part.failed;
    into.failures.push(...part.failures);
  }
  return into;
}

export const findSyncOperation = (name: string): SyncOperation | undefined => syncOperations.get(name);

/** The counters every sync other than orders shows (created, updated, unchanged). */
export const tallyCounters = (tally: SyncTally): Record<string, number> => ({
  created: tally.created,
  updated: tally.updated,
  unchanged: tally.unchanged,
});
