import type { ToIrbHeader, ToIrbLine } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';

// The supporting records of the submission pipeline, by the spec's table names (spec document 3,
// "Internal e-invoice record (to_irb header)"): posting queue, three pools, submission queue and
// history, consolidated submission queue, and the to_irb headers themselves.

export const TO_IRB_HDRS = 'einvoiceToIrbHdrs';
export const POSTING_QUEUE = 'einvoicePostingQueue';
export const SUBMISSION_QUEUE = 'einvoiceToIrbSubmissionQueue';
export const SUBMISSION_HISTORY = 'einvoiceToIrbSubmissionHistory';
export const CONSOLIDATED_QUEUE = 'einvoiceConsolidatedSubmissionQueue';
export const POOL_TABLES = {
  BATCH: 'einvoiceBatchPoolDocHdrs',
  INDIVIDUAL: 'einvoiceIndividualPoolDocHdrs',
  SINGLE_GENERAL: 'einvoiceSingleGeneralPoolDocHdrs',
} as const;
export type PoolName = keyof typeof POOL_TABLES;

/** The internal document types of the pipeline (spec document 3, "Internal e-invoice submission pipeline"). */
export type ServerDocType =
  | 'INTERNAL_SALES_INVOICE'
  | 'INTERNAL_SALES_CREDIT_NOTE'
  | 'INTERNAL_SALES_DEBIT_NOTE'
  | 'INTERNAL_SALES_REFUND_NOTE'
  | 'INTERNAL_PURCHASE_INVOICE'
  | 'INTERNAL_PURCHASE_SELF_BILLED_INVOICE'
  | 'INTERNAL_PURCHASE_CREDIT_NOTE'
  | 'INTERNAL_PURCHASE_DEBIT_NOTE'
  | 'INTERNAL_PURCHASE_SELF_BILLED_CREDIT_NOTE'
  | 'INTERNAL_PURCHASE_SELF_BILLED_DEBIT_NOTE'
  | 'CONSOLIDATED';

/** A header as stored: the record, its lines, and the document(s) behind it (`docIds`, business API ids). */
export interface ToIrbHdrRow extends ToIrbHeader {
  id: string;
  lines: ToIrbLine[];
  docIds: string[];
}

/** Where a document went: `HELD` is a supplier's purchase invoice or note awaiting self-billed conversion. */
export type PostingStatus = 'QUEUED' | 'ROUTED' | 'HELD' | 'ERROR';
export type Route = 'PENDING_SUBMISSION' | 'BATCH_POOL' | 'INDIVIDUAL_POOL' | 'SINGLE_GENERAL_POOL';

/** A finalized document in the posting queue; its `id` is the generic document header guid (a UUID). */
export interface PostingQueueRow {
  id: string;
  docId: string;
  serverDocType: ServerDocType;
  docNumber: string;
  status: PostingStatus;
  route: Route | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A document waiting in a pool; its `id` is the generic document header guid. */
export interface PoolDocRow {
  id: string;
  docId: string;
  serverDocType: ServerDocType;
  /** `UNPROCESSED` until consolidated or submitted individually. */
  status: 'UNPROCESSED' | 'PROCESSED';
  toIrbHdrGuid: string | null;
  /** The mandatory fields missing when it was routed. */
  missing: string[];
  createdAt: string;
  updatedAt: string;
}

export interface SubmissionQueueRow {
  id: string;
  toIrbHdrGuid: string;
  attempt: number;
  status: 'QUEUED' | 'SUBMITTED' | 'DONE';
  queuedAtMs: number;
  submittedAtMs: number | null;
  request_response: Record<string, unknown> | null;
  request_error: string | null;
}

export interface SubmissionHistoryRow {
  id: string;
  toIrbHdrGuid: string;
  attempt: number;
  request: Record<string, unknown>;
  response: Record<string, unknown> | null;
  submittedAt: string;
}

export interface ConsolidatedQueueRow {
  id: string;
  toIrbHdrGuid: string;
  poolDocGuids: string[];
  createdAt: string;
}

export function defineEinvoiceRecordTables(store: Store): void {
  store.defineTable(TO_IRB_HDRS, { prefix: 'irb', indexes: ['hdr_submission_status'] });
  store.defineTable(POSTING_QUEUE, { prefix: 'epq', indexes: ['docId', 'status'], internal: true });
  for (const name of Object.values(POOL_TABLES)) store.defineTable(name, { prefix: 'epool', indexes: ['docId', 'status'], internal: true });
  store.defineTable(SUBMISSION_QUEUE, { prefix: 'esq', indexes: ['status', 'toIrbHdrGuid'], internal: true });
  store.defineTable(SUBMISSION_HISTORY, { prefix: 'esh', indexes: ['toIrbHdrGuid'], internal: true });
  store.defineTable(CONSOLIDATED_QUEUE, { prefix: 'ecq', indexes: ['toIrbHdrGuid'], internal: true });
}

const tableOf = <T extends { id: string }>(ctx: CompanyContext, name: string): Table<T> => ctx.store.table<T>(ctx.companyId, name);
export const toIrbHdrs = (ctx: CompanyContext) => tableOf<ToIrbHdrRow>(ctx, TO_IRB_HDRS);
export const postingQueue = (ctx: CompanyContext) => tableOf<PostingQueueRow>(ctx, POSTING_QUEUE);
export const poolTable = (ctx: CompanyContext, pool: PoolName) => tableOf<PoolDocRow>(ctx, POOL_TABLES[pool]);
export const submissionQueue = (ctx: CompanyContext) => tableOf<SubmissionQueueRow>(ctx, SUBMISSION_QUEUE);
export const submissionHistory = (ctx: CompanyContext) => tableOf<SubmissionHistoryRow>(ctx, SUBMISSION_HISTORY);
export const consolidatedQueue = (ctx: CompanyContext) => tableOf<ConsolidatedQueueRow>(ctx, CONSOLIDATED_QUEUE);
