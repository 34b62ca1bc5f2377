import { endpoint } from '../endpoint.js';
import { CustomerCreateParams, CustomerUpdateParams } from '../sales/customers.js';
import { BATCH_LIMITS, BatchAnswer, batchOperation, batchRequest } from './records.js';

// Spec document 3, "Batch operations": one endpoint per entity, its maximum and its operations.
const tags = ['batch'];
const described = (noun: string, operations: string) =>
  `Up to the limit of ${noun}, each ${operations} through the single-record rules; \`options.async\` answers 202 with a job.`;

export const BatchCustomerOperation = batchOperation(CustomerCreateParams, CustomerUpdateParams, true);
export const BatchCustomersParams = batchRequest(BATCH_LIMITS.customers, BatchCustomerOperation);

export const batchCustomers = endpoint({
  id: 'batch.customers.run',
  method: 'POST',
  path: '/batch/customers',
  scope: 'write:customers',
  tags,
  summary: `Create, update or delete up to ${BATCH_LIMITS.customers} customers`,
  description: described('customers', 'created, updated or deleted'),
  body: BatchCustomersParams,
  response: BatchAnswer,
});
