import { businessRule } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { loadPurchaseSource, type EinvoiceSource } from '../einvoice/index.js';
import { billsTable, supplierCreditNotesTable, supplierDebitNotesTable } from '../purchasing/index.js';
import * as money from '../shared/money.js';
import type { RoutedSource } from './documents.js';
import { postingQueue, toIrbHdrs, type ServerDocType } from './tables.js';

// doc-self-billed (spec document 3: "purchase invoices and related purchase types"): what a held purchase
// document becomes, and what a self-billed note references (decision EINV-32).

/** Each purchase type the conversion takes, and the self-billed type it becomes (MyInvois 11, 12, 13). */
export const SELF_BILLED_TYPE_OF = {
  INTERNAL_PURCHASE_INVOICE: 'INTERNAL_PURCHASE_SELF_BILLED_INVOICE',
  INTERNAL_PURCHASE_CREDIT_NOTE: 'INTERNAL_PURCHASE_SELF_BILLED_CREDIT_NOTE',
  INTERNAL_PURCHASE_DEBIT_NOTE: 'INTERNAL_PURCHASE_SELF_BILLED_DEBIT_NOTE',
} as const satisfies Partial<Record<ServerDocType, ServerDocType>>;

export type HeldPurchaseType = keyof typeof SELF_BILLED_TYPE_OF;

/** A purchase document the pipeline holds until it is converted to self-billed. */
export const isHeldPurchase = (type: ServerDocType): type is HeldPurchaseType => type in SELF_BILLED_TYPE_OF;

const SELF_BILLED_TYPES = new Set<ServerDocType>(Object.values(SELF_BILLED_TYPE_OF));

/** A document the company issues as buyer on its supplier's behalf (types 11 to 13). */
export const isSelfBilled = (type: ServerDocType): boolean => SELF_BILLED_TYPES.has(type);

/**
 * The bill's self-billed e-invoice as a note's BillingReference: its number and its portal UUID. Only a Valid
 * type 11 has the UUID MyInvois requires a note to name, so anything else is 422 and nothing changes.
 */
function originalOf(ctx: CompanyContext, billId: string, field: string): NonNullable<EinvoiceSource['billingReference']> {
  const bill = billsTable(ctx).get(billId)!;
  const entry = postingQueue(ctx).byIndex('docId', billId)[0];
  const header = toIrbHdrs(ctx)
    .all()
    .filter((row) => row.hdr_einvoice_type === '11' && entry !== undefined && row.hdr_generic_doc_hdr_guid === entry.id)
    .at(-1);
  if (header?.hdr_submission_status !== 'Valid' || !header.hdr_irb_doc_unique_ref_no) {
    const status = header?.hdr_submission_status ?? null;
    throw businessRule(
      `a self-billed note references its bill's valid self-billed e-invoice (type 11); bill ${bill.billNumber}'s is ${status ?? 'not made'}`,
      { field, billNumber: bill.billNumber, originalStatus: status },
    );
  }
  return { number: header.hdr_einvoice_code_no, date: bill.billDate, uuid: header.hdr_irb_doc_unique_ref_no };
}

/**
 * A bill as a self-billed invoice (type 11), or a supplier note on one as a self-billed credit or debit note
 * (12, 13): the vendor sells, the company buys and issues; `field` names the request field a refusal points at.
 */
export function selfBilledSource(ctx: CompanyContext, docId: string, field = 'gendocHdrGuids'): RoutedSource {
  const note = supplierCreditNotesTable(ctx).get(docId) ?? supplierDebitNotesTable(ctx).get(docId);
  const source = loadPurchaseSource(ctx, docId, note ? originalOf(ctx, note.billId, field) : null);
  const baseTotal = note ? note.baseTotal : billsTable(ctx).get(docId)!.baseTotal;
  return { source, counterparty: source.supplier, submissionType: 'INDIVIDUAL', amountMyr: money.round(baseTotal) };
}
