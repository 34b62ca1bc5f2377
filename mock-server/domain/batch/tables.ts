import type { BatchEntity, BatchOptions, BatchStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { defineBatchJobTables } from './job-tables.js';

/** Counts of a batch as it runs and when it is done (spec document 3, "Batch operations"). */
export interface BatchCounts {
  totalRecords: number;
  processedRecords: number;
  successfulRecords: number;
  failedRecords: number;
  skippedRecords: number;
  created: number;
  updated: number;
  deleted: number;
}

/** A batch the company ran, synchronous or a job: what the job endpoints and the metrics read. */
export interface BatchRow extends BatchCounts {
  id: string;
  entity: BatchEntity;
  mode: 'sync' | 'async';
  status: BatchStatus;
  options: BatchOptions;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** Seconds of work. */
  executionTime: number | null;
}

export const BATCHES = 'batches';

export function defineBatchTables(store: Store): void {
  store.defineTable(BATCHES, { prefix: 'batch', indexes: ['status', 'mode'] });
  defineBatchJobTables(store);
}

export const batchesTable = (ctx: CompanyContext): Table<BatchRow> => ctx.store.table<BatchRow>(ctx.companyId, BATCHES);

export const noCounts = (totalRecords: number): BatchCounts => ({
  totalRecords,
  processedRecords: 0,
  successfulRecords: 0,
  failedRecords: 0,
  skippedRecords: 0,
  created: 0,
  updated: 0,
  deleted: 0,
});
