import type { BatchEntity, BatchJob, BatchJobAccepted } from '../../../src/contract/index.js';
import { notFound, ServiceError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { GLOBAL, type Store } from '../../store/index.js';
import { batchEntity } from './registry.js';
import { jobChunksTable, jobInputsTable } from './job-tables.js';
import { checkReferenceIds, finalStatus, type BatchInput } from './run-batch.js';
import { runRecords } from './run-records.js';
import { batchesTable, noCounts, type BatchRow } from './tables.js';

/** Records a job runs per turn of the event loop: small enough that other requests are answered in between. */
export const JOB_CHUNK_RECORDS = 100;
/** Asynchronous jobs a company runs at once (spec document 3, "Limits"); later ones wait, queued. */
export const MAX_RUNNING_JOBS = 3;
/** The pace an estimate assumes before a job has run a chunk. */
const ASSUMED_RECORDS_PER_SECOND = 2000;

/**
 * Accepts a batch as a job (spec document 3: `options.async`): stored with its records and the caller's
 * writer, queued, and run in chunks by the service's worker after this request has answered.
 */
export function startBatchJob(ctx: CompanyContext, entity: BatchEntity, input: BatchInput, base: string): BatchJobAccepted {
  const options = input.options ?? {};
  checkReferenceIds(input.operations);
  const definition = batchEntity(entity);
  if (options.rollbackOnError) {
    // A job's chunks commit as they run (the mock stays responsive): what they wrote cannot be undone as one.
    throw new ServiceError(
      'ROLLBACK_NOT_SUPPORTED',
      `rollbackOnError cannot undo an asynchronous ${definition.noun} batch; send it without async`,
      [{ field: 'options.rollbackOnError', message: 'only a synchronous batch is all or nothing', code: 'ROLLBACK_NOT_SUPPORTED' }],
    );
  }
  const now = ctx.clock.iso();
  const jobs = batchesTable(ctx);
  const job = jobs.insert({
    id: jobs.newId(),
    entity,
    mode: 'async',
    status: 'queued',
    options,
    ...noCounts(input.operations.length),
    createdAt: now,
    startedAt: null,
    completedAt: null,
    executionTime: null,
  });
  jobInputsTable(ctx).insert({
    id: job.id,
    operations: [...input.operations],
    options,
    rowNumbers: input.rowNumbers ? [...input.rowNumbers] : null,
    context: { ...ctx.store.context },
    cursor: 0,
    stopped: false,
  });
  armBatchWorker(ctx.store, ctx.companyId);
  return {
    jobId: job.id,
    status: job.status,
    totalRecords: job.totalRecords,
    estimatedCompletion: estimatedCompletion(ctx, job),
    progressUrl: `${base}/batch/jobs/${job.id}`,
    downloadUrl: `${base}/batch/jobs/${job.id}/results`,
  };
}

/** When a job should be done: its pace so far, or an assumed one before it has started. */
export function estimatedCompletion(ctx: CompanyContext, job: BatchRow): string {
  if (job.completedAt) return job.completedAt;
  const nowMs = ctx.clock.nowMs();
  const left = job.totalRecords - job.processedRecords - job.skippedRecords;
  const elapsedMs = job.startedAt ? nowMs - Date.parse(job.startedAt) : 0;
  const done = job.processedRecords + job.skippedRecords;
  const msPerRecord = done > 0 && elapsedMs > 0 ? elapsedMs / done : 1000 / ASSUMED_RECORDS_PER_SECOND;
  return new Date(nowMs + Math.ceil(left * msPerRecord)).toISOString();
}

// The worker: one timer per service, turning while any company has a job to run.
const workers = new WeakMap<Store, { timer: ReturnType<typeof setTimeout> | undefined; companies: Set<string> }>();

function armBatchWorker(store: Store, companyId: string): void {
  let worker = workers.get(store);
  if (!worker) workers.set(store, (worker = { timer: undefined, companies: new Set() }));
  worker.companies.add(companyId);
  if (worker.timer) return;
  worker.timer = setTimeout(() => turn(store), 0);
  // Pending work must not keep a Node process (a test run, a script) alive.
  (worker.timer as { unref?: () => void }).unref?.();
}

/**
 * Takes up every queued or running job again once the tables were loaded from a data folder or a snapshot (MOCK-43):
 * a chunk commits its records with the job's progress and cursor, so the next chunk starts where the last committed one ended.
 */
export function resumeBatchJobs(store: Store): void {
  if (!store.hasTable('companies')) return;
  for (const { id: companyId } of store.table<{ id: string }>(GLOBAL, 'companies').values()) {
    const jobs = batchesTable({ store, clock: store.clock, companyId });
    if (jobs.countByIndex('status', 'queued') + jobs.countByIndex('status', 'processing') > 0) armBatchWorker(store, companyId);
  }
}

/** One turn: a chunk of each running job of each company with jobs; then the next turn, while work is left. */
function turn(store: Store): void {
  const worker = workers.get(store)!;
  worker.timer = undefined;
  for (const companyId of [...worker.companies]) {
    const ctx: CompanyContext = { store, clock: store.clock, companyId };
    try {
      if (!runCompanyJobs(ctx)) worker.companies.delete(companyId);
    } catch (error) {
      // Off any request: a fault here must not end the process; the job's chunk was undone.
      worker.companies.delete(companyId);
      console.error('acs-mock: a batch job failed', error);
    }
  }
  if (worker.companies.size > 0) {
    worker.timer = setTimeout(() => turn(store), 0);
    (worker.timer as { unref?: () => void }).unref?.();
  }
}

/** Starts queued jobs up to the limit and runs a chunk of each running one; false when the company has none left. */
function runCompanyJobs(ctx: CompanyContext): boolean {
  const jobs = batchesTable(ctx);
  const running = jobs.byIndex('status', 'processing');
  const queued = jobs.byIndex('status', 'queued').sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const started = queued.slice(0, Math.max(0, MAX_RUNNING_JOBS - running.length));
  for (const job of started) ctx.store.transaction(() => jobs.update(job.id, { status: 'processing', startedAt: ctx.clock.iso() }));
  const active = [...running, ...started.map((job) => jobs.get(job.id)!)];
  for (const job of active) runChunk(ctx, job);
  return active.length > 0 || queued.length > started.length;
}

/** Runs the job's next chunk as its caller, in one transaction with the job's progress. */
function runChunk(ctx: CompanyContext, job: BatchRow): void {
  const inputs = jobInputsTable(ctx);
  const input = inputs.get(job.id);
  if (!input) return;
  const previous = ctx.store.context;
  ctx.store.context = input.context;
  const began = performance.now();
  try {
    ctx.store.transaction(() => {
      const operations = input.operations.slice(input.cursor, input.cursor + JOB_CHUNK_RECORDS);
      const counts = { ...job };
      const placement = { offset: input.cursor, rowNumbers: input.rowNumbers ?? undefined, stopped: input.stopped };
      const { results, stopped } = runRecords(ctx, batchEntity(job.entity), operations, input.options, placement, counts);
      const chunks = jobChunksTable(ctx);
      chunks.insert({ id: chunks.newId(), jobId: job.id, offset: input.cursor, results });
      const cursor = input.cursor + operations.length;
      const done = cursor >= input.operations.length;
      inputs.update(job.id, { cursor, stopped });
      const executionTime = Math.round(((job.executionTime ?? 0) + (performance.now() - began) / 1000) * 1000) / 1000;
      const { processedRecords, successfulRecords, failedRecords, skippedRecords, created, updated, deleted } = counts;
      batchesTable(ctx).update(job.id, {
        processedRecords,
        successfulRecords,
        failedRecords,
        skippedRecords,
        created,
        updated,
        deleted,
        executionTime,
        ...(done ? { status: finalStatus(counts, input.options, false), completedAt: ctx.clock.iso() } : {}),
      });
    });
  } finally {
    ctx.store.context = previous;
  }
}

/** A job as `GET /v1/batch/jobs/{jobId}` shows it. */
export function presentBatchJob(ctx: CompanyContext, job: BatchRow, base: string): BatchJob {
  const done = job.processedRecords + job.skippedRecords;
  return {
    jobId: job.id,
    entity: job.entity,
    status: job.status,
    progress: {
      totalRecords: job.totalRecords,
      processedRecords: job.processedRecords,
      successfulRecords: job.successfulRecords,
      failedRecords: job.failedRecords,
      skippedRecords: job.skippedRecords,
      percentComplete: job.totalRecords ? Math.floor((done / job.totalRecords) * 1000) / 10 : 100,
    },
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    estimatedCompletion: estimatedCompletion(ctx, job),
    completedAt: job.completedAt,
    results: { available: job.completedAt !== null, downloadUrl: `${base}/batch/jobs/${job.id}/results` },
  };
}

/** An asynchronous batch of the company by its id; a synchronous batch's id is no job. */
export function retrieveBatchJob(ctx: CompanyContext, jobId: string): BatchRow {
  const job = batchesTable(ctx).get(jobId);
  if (job?.mode !== 'async') throw notFound('batch job', jobId, 'BATCH_JOB_NOT_FOUND', 'jobId');
  return job;
}

/** Runs a job to its end now, in this transaction (the seed's history; no worker turn needed). */
export function runBatchJobNow(ctx: CompanyContext, jobId: string): BatchRow {
  const jobs = batchesTable(ctx);
  jobs.update(jobId, { status: 'processing', startedAt: ctx.clock.iso() });
  while (jobs.get(jobId)!.completedAt === null) runChunk(ctx, jobs.get(jobId)!);
  return jobs.get(jobId)!;
}
