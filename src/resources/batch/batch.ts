import { Resource } from '../../core/resource.js';
import { batchCustomers, type BatchCustomerOperation } from '../../generated/index.js';
import { batchRun } from './batch-run.js';

/** Customers in batches of up to 500: create, update and delete (`acs.batch.customers.run`). */
export class BatchCustomers extends Resource {
  /**
   * @example
   * const result = await acs.batch.customers.run([{ operation: 'create', referenceId: 'row-1', data: { name: 'Kedai Runcit Ali' } }], { continueOnError: true });
   */
  run = batchRun<BatchCustomerOperation>(this.method(batchCustomers));
}

/**
 * Batch operations (spec document 3, "Batch operations"): up to an entity's limit of records per call,
 * each through the single-record rules, with per-record results; large batches run as jobs.
 */
export class Batch extends Resource {
  customers = this.resource(BatchCustomers);
}
