import type { ApiPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/request-options.js';
import { Resource, type MethodCore } from '../../core/resource.js';
import type { Route } from '../../core/route.js';
import type { BatchAnswer, BatchJobAccepted, BatchOperationInput, BatchOptions, BatchResult } from '../../generated/index.js';

/**
 * One record of a batch, typed by its entity: `create` takes the create body, `update` the update body
 * and the record's `id`, `delete` (where the entity allows it) the `id` alone.
 */
export type BatchOperation<C, U = never, D extends boolean = false> =
  | { operation: 'create'; referenceId?: string; data: C }
  | ([U] extends [never] ? never : { operation: 'update'; referenceId?: string; data: U & { id: string } })
  | (D extends true ? { operation: 'delete'; referenceId?: string; data: { id: string } } : never);

/**
 * `run(operations, options)`: resolves to the batch's result, or with `{ async: true }` to the job to
 * follow with `acs.batch.waitForJob(jobId)`.
 */
export interface BatchRunMethod<Op> {
  (operations: Op[], options: BatchOptions & { async: true }, requestOptions?: RequestOptions): ApiPromise<BatchJobAccepted>;
  (operations: Op[], options?: BatchOptions & { async?: false }, requestOptions?: RequestOptions): ApiPromise<BatchResult>;
  /** The endpoint this method calls (id, method, path). */
  readonly endpoint: Route<[body: { operations: BatchOperationInput[]; options?: BatchOptions }], BatchAnswer>;
}

/** An entity's batches (`acs.batch.customers`): `run` takes the records, typed as `Op`, and the options. */
export class BatchEntity<Op> extends Resource {
  readonly run: BatchRunMethod<Op>;

  constructor(core: MethodCore, route: BatchRunMethod<Op>['endpoint']) {
    super(core);
    const method = this.method(route);
    const run = (operations: Op[], options?: BatchOptions, requestOptions?: RequestOptions) =>
      method({ operations: operations as BatchOperationInput[], ...(options ? { options } : {}) }, requestOptions);
    this.run = Object.assign(run, { endpoint: method.endpoint }) as BatchRunMethod<Op>;
  }
}
