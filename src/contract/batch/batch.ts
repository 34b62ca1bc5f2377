import { z } from 'zod';
import { cursorPageQuery, sortQuery } from '../common.js';
import { endpoint } from '../endpoint.js';
import { BATCH_LIMITS, BatchAnswer, BatchJob, BatchJobAccepted, batchRequest, BatchStatus, type BatchEntity } from './records.js';

// Spec document 3, "Batch operations": one endpoint per entity of its table, with the entity's maximum and operations.

/** The endpoint of an entity's batches (`acs.batch.<entity>.run`); the path names the entity as the spec does. */
const batchEndpoint = <B extends z.ZodType>(entity: BatchEntity, path: string, scope: string, operations: string, body: B) =>
  endpoint({
    id: `batch.${entity}.run`,
    method: 'POST',
    path: `/batch/${path}`,
    scope,
    tags: ['batch'],
    // The SDK method takes the records and the options apart, each record typed by its entity.
    sdkMethod: 'custom',
    summary: `${operations} up to ${BATCH_LIMITS[entity]} ${path.replace('-', ' ')}; each record through the single-record rules`,
    description:
      `${operations} up to ${BATCH_LIMITS[entity]} ${path.replace('-', ' ')} in one call, each through the single-record rules; ` +
      'resolves to the per-record results, or with `{ async: true }` to the job to follow with `acs.batch.waitForJob(jobId)`.',
    body,
    response: BatchAnswer,
    accepted: BatchJobAccepted,
  });

export const BatchCustomersParams = batchRequest(BATCH_LIMITS.customers);
export const batchCustomers = batchEndpoint('customers', 'customers', 'write:customers', 'Create, update or delete', BatchCustomersParams);
export const BatchSuppliersParams = batchRequest(BATCH_LIMITS.suppliers);
export const batchSuppliers = batchEndpoint('suppliers', 'suppliers', 'write:inventory', 'Create, update or delete', BatchSuppliersParams);
export const BatchInvoicesParams = batchRequest(BATCH_LIMITS.invoices);
export const batchInvoices = batchEndpoint('invoices', 'invoices', 'write:invoices', 'Create or update', BatchInvoicesParams);
export const BatchBillsParams = batchRequest(BATCH_LIMITS.bills);
export const batchBills = batchEndpoint('bills', 'bills', 'write:invoices', 'Create or update', BatchBillsParams);
export const BatchItemsParams = batchRequest(BATCH_LIMITS.items);
export const batchItems = batchEndpoint('items', 'items', 'write:inventory', 'Create, update or delete', BatchItemsParams);
export const BatchJournalEntriesParams = batchRequest(BATCH_LIMITS.journalEntries);
export const batchJournalEntries = batchEndpoint(
  'journalEntries',
  'journal-entries',
  'write:accounts',
  'Create',
  BatchJournalEntriesParams,
);
export const BatchStockAdjustmentsParams = batchRequest(BATCH_LIMITS.stockAdjustments);
export const batchStockAdjustments = batchEndpoint(
  'stockAdjustments',
  'stock-adjustments',
  'write:inventory',
  'Create',
  BatchStockAdjustmentsParams,
);
export const BatchPaymentsParams = batchRequest(BATCH_LIMITS.payments);
export const batchPayments = batchEndpoint(
  'payments',
  'payments',
  'write:invoices',
  'Create (each naming its invoice)',
  BatchPaymentsParams,
);
export const BatchAccountsParams = batchRequest(BATCH_LIMITS.accounts);
export const batchAccounts = batchEndpoint('accounts', 'accounts', 'write:accounts', 'Create or update', BatchAccountsParams);

export const batchJobsRetrieve = endpoint({
  id: 'batch.jobs.retrieve',
  method: 'GET',
  path: '/batch/jobs/{jobId}',
  tags: ['batch'],
  summary: "An asynchronous batch's status and progress",
  description: "An asynchronous batch's status and progress (`processedRecords`, `percentComplete`, ...).",
  exampleCall: { params: { jobId: { fixture: 'customerBatchJob' } } },
  params: z.object({ jobId: z.string() }),
  response: BatchJob,
});

export const BatchJobListParams = z.object({
  status: BatchStatus.optional(),
  entity: z.string().max(50).optional(),
  ...sortQuery,
  ...cursorPageQuery,
});
export type BatchJobListParams = z.input<typeof BatchJobListParams>;

export const batchJobsList = endpoint({
  id: 'batch.jobs.list',
  method: 'GET',
  path: '/batch/jobs',
  source: 'implied',
  tags: ['batch'],
  summary: "The company's asynchronous batches, newest first",
  description: "The company's asynchronous batches, newest first (`status`, `entity`).",
  exampleCall: { query: { status: 'validated' } },
  query: BatchJobListParams,
  response: BatchJob,
  list: { paging: 'cursor', defaultLimit: 20, maxLimit: 100, defaultSort: 'createdAt:desc', sort: ['createdAt'] },
});
