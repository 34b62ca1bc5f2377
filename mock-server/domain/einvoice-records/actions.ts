import { TO_IRB_RESUBMITTED, type ToIrbContainer } from '../../../src/contract/index.js';
import { ServiceError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { identityOf, invalidInvoiceData } from '../einvoice/index.js';
import { missingMandatoryFields, salesSource, type RoutedSource } from './documents.js';
import { partyFields } from './header.js';
import { checkGuid, noToIrbRecord, presentToIrb, runPipeline } from './query.js';
import { submitIndividually } from './routing.js';
import { isHeldPurchase, isSelfBilled, SELF_BILLED_TYPE_OF, selfBilledSource } from './self-billed.js';
import { queueSubmission } from './submission.js';
import {
  POOL_TABLES,
  poolTable,
  postingQueue,
  submissionQueue,
  toIrbHdrs,
  type PoolName,
  type ServerDocType,
  type PostingQueueRow,
  type ToIrbHdrRow,
} from './tables.js';

/** A posting queue entry by its generic document header guid, or by the document's business API id (see decision EREC-3). */
function entryOf(ctx: CompanyContext, ref: string): PostingQueueRow | undefined {
  return postingQueue(ctx).get(ref.toLowerCase()) ?? postingQueue(ctx).byIndex('docId', ref)[0];
}

const missingDetails = (side: string, missing: string[]) =>
  missing.map((field) => ({ field: `einvoice_${side}_entity_hdr_json.${field}`, message: `the ${side}'s ${field} is missing` }));

/**
 * doc-self-billed (spec document 3): purchase invoices become INTERNAL_PURCHASE_SELF_BILLED_INVOICE (type
 * 11), and a supplier credit or debit note on a bill whose type 11 is Valid its self-billed credit or debit
 * note (12, 13; decision EINV-32); each goes to pending submission. Every guid is checked before anything
 * is written.
 */
export function convertToSelfBilled(ctx: CompanyContext, refs: readonly string[]): ToIrbContainer[] {
  runPipeline(ctx);
  const plans = refs.map((ref, at) => {
    const field = `gendocHdrGuids[${at}]`;
    const entry = entryOf(ctx, ref);
    if (!entry) throw noToIrbRecord(ref, field);
    if (isSelfBilled(entry.serverDocType)) {
      throw new ServiceError('DOCUMENT_ALREADY_SELF_BILLED', `${entry.docNumber} is already a self-billed document`, [
        { field, docNumber: entry.docNumber },
      ]);
    }
    if (!isHeldPurchase(entry.serverDocType)) {
      throw new ServiceError(
        'NOT_A_PURCHASE_DOCUMENT',
        `${entry.docNumber} is ${entry.serverDocType}; only purchase invoices and supplier credit and debit notes become self-billed`,
        [{ field, serverDocType: entry.serverDocType }],
      );
    }
    const routed = selfBilledSource(ctx, entry.docId, field);
    // The supplier entity JSON (its e-invoice identity) must be filled first (spec document 3, "doc-self-billed").
    const missing = identityOf(ctx, routed.counterparty.id) ? missingMandatoryFields(routed.counterparty) : ['supplier entity'];
    if (missing.length > 0) {
      throw new ServiceError(
        'SUPPLIER_ENTITY_NOT_FILLED',
        `Fill the supplier entity of ${entry.docNumber} first: ${missing.join(', ')} missing`,
        missingDetails('supplier', missing),
      );
    }
    return { entry, routed, serverDocType: SELF_BILLED_TYPE_OF[entry.serverDocType] };
  });
  if (new Set(plans.map((p) => p.entry.id)).size !== plans.length) {
    throw new ServiceError('DUPLICATE_VALUE', 'gendocHdrGuids names a document twice', [
      { field: 'gendocHdrGuids', code: 'DUPLICATE_VALUE' },
    ]);
  }
  return plans.map(({ entry, routed, serverDocType }) => {
    postingQueue(ctx).update(entry.id, { serverDocType, status: 'ROUTED', route: 'PENDING_SUBMISSION', updatedAt: ctx.store.clock.iso() });
    return presentToIrb(submitIndividually(ctx, routed, serverDocType, entry.id));
  });
}

/** The document behind an individual header, read again (its buyer or supplier may have been fixed). */
function reread(ctx: CompanyContext, header: ToIrbHdrRow): RoutedSource | null {
  if (header.hdr_generic_doc_hdr_server_doc_type === 'CONSOLIDATED') return null;
  const docId = header.docIds[0]!;
  if (isSelfBilled(header.hdr_generic_doc_hdr_server_doc_type as ServerDocType)) return selfBilledSource(ctx, docId, 'toIrbHdrGuid');
  return salesSource(ctx, docId);
}

function resubmitHeader(ctx: CompanyContext, header: ToIrbHdrRow): void {
  if (header.hdr_submission_status === 'Valid' || header.hdr_submission_status === 'Submitted') {
    throw new ServiceError(
      'TO_IRB_NOT_RESUBMITTABLE',
      `The record is ${header.hdr_submission_status}; only a Pending or Invalid record is resubmitted`,
      [{ field: 'toIrbHdrGuid', status: header.hdr_submission_status }],
    );
  }
  const routed = reread(ctx, header);
  const selfBilled = isSelfBilled(header.hdr_generic_doc_hdr_server_doc_type as ServerDocType);
  const patch: Partial<ToIrbHdrRow> = {};
  if (routed) {
    // The supplier entity JSON (its e-invoice identity) must be filled first (spec document 3, "doc-self-billed").
    const missing = identityOf(ctx, routed.counterparty.id) ? missingMandatoryFields(routed.counterparty) : ['supplier entity'];
    if (missing.length > 0) throw invalidInvoiceData(missingDetails(selfBilled ? 'supplier' : 'buyer', missing));
    Object.assign(patch, selfBilled ? partyFields('supplier', routed.counterparty) : partyFields('buyer', routed.counterparty));
  }
  const now = ctx.store.clock.iso();
  toIrbHdrs(ctx).update(header.id, {
    ...patch,
    hdr_submission_status: 'Pending',
    validation_response: null,
    hdr_validation_datetime: null,
    updated_date: now,
  });
  // A Pending record already waiting in the queue is not queued twice.
  const waiting = submissionQueue(ctx)
    .byIndex('toIrbHdrGuid', header.guid)
    .some((entry) => entry.status !== 'DONE');
  if (!waiting) queueSubmission(ctx, toIrbHdrs(ctx).get(header.id)!);
}

function poolDocOf(ctx: CompanyContext, guid: string): { pool: PoolName; id: string } | undefined {
  for (const pool of Object.keys(POOL_TABLES) as PoolName[]) {
    if (poolTable(ctx, pool).get(guid)) return { pool, id: guid };
  }
  return undefined;
}

/** A pool document with its fields now complete becomes an individual e-invoice; with fields missing it stays. */
function resubmitPoolDoc(ctx: CompanyContext, pool: PoolName, id: string): void {
  const doc = poolTable(ctx, pool).get(id)!;
  if (doc.status !== 'UNPROCESSED') {
    throw new ServiceError('POOL_DOC_ALREADY_PROCESSED', 'The pool document was already submitted or consolidated', [
      { field: 'toIrbHdrGuid', toIrbHdrGuid: doc.toIrbHdrGuid },
    ]);
  }
  const routed = salesSource(ctx, doc.docId);
  const missing = missingMandatoryFields(routed.counterparty);
  if (missing.length > 0) throw invalidInvoiceData(missingDetails('buyer', missing));
  const header = submitIndividually(ctx, routed, doc.serverDocType, doc.id);
  poolTable(ctx, pool).update(id, { status: 'PROCESSED', toIrbHdrGuid: header.guid, missing: [], updatedAt: ctx.store.clock.iso() });
}

/**
 * save-and-resubmit (spec document 3): `toIrbHdrGuid` names a Pending or Invalid to_irb header, or a
 * pool document (its generic document header guid: the back office's Save and Resubmit on a pool row).
 * The fields are checked again; complete, the record is queued (a new attempt in the history).
 */
export function saveAndResubmit(ctx: CompanyContext, guid: string): typeof TO_IRB_RESUBMITTED {
  checkGuid(guid, 'toIrbHdrGuid');
  runPipeline(ctx);
  const key = guid.toLowerCase();
  const header = toIrbHdrs(ctx).get(key);
  if (header) resubmitHeader(ctx, header);
  else {
    const pooled = poolDocOf(ctx, key);
    if (!pooled) throw noToIrbRecord(guid, 'toIrbHdrGuid');
    resubmitPoolDoc(ctx, pooled.pool, pooled.id);
  }
  return TO_IRB_RESUBMITTED;
}
