import type { BatchEntity, BatchOperationInput, BatchOptions, BatchResult } from '../../../src/contract/index.js';
import { validationError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { batchEntity } from './registry.js';
import { runRecords, type RecordPlacement } from './run-records.js';
import { batchesTable, noCounts, type BatchCounts, type BatchRow } from './tables.js';

/** A batch as the caller sent it: the records, the options and (CSV import) each record's line in the file. */
export interface BatchInput {
  operations: readonly BatchOperationInput[];
  options?: BatchOptions;
  rowNumbers?: RecordPlacement['rowNumbers'];
}

/** `referenceId`s are unique in a batch (spec document 3: "optional unique string"). */
export function checkReferenceIds(operations: readonly BatchOperationInput[]): void {
  const seen = new Map<string, number>();
  const repeated = operations.flatMap((op, index) => {
    if (op.referenceId === undefined) return [];
    const first = seen.get(op.referenceId);
    if (first === undefined) {
      seen.set(op.referenceId, index);
      return [];
    }
    return [
      { field: `operations.${index}.referenceId`, message: `repeats operations.${first}.referenceId`, code: 'DUPLICATE_VALUE' as const },
    ];
  });
  if (repeated.length) throw validationError(repeated, 'Each referenceId must be unique in the batch');
}

/** The status a finished batch reports. */
export function finalStatus(counts: BatchCounts, options: BatchOptions, rolledBack: boolean): BatchRow['status'] {
  if (options.validateOnly) return 'validated';
  if (rolledBack) return 'rolled_back';
  if (counts.failedRecords === 0) return 'completed';
  return counts.successfulRecords > 0 ? 'completed_with_errors' : 'failed';
}

/**
 * A synchronous batch (spec document 3, "Batch operations"): every record in this request's
 * transaction, each through its entity's single-record rules; the batch is recorded for the metrics.
 */
export function runBatch(ctx: CompanyContext, entity: BatchEntity, input: BatchInput): BatchResult {
  const options = input.options ?? {};
  checkReferenceIds(input.operations);
  const definition = batchEntity(entity);
  const startedAt = ctx.clock.iso();
  const began = performance.now();
  const counts = noCounts(input.operations.length);
  const { results } = runRecords(ctx, definition, input.operations, options, { offset: 0, rowNumbers: input.rowNumbers }, counts);
  const executionTime = Math.round(performance.now() - began) / 1000;
  const rolledBack = results.some((r) => r.rolledBack);
  const table = batchesTable(ctx);
  const row = table.insert({
    id: table.newId(),
    entity,
    mode: 'sync',
    status: finalStatus(counts, options, rolledBack),
    options,
    ...counts,
    createdAt: startedAt,
    startedAt,
    completedAt: ctx.clock.iso(),
    executionTime,
  });
  return presentBatchResult(row, results);
}

export function presentBatchResult(row: BatchRow, results: BatchResult['results']): BatchResult {
  return {
    batchId: row.id,
    status: row.status,
    totalRecords: row.totalRecords,
    processedRecords: row.processedRecords,
    successfulRecords: row.successfulRecords,
    failedRecords: row.failedRecords,
    skippedRecords: row.skippedRecords,
    results,
    summary: { created: row.created, updated: row.updated, deleted: row.deleted, errors: row.failedRecords, warnings: 0 },
    executionTime: row.executionTime ?? 0,
    startedAt: row.startedAt ?? row.createdAt,
    completedAt: row.completedAt ?? row.createdAt,
  };
}
