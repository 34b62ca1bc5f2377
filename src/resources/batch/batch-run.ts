import type { ApiPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/request-options.js';
import type { Method } from '../../core/resource.js';
import type { Route } from '../../core/route.js';
import type { BatchAnswer, BatchJobAccepted, BatchOptions, BatchResult } from '../../generated/index.js';

/** A batch request as its endpoint takes it. */
export interface BatchBody<Op> {
  operations: Op[];
  options?: BatchOptions;
}

/**
 * `acs.batch.<entity>.run(operations, options)`: resolves to the batch's result, or with
 * `{ async: true }` to the job to follow with `acs.batch.waitForJob(jobId)`.
 */
export interface BatchRunMethod<Op> {
  (operations: Op[], options: BatchOptions & { async: true }, requestOptions?: RequestOptions): ApiPromise<BatchJobAccepted>;
  (operations: Op[], options?: BatchOptions & { async?: false }, requestOptions?: RequestOptions): ApiPromise<BatchResult>;
  /** The endpoint this method calls (id, method, path). */
  readonly endpoint: Route<[body: BatchBody<Op>], BatchAnswer>;
}

/** The `run` method of a batch endpoint's plain method: operations and options as two arguments. */
export function batchRun<Op>(method: Method<[body: BatchBody<Op>], BatchAnswer>): BatchRunMethod<Op> {
  const run = (operations: Op[], options?: BatchOptions, requestOptions?: RequestOptions) =>
    method({ operations, ...(options ? { options } : {}) }, requestOptions);
  return Object.assign(run, { endpoint: method.endpoint }) as BatchRunMethod<Op>;
}
