import type { BatchOperationInput, BatchOptions, BatchRecordResult } from '../../../src/contract/index.js';
import type { WriteContext } from '../../kernel/context.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';

/** What an asynchronous job runs, by the job's id: its records, options and who asked (internal: never shown or audited). */
export interface BatchJobInputRow {
  id: string;
  operations: BatchOperationInput[];
  options: BatchOptions;
  rowNumbers: number[] | null;
  /** The request's writer (actor, credential without its secret): the job's writes are theirs. */
  context: WriteContext;
  /** The next record to run. */
  cursor: number;
  /** An earlier record failed without `continueOnError`: the rest are skipped. */
  stopped: boolean;
}

/** The results of one chunk of a job, in record order (a job's results are its chunks, one row each). */
export interface BatchJobChunkRow {
  id: string;
  jobId: string;
  /** Index of the chunk's first record. */
  offset: number;
  results: BatchRecordResult[];
}

export const BATCH_JOB_INPUTS = 'batchJobInputs';
export const BATCH_JOB_CHUNKS = 'batchJobChunks';

export function defineBatchJobTables(store: Store): void {
  store.defineTable(BATCH_JOB_INPUTS, { prefix: 'bji', internal: true });
  store.defineTable(BATCH_JOB_CHUNKS, { prefix: 'bjc', indexes: ['jobId'], internal: true });
}

export const jobInputsTable = (ctx: CompanyContext): Table<BatchJobInputRow> =>
  ctx.store.table<BatchJobInputRow>(ctx.companyId, BATCH_JOB_INPUTS);
export const jobChunksTable = (ctx: CompanyContext): Table<BatchJobChunkRow> =>
  ctx.store.table<BatchJobChunkRow>(ctx.companyId, BATCH_JOB_CHUNKS);
