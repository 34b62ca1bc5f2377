import { z } from 'zod';

// Spec document 3, "Batch operations": the request, the per-record results and the asynchronous job.

/** Records per call, by entity (spec document 3, "Batch operations"). */
export const BATCH_LIMITS = {
  customers: 500,
  suppliers: 500,
  invoices: 100,
  bills: 100,
  items: 1000,
  journalEntries: 100,
  stockAdjustments: 500,
  payments: 200,
  accounts: 200,
} as const;
export type BatchEntity = keyof typeof BATCH_LIMITS;

export const BATCH_OPERATIONS = ['create', 'update', 'delete'] as const;
export const BatchOperationKind = z.enum(BATCH_OPERATIONS);
export type BatchOperationKind = z.infer<typeof BatchOperationKind>;

/** How a batch runs; every option defaults to false. */
export const BatchOptions = z.object({
  /** Go on after a failed record; without it the first failure stops the batch and the rest are skipped. */
  continueOnError: z.boolean().optional(),
  /** Run every rule and report per record; nothing is stored. */
  validateOnly: z.boolean().optional(),
  /** Answer 202 with a job at once; the records are processed in the background. */
  async: z.boolean().optional(),
  /** All or nothing: one failed record undoes the batch. */
  rollbackOnError: z.boolean().optional(),
});
export type BatchOptions = z.infer<typeof BatchOptions>;

/** One record of a batch as the service reads it: the record's fields, checked one by one by the entity's own rules. */
export const BatchOperationInput = z.object({
  /** `create`, `update` or `delete` (the last two need `data.id`); one the entity lacks fails: OPERATION_NOT_ALLOWED. */
  operation: BatchOperationKind,
  /** Yours, unique in the batch; given back on the record's result. */
  referenceId: z.string().min(1).max(100).optional(),
  /** The record's fields; `id` names the record to update or delete. */
  data: z.record(z.string(), z.unknown()),
});
export type BatchOperationInput = z.infer<typeof BatchOperationInput>;

/**
 * A batch request of at most `limit` records. Its records are typed loosely here (each is checked by
 * its entity's own rules, so a bad one fails alone); the SDK types them per entity (`BatchOperation`).
 */
export const batchRequest = (limit: number) =>
  z.object({ operations: z.array(BatchOperationInput).min(1).max(limit), options: BatchOptions.optional() });

/** The error categories of the spec. */
export const BatchErrorCategory = z.enum(['validation', 'duplicate', 'reference', 'permission', 'system']);
export type BatchErrorCategory = z.infer<typeof BatchErrorCategory>;

/** Why one record failed: the spec's error with its category, the rules it broke and where it came from. */
export const BatchRecordError = z.object({
  code: z.string(),
  message: z.string(),
  category: BatchErrorCategory,
  /** The first field at fault. */
  field: z.string().optional(),
  details: z.array(z.object({ field: z.string(), message: z.string(), code: z.string() })),
  /** `rowNumber`: 1-based position in `operations`, or the line of the CSV file. */
  context: z.object({ rowNumber: z.number().int(), originalData: z.record(z.string(), z.unknown()) }),
});
export type BatchRecordError = z.infer<typeof BatchRecordError>;

export const BatchRecordResult = z.object({
  referenceId: z.string().optional(),
  operation: BatchOperationKind,
  success: z.boolean(),
  /** The stored record (not with `validateOnly`). */
  data: z.unknown().optional(),
  error: BatchRecordError.optional(),
  /** Not run: an earlier record failed and `continueOnError` was off. */
  skipped: z.boolean().optional(),
  /** Passed or failed, then undone with the batch (`rollbackOnError`). */
  rolledBack: z.boolean().optional(),
});
export type BatchRecordResult = z.infer<typeof BatchRecordResult>;

export const BATCH_STATUSES = ['queued', 'processing', 'completed', 'completed_with_errors', 'failed', 'rolled_back', 'validated'] as const;
export const BatchStatus = z.enum(BATCH_STATUSES);
export type BatchStatus = z.infer<typeof BatchStatus>;

export const BatchSummary = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
});

/** `data` of a finished batch (spec document 3, "Batch operations"). */
export const BatchResult = z.object({
  batchId: z.string(),
  status: BatchStatus,
  totalRecords: z.number().int(),
  processedRecords: z.number().int(),
  successfulRecords: z.number().int(),
  failedRecords: z.number().int(),
  skippedRecords: z.number().int(),
  results: z.array(BatchRecordResult),
  summary: BatchSummary,
  /** Seconds. */
  executionTime: z.number(),
  startedAt: z.string(),
  completedAt: z.string(),
});
export type BatchResult = z.infer<typeof BatchResult>;

/** `data` of `options.async` (202): the job to follow. */
export const BatchJobAccepted = z.object({
  jobId: z.string(),
  status: BatchStatus,
  totalRecords: z.number().int(),
  estimatedCompletion: z.string(),
  progressUrl: z.string(),
  downloadUrl: z.string(),
});
export type BatchJobAccepted = z.infer<typeof BatchJobAccepted>;

/** A batch's answer: the result, or (with `options.async`) the job. */
export const BatchAnswer = z.union([BatchResult, BatchJobAccepted]);
export type BatchAnswer = z.infer<typeof BatchAnswer>;

/** An asynchronous batch (`GET /v1/batch/jobs/{jobId}`): its progress as it runs, and where its results are. */
export const BatchJob = z.object({
  jobId: z.string(),
  entity: z.string(),
  status: BatchStatus,
  progress: z.object({
    totalRecords: z.number().int(),
    processedRecords: z.number().int(),
    successfulRecords: z.number().int(),
    failedRecords: z.number().int(),
    skippedRecords: z.number().int(),
    percentComplete: z.number(),
  }),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  estimatedCompletion: z.string(),
  completedAt: z.string().nullable(),
  results: z.object({ available: z.boolean(), downloadUrl: z.string() }),
});
export type BatchJob = z.infer<typeof BatchJob>;
