import type { CompanyContext } from '../../store/context.js';
import { ServiceError } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import { finalizedDocuments, missingMandatoryFields, salesSource, type RoutedSource } from './documents.js';
import { insertHeader } from './header.js';
import { isHeldPurchase } from './self-billed.js';
import { queueSubmission } from './submission.js';
import {
  poolTable,
  postingQueue,
  type PoolName,
  type PostingQueueRow,
  type Route,
  type ServerDocType,
  type ToIrbHdrRow,
} from './tables.js';

/** Transactions of MYR 10,000 or more go to the individual pool whatever their type (spec document 3, "Limits"). */
export const SPLIT_THRESHOLD_MYR = 10_000;

/** The route of document 3's pipeline table, first matching row wins. */
export function routeOf(routed: RoutedSource): Route {
  const complete = missingMandatoryFields(routed.counterparty).length === 0;
  const type = routed.submissionType;
  const large = money.compare(routed.amountMyr, SPLIT_THRESHOLD_MYR) >= 0;
  // Forced to an individual e-invoice regardless of type; submitted at once when the buyer is complete.
  if (large && (type === 'CONSOLIDATED' || type === 'SINGLE-GENERAL')) return complete ? 'PENDING_SUBMISSION' : 'INDIVIDUAL_POOL';
  if (type === 'SINGLE-GENERAL') return 'SINGLE_GENERAL_POOL';
  if (type === 'CONSOLIDATED') return 'BATCH_POOL';
  if (complete) return 'PENDING_SUBMISSION';
  if (type === 'INDIVIDUAL' || large) return 'INDIVIDUAL_POOL';
  return 'BATCH_POOL';
}

const POOL_OF: Record<Exclude<Route, 'PENDING_SUBMISSION'>, PoolName> = {
  BATCH_POOL: 'BATCH',
  INDIVIDUAL_POOL: 'INDIVIDUAL',
  SINGLE_GENERAL_POOL: 'SINGLE_GENERAL',
};

/** Pending submission: a to_irb header (Pending) and its entry in the submission queue. */
export function submitIndividually(
  ctx: CompanyContext,
  routed: RoutedSource,
  serverDocType: ServerDocType,
  genericDocGuid: string,
  at?: string,
): ToIrbHdrRow {
  const header = insertHeader(ctx, {
    at,
    routed,
    serverDocType,
    genericDocGuids: [genericDocGuid],
    docIds: [routed.source.id],
    submissionType: 'INDIVIDUAL',
  });
  queueSubmission(ctx, header, at === undefined ? undefined : Date.parse(at));
  return header;
}

/** Routes one posting queue entry: to pending submission or into a pool. */
export function routeEntry(ctx: CompanyContext, entry: PostingQueueRow, routed: RoutedSource): Route {
  const route = routeOf(routed);
  const now = entry.createdAt;
  if (route === 'PENDING_SUBMISSION') submitIndividually(ctx, routed, entry.serverDocType, entry.id, now);
  else {
    const missing = missingMandatoryFields(routed.counterparty);
    poolTable(ctx, POOL_OF[route]).insert({
      id: entry.id,
      docId: entry.docId,
      serverDocType: entry.serverDocType,
      status: 'UNPROCESSED',
      toIrbHdrGuid: null,
      missing,
      createdAt: now,
      updatedAt: now,
    });
  }
  postingQueue(ctx).update(entry.id, { status: 'ROUTED', route, updatedAt: now });
  return route;
}

/**
 * The posting queue processor and the to-irb processor (spec document 3, GENERIC_DOCUMENT_E_INVOICE_
 * POSTING_QUEUE_PROCESSOR, E_INVOICE_GENERIC_DOCUMENT_TO_IRB_PROCESSOR), run at the start of every
 * records request: each finalized document not yet queued enters the queue (its guid is the generic
 * document header guid) and sales documents are routed at once; a supplier's purchase invoice or note is
 * HELD until converted to self-billed. Deterministic: documents in table order, ids from the store.
 */
export function postNewDocuments(ctx: CompanyContext): void {
  const queue = postingQueue(ctx);
  for (const doc of finalizedDocuments(ctx)) {
    const now = doc.finalizedAt;
    if (queue.byIndex('docId', doc.docId).length > 0) continue;
    const held = isHeldPurchase(doc.serverDocType);
    const entry = queue.insert({
      id: ctx.store.ids.uuid(),
      docId: doc.docId,
      serverDocType: doc.serverDocType,
      docNumber: doc.number,
      status: held ? 'HELD' : 'QUEUED',
      route: null,
      error: null,
      createdAt: now,
      updatedAt: now,
    });
    if (held) continue;
    try {
      routeEntry(ctx, entry, salesSource(ctx, doc.docId));
    } catch (error) {
      // A document that cannot make an e-invoice (a tax code gone) stays queued with the reason.
      if (!(error instanceof ServiceError)) throw error;
      queue.update(entry.id, { status: 'ERROR', error: error.message, updatedAt: now });
    }
  }
}
