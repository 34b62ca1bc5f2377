import type { ApiPromise } from '../../core/api-promise.js';
import { pollUntil, type PollOptions } from '../../core/poll.js';
import type { ReportFile } from '../../core/report-file.js';
import type { RequestOptions } from '../../core/request-options.js';

import {
  type AccountCreateParams,
  type AccountUpdateParams,
  batchAccounts,
  batchBills,
  batchCustomers,
  batchInvoices,
  batchItems,
  type BatchJob,
  batchJobsResults,
  batchJournalEntries,
  batchPayments,
  batchStockAdjustments,
  batchSuppliers,
  type BillCreateParams,
  type BillUpdateParams,
  type BulkPaymentCreate,
  type CustomerCreateParams,
  type CustomerUpdateParams,
  type InvoiceCreateParams,
  type InvoiceUpdateParams,
  type ItemCreateParams,
  type ItemUpdateParams,
  type JournalEntryCreateParams,
  type StockAdjustmentCreateParams,
  type SupplierCreateParams,
  type SupplierUpdateParams,
} from '../../generated/index.js';
import { BatchTemplates, csvImportMethod } from './batch-import.js';
import { BatchEntity, type BatchOperation } from './batch-run.js';
import { BatchJobsMethods, BatchMethods } from '../../generated/resources/batch.js';

const FINISHED = new Set(['completed', 'completed_with_errors', 'failed', 'rolled_back', 'validated']);

/** An asynchronous batch's status and progress (`acs.batch.jobs`). */
export class BatchJobs extends BatchJobsMethods {
  /**
   * The same results as a CSV file (`rowNumber`, `referenceId`, `operation`, `success`, `recordId`, `errorCode`, ...).
   *
   * @example
   * const csv = await (await acs.batch.jobs.downloadResults(jobId)).text();
   */
  downloadResults(jobId: string, options?: RequestOptions): ApiPromise<ReportFile> {
    return this.downloadFrom(batchJobsResults, { params: { jobId }, query: { format: 'csv' } }, options);
  }
}

/**
 * Batch operations (spec document 3, "Batch operations"): up to an entity's limit of records per call,
 * each through the single-record rules, with per-record results; large batches run as jobs.
 *
 * @example
 * const result = await acs.batch.customers.run([{ operation: 'create', referenceId: 'row-1', data: { name: 'Kedai Ali', email: 'ali@kedai.my' } }], { continueOnError: true });
 */
export class Batch extends BatchMethods {
  /** Up to 500 customers: create, update, delete. */
  customers = new BatchEntity<BatchOperation<CustomerCreateParams, CustomerUpdateParams, true>>(this.core, batchCustomers);
  /** Up to 500 suppliers: create, update, delete. */
  suppliers = new BatchEntity<BatchOperation<SupplierCreateParams, SupplierUpdateParams, true>>(this.core, batchSuppliers);
  /** Up to 100 invoices (drafts): create, update. */
  invoices = new BatchEntity<BatchOperation<InvoiceCreateParams, InvoiceUpdateParams>>(this.core, batchInvoices);
  /** Up to 100 bills: create, update. */
  bills = new BatchEntity<BatchOperation<BillCreateParams, BillUpdateParams>>(this.core, batchBills);
  /** Up to 1000 items: create, update, delete. */
  items = new BatchEntity<BatchOperation<ItemCreateParams, ItemUpdateParams, true>>(this.core, batchItems);
  /** Up to 100 journal entries: create. */
  journalEntries = new BatchEntity<BatchOperation<JournalEntryCreateParams>>(this.core, batchJournalEntries);
  /** Up to 500 stock adjustments: create. */
  stockAdjustments = new BatchEntity<BatchOperation<StockAdjustmentCreateParams>>(this.core, batchStockAdjustments);
  /** Up to 200 invoice payments, each naming its `invoiceId`: create. */
  payments = new BatchEntity<BatchOperation<BulkPaymentCreate>>(this.core, batchPayments);
  /** Up to 200 accounts of the chart: create, update. */
  accounts = new BatchEntity<BatchOperation<AccountCreateParams, AccountUpdateParams>>(this.core, batchAccounts);

  jobs = this.resource(BatchJobs);

  /**
   * Imports customers from a CSV (`File`, `Blob` or text), each field from the column `mapping` names;
   * an error's `context.rowNumber` is the line of the file. With `{ async: true }`, up to 50,000 rows.
   *
   * @example
   * const job = await acs.batch.importCustomersCsv(csv, { mapping: { name: 'Name', email: 'Email' }, options: { async: true, continueOnError: true } });
   */
  importCustomersCsv = csvImportMethod((route) => this.method(route));

  templates = this.resource(BatchTemplates);

  /**
   * Polls a job until it is done and resolves with it; `onProgress` sees it advance.
   *
   * @example
   * const job = await acs.batch.waitForJob(jobId, { onProgress: (j) => console.log(`${j.progress.percentComplete}%`) });
   */
  waitForJob(jobId: string, options: PollOptions<BatchJob> = {}): Promise<BatchJob> {
    return pollUntil(
      {
        read: (signal) => this.jobs.retrieve(jobId, { signal }),
        done: (job) => FINISHED.has(job.status),
        state: (job) => `${job.status}:${job.progress.processedRecords + job.progress.skippedRecords}`,
        what: `batch job ${jobId}`,
        defaultIntervalMs: 500,
      },
      options,
    );
  }
}
