import type { z } from 'zod';
import type { BatchOperationInput, BatchOptions, BatchRecordResult } from '../../../src/contract/index.js';
import { ServiceError, validationError } from '../../kernel/errors.js';
import { parseOrRefuse } from '../../kernel/validation.js';
import type { CompanyContext } from '../../store/context.js';
import { rulesOf } from '../bulk/index.js';
import type { BatchEntityDefinition, BatchOperationHandler } from './entities.js';
import { recordError } from './record-error.js';
import type { BatchCounts } from './tables.js';

/** Where the records of a run sit in the batch: the first one's index, and (CSV import) each one's line in the file. */
export interface RecordPlacement {
  offset: number;
  rowNumbers?: readonly number[];
  /** An earlier run of the batch stopped at a failure: these records are skipped. */
  stopped?: boolean;
}

/** Thrown inside a savepoint to undo it and carry the results out (validateOnly, rollbackOnError). */
class Undo {
  constructor(readonly results: BatchRecordResult[]) {}
}

const COUNTED = { create: 'created', update: 'updated', delete: 'deleted' } as const;

/**
 * Runs records of a batch, each in a savepoint of its own, through the entity's single-record rules
 * and domain function. Without `continueOnError` the first failure stops the run and the rest are
 * skipped; `stopped` says the run should not go on. `validateOnly` undoes every record and keeps the
 * results; `rollbackOnError` undoes the run when one record failed.
 */
export function runRecords(
  ctx: CompanyContext,
  definition: BatchEntityDefinition,
  operations: readonly BatchOperationInput[],
  options: BatchOptions,
  placement: RecordPlacement,
  counts: BatchCounts,
): { results: BatchRecordResult[]; stopped: boolean } {
  let stopped = placement.stopped ?? false;
  const run = (): BatchRecordResult[] =>
    operations.map((op, i) => {
      const reference = op.referenceId === undefined ? {} : { referenceId: op.referenceId };
      if (stopped) return { ...reference, operation: op.operation, success: false, skipped: true };
      const index = placement.offset + i;
      const rowNumber = placement.rowNumbers?.[index] ?? index + 1;
      try {
        const data = ctx.store.transaction(() => runRecord(ctx, definition, op));
        return { ...reference, operation: op.operation, success: true, ...(options.validateOnly ? {} : { data }) };
      } catch (error) {
        if (!options.continueOnError) stopped = true;
        return {
          ...reference,
          operation: op.operation,
          success: false,
          error: recordError(error, rowNumber, op.data, schemaOf(definition, op)),
        };
      }
    });
  let results: BatchRecordResult[];
  let undone = false;
  try {
    results = ctx.store.transaction(() => {
      const done = run();
      const failed = done.some((r) => r.error);
      if (options.validateOnly || (options.rollbackOnError && failed)) throw new Undo(done);
      return done;
    });
  } catch (error) {
    if (!(error instanceof Undo)) throw error;
    undone = true;
    // Nothing of a rolled-back run is stored: its records keep their verdicts, not their data.
    results = error.results.map(({ data: _undone, ...r }) => (options.validateOnly ? r : { ...r, rolledBack: true }));
    if (!options.validateOnly) stopped = true;
  }
  tally(counts, results, undone);
  return { results, stopped };
}

/** Adds a run's results to the batch's counts; `undone`: nothing of it was stored. */
function tally(counts: BatchCounts, results: readonly BatchRecordResult[], undone: boolean): void {
  for (const r of results) {
    if (r.skipped) counts.skippedRecords += 1;
    else {
      counts.processedRecords += 1;
      if (r.success) counts.successfulRecords += 1;
      else counts.failedRecords += 1;
    }
    if (r.success && !undone) counts[COUNTED[r.operation]] += 1;
  }
}

/** The rules a record's data is read by (for the secrets its error must not echo); none for a delete or an unknown operation. */
function schemaOf(definition: BatchEntityDefinition, op: BatchOperationInput): z.ZodType | undefined {
  const handler = definition.operations[op.operation];
  return handler && op.operation !== 'delete' ? rulesOf(handler as BatchOperationHandler).schema : undefined;
}

/** One record through the entity's rules for its operation: `data` as the single endpoint's body, `id` apart. */
function runRecord(ctx: CompanyContext, definition: BatchEntityDefinition, op: BatchOperationInput): unknown {
  const handler = definition.operations[op.operation];
  if (!handler) {
    throw new ServiceError('OPERATION_NOT_ALLOWED', `A ${definition.noun} cannot be ${op.operation}d in a batch`, [
      { field: 'operation', message: `allowed: ${Object.keys(definition.operations).join(', ')}`, code: 'INVALID_ENUM_VALUE' },
    ]);
  }
  const { id, ...fields } = op.data;
  if (op.operation !== 'create' && (typeof id !== 'string' || id === '')) {
    throw validationError(
      [{ field: 'id', message: `required for ${op.operation}`, code: 'REQUIRED_FIELD' }],
      `An ${op.operation} names the ${definition.noun}'s id`,
    );
  }
  if (op.operation === 'delete') return definition.operations.delete!.run(ctx, undefined, id as string);
  const rules = handler as BatchOperationHandler;
  const { schema, invalid } = rulesOf(rules);
  const data = parseOrRefuse(schema, op.operation === 'create' ? op.data : fields, op.data, 'data', definition.noun, { invalid });
  return rules.run(ctx, data, id as string | undefined);
}
