import type { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { BATCH_LIMITS, BatchAnswer, batchRequest, type BatchEntity } from './records.js';

// Spec document 3, "Batch operations": one endpoint per entity of its table, with the entity's maximum and operations.

/** The endpoint of an entity's batches (`acs.batch.<entity>.run`); the path names the entity as the spec does. */
const batchEndpoint = <B extends z.ZodType>(entity: BatchEntity, path: string, scope: string, operations: string, body: B) =>
  endpoint({
    id: `batch.${entity}.run`,
    method: 'POST',
    path: `/batch/${path}`,
    scope,
    tags: ['batch'],
    summary: `${operations} up to ${BATCH_LIMITS[entity]} ${path.replace('-', ' ')}; each record through the single-record rules`,
    body,
    response: BatchAnswer,
  });

export const BatchCustomersParams = batchRequest(BATCH_LIMITS.customers);
export const batchCustomers = batchEndpoint('customers', 'customers', 'write:customers', 'Create, update or delete', BatchCustomersParams);
