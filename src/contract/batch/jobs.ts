import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { BatchResult } from './records.js';

// Spec document 3, "Batch operations": a job's detailed results, and the company's batch metrics and rate limits.

const jobId = z.object({ jobId: z.string() });

/** `format`: `json` (default: the batch's answer with every record's result) or `csv` (a file: `.download()`). */
export const BatchJobResultsParams = z.object({ format: z.enum(['json', 'csv']).optional() });
export type BatchJobResultsParams = z.input<typeof BatchJobResultsParams>;

export const batchJobsResults = endpoint({
  id: 'batch.jobs.results',
  method: 'GET',
  path: '/batch/jobs/{jobId}/results',
  tags: ['batch'],
  summary: "A finished job's per-record results: JSON, or CSV by `format`",
  description:
    "A finished job's per-record results, in the shape of a synchronous batch's answer; before the job " +
    'has finished, 409 `BATCH_JOB_NOT_FINISHED`.',
  example: 'const { results } = await acs.batch.jobs.results(jobId);',
  exampleCall: { params: { jobId: { first: 'batch.jobs.list', query: { status: 'validated' }, field: 'jobId' } } },
  params: jobId,
  query: BatchJobResultsParams,
  files: ['csv'],
  // The shape of a synchronous batch's answer (spec: "detailed results in JSON").
  response: BatchResult,
});

/** `data` of `GET /v1/batch/metrics` (spec document 3): this month's batches, jobs now, and the batch rate limit. */
export const BatchMetrics = z.object({
  currentMonth: z.object({
    totalBatches: z.number().int(),
    totalRecords: z.number().int(),
    /** Seconds per finished batch. */
    averageProcessingTime: z.number(),
    /** Percent of processed records that succeeded; null before any. */
    successRate: z.number().nullable(),
  }),
  activeBatches: z.number().int(),
  queuedBatches: z.number().int(),
  /** Batches left this minute (10 a minute; 5 of them over 100 records) and when the oldest counted leaves the window. */
  rateLimits: z.object({ remaining: z.number().int(), resetTime: z.string() }),
});
export type BatchMetrics = z.infer<typeof BatchMetrics>;

export const batchMetrics = endpoint({
  id: 'batch.metrics',
  method: 'GET',
  path: '/batch/metrics',
  tags: ['batch'],
  summary: "This month's batches, the running and queued jobs and the batch rate limit left",
  description:
    "This month's batches, the jobs running and queued, and the batch rate limit left " + '(`rateLimits.remaining`, `resetTime`).',
  exampleCall: {},
  response: BatchMetrics,
});
