import type { BatchRecordResult, BatchResult } from '../../../src/contract/index.js';
import { ServiceError } from '../../kernel/errors.js';
import type { ServedFile } from '../../kernel/raw.js';
import type { CompanyContext } from '../../store/context.js';
import { formulaSafe, spreadsheetCsv } from '../shared/csv-file.js';
import { jobChunksTable, jobInputsTable } from './job-tables.js';
import { retrieveBatchJob } from './jobs.js';
import { presentBatchResult } from './run-batch.js';
import type { BatchRow } from './tables.js';

/**
 * A finished job's answer (spec document 3: `GET /v1/batch/jobs/{jobId}/results`), the shape of a
 * synchronous batch's; before it is done 409 BATCH_JOB_NOT_FINISHED (its progress is `GET /v1/batch/jobs/{jobId}`).
 */
export const batchJobResults = (ctx: CompanyContext, jobId: string): BatchResult => finishedJob(ctx, jobId).result;

function finishedJob(ctx: CompanyContext, jobId: string): { job: BatchRow; result: BatchResult } {
  const job = retrieveBatchJob(ctx, jobId);
  if (job.completedAt === null) {
    throw new ServiceError('BATCH_JOB_NOT_FINISHED', `Batch job ${job.id} is ${job.status}: its results are ready once it has finished`, [
      { field: 'jobId', jobId: job.id, status: job.status, processedRecords: job.processedRecords, totalRecords: job.totalRecords },
    ]);
  }
  const chunks = jobChunksTable(ctx)
    .byIndex('jobId', job.id)
    .sort((a, b) => a.offset - b.offset);
  return {
    job,
    result: presentBatchResult(
      job,
      chunks.flatMap((chunk) => chunk.results),
    ),
  };
}

const CSV_COLUMNS = [
  'rowNumber',
  'referenceId',
  'operation',
  'success',
  'skipped',
  'rolledBack',
  'recordId',
  'errorCode',
  'errorField',
  'errorMessage',
];

/** The results as a CSV file, one line per record in order; `rowNumber` is the record's line in a CSV import, else its position. */
export function batchJobResultsFile(ctx: CompanyContext, jobId: string): ServedFile {
  const { job, result } = finishedJob(ctx, jobId);
  const rowNumbers = jobInputsTable(ctx).get(job.id)?.rowNumbers ?? null;
  return {
    filename: `batch-${job.entity}-${job.id}-results.csv`,
    contentType: 'text/csv; charset=utf-8',
    render: () => {
      const lines = result.results.map((r, index) => csvLine(r, rowNumbers?.[index] ?? index + 1));
      return spreadsheetCsv([CSV_COLUMNS, ...lines]);
    },
  };
}

function csvLine(r: BatchRecordResult, rowNumber: number): string[] {
  const id = (r.data as { id?: unknown } | undefined)?.id;
  return [
    String(r.error?.context.rowNumber ?? rowNumber),
    formulaSafe(r.referenceId ?? ''),
    r.operation,
    String(r.success),
    String(r.skipped ?? false),
    String(r.rolledBack ?? false),
    typeof id === 'string' ? id : '',
    r.error?.code ?? '',
    formulaSafe(r.error?.field ?? ''),
    formulaSafe(r.error?.message ?? ''),
  ];
}
