import type { z } from 'zod';
import type { BatchEntity, BatchOperationKind } from '../../../src/contract/index.js';
import type { BulkItemRules } from '../bulk/index.js';
import type { CompanyContext } from '../../store/context.js';

/** How one operation of an entity runs: the single endpoint's rules its `data` passes, and the domain call (presenter included). */
export type BatchOperationHandler<S extends z.ZodType = z.ZodType> = BulkItemRules<S> & {
  run: (ctx: CompanyContext, data: z.output<S>, id: string | undefined) => unknown;
};

/**
 * An entity of spec document 3's batch table: the operations it allows, each through the same domain
 * function as the single-record endpoint (one code path), and what `rollbackOnError` can undo.
 */
export interface BatchEntityDefinition {
  entity: BatchEntity;
  /** What a record is called in messages: `customer`, `journal entry`, ... */
  noun: string;
  operations: {
    create?: BatchOperationHandler;
    update?: BatchOperationHandler;
    /** A delete takes the record's id alone. */
    delete?: { run: (ctx: CompanyContext, data: undefined, id: string) => unknown };
  };
  /**
   * Operations an asynchronous job cannot roll back once a chunk has committed (a posted document
   * is reversed, never unwritten): `rollbackOnError` with `async` is refused for them before running.
   */
  irreversible?: readonly BatchOperationKind[];
}

/** Declares an entity's batch operations (each entity file exports one; registry.ts lists them). */
export function defineBatchEntity(definition: BatchEntityDefinition): BatchEntityDefinition {
  return definition;
}
