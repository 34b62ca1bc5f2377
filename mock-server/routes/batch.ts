import { contract, type BatchEntity } from '../../src/contract/index.js';
import { DataWithHeaders, FileResponse } from '../kernel/raw.js';
import {
  batchesTable,
  batchJobResults,
  batchJobResultsFile,
  batchMetrics,
  checkBatchRate,
  csvImportBatch,
  csvTemplate,
  excelTemplate,
  presentBatchJob,
  retrieveBatchJob,
  runBatch,
  startBatchJob,
  type BatchInput,
} from '../domain/batch/index.js';
import { listRoute } from './list-route.js';
import { route, type Route, type RouteContext } from '../store/context.js';

const { batch } = contract;

/** A batch now, or (`options.async`) a job: 202 with where to follow it (spec document 3, "Batch operations"). */
export function batchAnswer(ctx: RouteContext, entity: BatchEntity, input: BatchInput) {
  // Spec document 3, "Limits": counted per company over sync and async batches; a refused one stores nothing.
  checkBatchRate(ctx, input.operations.length);
  if (!input.options?.async) return runBatch(ctx, entity, input);
  return new DataWithHeaders(startBatchJob(ctx, entity, input, ctx.bases.business), {}, 202);
}

/** Batch operations (spec document 3, "Batch operations"): one route per entity of the batch table, and the jobs. */
export const batchRoutes: Route[] = [
  route(batch.batchCustomers, (ctx) => batchAnswer(ctx, 'customers', ctx.body)),
  route(batch.batchSuppliers, (ctx) => batchAnswer(ctx, 'suppliers', ctx.body)),
  route(batch.batchInvoices, (ctx) => batchAnswer(ctx, 'invoices', ctx.body)),
  route(batch.batchBills, (ctx) => batchAnswer(ctx, 'bills', ctx.body)),
  route(batch.batchItems, (ctx) => batchAnswer(ctx, 'items', ctx.body)),
  route(batch.batchJournalEntries, (ctx) => batchAnswer(ctx, 'journalEntries', ctx.body)),
  route(batch.batchStockAdjustments, (ctx) => batchAnswer(ctx, 'stockAdjustments', ctx.body)),
  route(batch.batchPayments, (ctx) => batchAnswer(ctx, 'payments', ctx.body)),
  route(batch.batchAccounts, (ctx) => batchAnswer(ctx, 'accounts', ctx.body)),
  listRoute(batch.batchJobsList, {
    rows: (ctx) => batchesTable(ctx),
    where: (ctx) => (row) =>
      row.mode === 'async' &&
      (!ctx.query.status || row.status === ctx.query.status) &&
      (!ctx.query.entity || row.entity === ctx.query.entity),
    present: (ctx, row) => presentBatchJob(ctx, row, ctx.bases.business),
  }),
  route(batch.batchJobsRetrieve, (ctx) => presentBatchJob(ctx, retrieveBatchJob(ctx, ctx.params.jobId), ctx.bases.business)),
  route(batch.batchJobsResults, (ctx) => {
    if (ctx.query.format === 'csv') return new FileResponse(batchJobResultsFile(ctx, ctx.params.jobId));
    return batchJobResults(ctx, ctx.params.jobId);
  }),
  route(batch.batchMetrics, (ctx) => batchMetrics(ctx)),
  // The CSV import is a batch of creates: the same answer, sync or 202.
  route(batch.batchCustomersImportCsv, (ctx) => batchAnswer(ctx, 'customers', csvImportBatch('customers', ctx.body))),
  route(batch.batchTemplatesCustomersCsv, () => new FileResponse(csvTemplate('customers'))),
  route(batch.batchTemplatesItemsCsv, () => new FileResponse(csvTemplate('items'))),
  route(batch.batchTemplatesSuppliersCsv, () => new FileResponse(csvTemplate('suppliers'))),
  route(batch.batchTemplatesAccountsCsv, () => new FileResponse(csvTemplate('accounts'))),
  route(batch.batchTemplatesExcel, (ctx) => new FileResponse(excelTemplate(ctx.params.entity))),
];
