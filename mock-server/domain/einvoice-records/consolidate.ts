import { CONSOLIDATED_BUYER_TIN, type ToIrbContainer } from '../../../src/contract/index.js';
import { ServiceError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import type { EinvoiceLine, EinvoiceParty, EinvoiceSource } from '../einvoice/index.js';
import * as money from '../shared/money.js';
import { salesSource, type RoutedSource } from './documents.js';
import { einvoiceTypeOf, insertHeader } from './header.js';
import { noToIrbRecord, presentToIrb, runPipeline } from './query.js';
import { queueSubmission } from './submission.js';
import { consolidatedQueue, poolTable, toIrbHdrs, type PoolDocRow } from './tables.js';

/** The buyer of a consolidated e-invoice: LHDN's general public TIN, no id (spec document 3). */
const generalBuyer = (): EinvoiceParty => ({
  id: 'general-public',
  name: 'General Public',
  legalName: 'General Public',
  tin: CONSOLIDATED_BUYER_TIN,
  registrationNumber: null,
  idType: null,
  idValue: 'NA',
  sstNumber: 'NA',
  msicCode: null,
  businessActivity: null,
  kind: 'individual',
  email: null,
  phone: null,
  address: null,
});

/** Each document is one line of the consolidated e-invoice (LHDN classification 004, "Consolidated e-Invoice"). */
function consolidatedSource(group: RoutedSource[]): EinvoiceSource {
  const first = group[0]!.source;
  const lines: EinvoiceLine[] = group.map(({ source }, at) => ({
    id: String(at + 1),
    itemCode: null,
    description: `${source.number} (${source.issueDate})`,
    quantity: 1,
    unitPrice: money.toNumber(money.subtract(source.total, source.totalTax)),
    discountAmount: 0,
    lineTotal: money.toNumber(money.subtract(source.total, source.totalTax)),
    taxAmount: source.totalTax,
    tax: source.lines[0]?.tax ?? { code: 'NT', name: 'Not taxable', rate: 0, peppolCategory: 'O', myinvoisTaxType: '06' },
  }));
  const sum = (pick: (s: EinvoiceSource) => number) => money.toNumber(money.sum(group.map((r) => pick(r.source))));
  const dates = group.map((r) => r.source.issueDate).sort();
  return {
    ...first,
    id: 'consolidated',
    number: `CONS-${dates[dates.length - 1]!.replace(/-/g, '')}`,
    issueDate: dates[dates.length - 1]!,
    billingReference: null,
    reference: null,
    buyer: generalBuyer(),
    lines,
    shippingCost: 0,
    subtotal: sum((s) => s.subtotal),
    totalDiscount: 0,
    totalTax: sum((s) => s.totalTax),
    total: sum((s) => s.total),
    prepaid: 0,
  };
}

/** The batch pool documents to consolidate: those named (each UNPROCESSED), or every UNPROCESSED one. */
function chosenDocs(ctx: CompanyContext, guids: readonly string[] | undefined): PoolDocRow[] {
  const pool = poolTable(ctx, 'BATCH');
  if (!guids) return pool.byIndex('status', 'UNPROCESSED');
  if (new Set(guids.map((g) => g.toLowerCase())).size !== guids.length) {
    throw new ServiceError('DUPLICATE_VALUE', 'batchPoolDocHdrGuids names a document twice', [
      { field: 'batchPoolDocHdrGuids', code: 'DUPLICATE_VALUE' },
    ]);
  }
  return guids.map((guid, at) => {
    const doc = pool.get(guid.toLowerCase());
    if (!doc) throw noToIrbRecord(guid, `batchPoolDocHdrGuids[${at}]`);
    if (doc.status !== 'UNPROCESSED') {
      throw new ServiceError('POOL_DOC_ALREADY_PROCESSED', `Batch pool document ${guid} was already consolidated or submitted`, [
        { field: `batchPoolDocHdrGuids[${at}]`, toIrbHdrGuid: doc.toIrbHdrGuid },
      ]);
    }
    return doc;
  });
}

/**
 * consolidate-batch-pools (spec document 3): UNPROCESSED batch pool documents become consolidated
 * e-invoices, one per currency and e-invoice type (an invoice and a credit note never share one), each
 * Pending with buyer TIN EI00000000010, queued for submission and tracked by the consolidated queue.
 */
export function consolidateBatchPools(ctx: CompanyContext, guids?: readonly string[]): ToIrbContainer[] {
  runPipeline(ctx);
  const docs = chosenDocs(ctx, guids);
  const groups = new Map<string, { docs: PoolDocRow[]; routed: RoutedSource[] }>();
  for (const doc of docs) {
    const routed = salesSource(ctx, doc.docId);
    const key = `${routed.source.currency}/${einvoiceTypeOf(routed.source)}`;
    const group = groups.get(key) ?? { docs: [], routed: [] };
    group.docs.push(doc);
    group.routed.push(routed);
    groups.set(key, group);
  }
  const now = ctx.store.clock.iso();
  return [...groups.values()].map((group) => {
    const source = consolidatedSource(group.routed);
    const amountMyr = money.sum(group.routed.map((r) => r.amountMyr));
    const header = insertHeader(ctx, {
      routed: { source, counterparty: source.buyer, submissionType: 'CONSOLIDATED', amountMyr },
      serverDocType: 'CONSOLIDATED',
      genericDocGuids: group.docs.map((d) => d.id),
      docIds: group.docs.map((d) => d.docId),
      submissionType: 'CONSOLIDATED',
    });
    const lines = header.lines.map((line) => ({ ...line, line_classification: '004' }));
    const typed = toIrbHdrs(ctx).update(header.id, {
      lines,
      hdr_einvoice_type: einvoiceTypeOf(group.routed[0]!.source),
    });
    queueSubmission(ctx, typed);
    consolidatedQueue(ctx).insert({
      id: ctx.store.ids.uuid(),
      toIrbHdrGuid: typed.guid,
      poolDocGuids: group.docs.map((d) => d.id),
      createdAt: now,
    });
    for (const doc of group.docs) poolTable(ctx, 'BATCH').update(doc.id, { status: 'PROCESSED', toIrbHdrGuid: typed.guid, updatedAt: now });
    return presentToIrb(typed);
  });
}
