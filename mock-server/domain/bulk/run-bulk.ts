import type { z } from 'zod';
import type { InvalidBody } from '../../../src/contract/index.js';
import { parseOrRefuse } from '../../kernel/validation.js';
import type { Store } from '../../store/index.js';
import { businessRule, ServiceError, validationError, withArticle } from '../../kernel/errors.js';

export interface BulkOperationInput {
  operation: 'create' | 'update';
  id?: string;
  data: Record<string, unknown>;
}

/**
 * The rules a bulk item must pass: a schema of its own (and how a broken rule is answered, `invalid`),
 * or the single endpoint's, whose `body` and `invalid` the item then passes exactly as a lone call would.
 */
export type BulkItemRules<S extends z.ZodType> = { schema: S; invalid?: InvalidBody } | { endpoint: { body?: S; invalid?: InvalidBody } };

/** How one kind of record is created and updated in bulk: the rules its items pass, and the domain calls, presenter included. */
export interface BulkHandlers<C extends z.ZodType, U extends z.ZodType, R> {
  /** What the records are called in messages: `journal entry`, `customer`, ... */
  noun: string;
  create?: BulkItemRules<C> & { run: (data: z.output<C>) => R };
  update?: BulkItemRules<U> & { run: (id: string, data: z.output<U>) => R };
}

/** The schema and `invalid` of an item's rules. */
export function rulesOf<S extends z.ZodType>(rules: BulkItemRules<S>): { schema: S; invalid?: InvalidBody } {
  if (!('endpoint' in rules)) return rules;
  if (!rules.endpoint.body) throw new Error('a bulk item needs an endpoint with a body schema');
  return { schema: rules.endpoint.body, invalid: rules.endpoint.invalid };
}

export interface BulkItemResult<R> {
  index: number;
  success: boolean;
  data?: R;
  error?: { code: string; message: string; details?: Record<string, unknown>[] };
}

/**
 * Runs each operation in a savepoint of its own (spec document 1, "Bulk operations": a failing item
 * does not fail the others): an item's refusal (a `ServiceError`) undoes that item's writes only. Each
 * item is presented inside its savepoint; any other failure (a bug) propagates and undoes the whole
 * call, which the router answers with a 500, so no retry ever finds half of it saved.
 */
export function runBulk<C extends z.ZodType, U extends z.ZodType, R>(
  store: Store,
  operations: readonly BulkOperationInput[],
  handlers: BulkHandlers<C, U, R>,
) {
  const results: BulkItemResult<R>[] = operations.map((op, index) => {
    try {
      const data = store.transaction(() => runOne(op, index, handlers));
      return { index, success: true, data };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const details = Array.isArray(error.details) ? (error.details as Record<string, unknown>[]) : undefined;
      return { index, success: false, error: { code: error.code, message: error.message, ...(details ? { details } : {}) } };
    }
  });
  const successful = results.filter((r) => r.success).length;
  return { processed: results.length, successful, failed: results.length - successful, results };
}

function runOne<C extends z.ZodType, U extends z.ZodType, R>(op: BulkOperationInput, index: number, handlers: BulkHandlers<C, U, R>): R {
  const root = `operations.${index}.data`;
  if (op.operation === 'create') {
    if (!handlers.create) throw unsupported(handlers.noun, 'created');
    const { schema, invalid } = rulesOf(handlers.create);
    return handlers.create.run(parseOrRefuse(schema, op.data, op.data, root, handlers.noun, { invalid }));
  }
  if (!handlers.update) throw unsupported(handlers.noun, 'updated');
  if (!op.id) {
    throw validationError(
      [{ field: `operations.${index}.id`, message: 'required for update', code: 'REQUIRED_FIELD' }],
      `An update needs the ${handlers.noun}'s id`,
    );
  }
  const { schema, invalid } = rulesOf(handlers.update);
  return handlers.update.run(op.id, parseOrRefuse(schema, op.data, op.data, root, handlers.noun, { invalid }));
}

const unsupported = (noun: string, verb: string) => businessRule(`${withArticle(noun)} cannot be ${verb} through the bulk endpoint`);
