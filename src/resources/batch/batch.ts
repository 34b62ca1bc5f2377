import { Resource } from '../../core/resource.js';
import { batchCustomers, type CustomerCreateParams, type CustomerUpdateParams } from '../../generated/index.js';
import { BatchEntity, type BatchOperation } from './batch-run.js';

/**
 * Batch operations (spec document 3, "Batch operations"): up to an entity's limit of records per call,
 * each through the single-record rules, with per-record results; large batches run as jobs.
 *
 * @example
 * const result = await acs.batch.customers.run([{ operation: 'create', referenceId: 'row-1', data: { name: 'Kedai Ali', email: 'ali@kedai.my' } }], { continueOnError: true });
 */
export class Batch extends Resource {
  /** Up to 500 customers: create, update, delete. */
  customers = new BatchEntity<BatchOperation<CustomerCreateParams, CustomerUpdateParams, true>>(this.core, batchCustomers);
}
