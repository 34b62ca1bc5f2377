import type { ToIrbHeader, ToIrbLine } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { companyParty, identityOf, myinvoisTypeCode, type EinvoiceParty, type EinvoiceSource } from '../einvoice/index.js';
import * as money from '../shared/money.js';
import type { RoutedSource } from './documents.js';
import { toIrbHdrs, type ServerDocType, type ToIrbHdrRow } from './tables.js';

/** The MyInvois type code (spec document 3): 01 to 04, 11 to 13 when self-billed; the business API's builder decides it (decision EINV-32). */
export const einvoiceTypeOf = (source: EinvoiceSource): string => myinvoisTypeCode(source);

const addressText = (party: EinvoiceParty): string | null => {
  const a = party.address;
  if (!a) return null;
  const parts = [a.street, a.street2, a.postalCode, a.city, a.state, a.country].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(', ') : null;
};

type PartyFields<P extends string> = {
  [K in `hdr_${P}_${'name' | 'tin' | 'id_type' | 'id_no' | 'sales_service_tax_id' | 'email' | 'address' | 'contact_no'}`]: string | null;
};

/** A party's `hdr_<side>_*` fields. */
export function partyFields<P extends 'supplier' | 'buyer'>(side: P, party: EinvoiceParty): PartyFields<P> {
  return {
    [`hdr_${side}_name`]: party.legalName,
    [`hdr_${side}_tin`]: party.tin,
    [`hdr_${side}_id_type`]: party.idType,
    [`hdr_${side}_id_no`]: party.idValue,
    [`hdr_${side}_sales_service_tax_id`]: party.sstNumber ?? 'NA',
    [`hdr_${side}_email`]: party.email,
    [`hdr_${side}_address`]: addressText(party),
    [`hdr_${side}_contact_no`]: party.phone,
  } as PartyFields<P>;
}

/** The lines of a source, in the to_irb line form. */
export function linesOf(ctx: CompanyContext, source: EinvoiceSource): ToIrbLine[] {
  return source.lines.map((line) => {
    const gross = money.parse(line.unitPrice).times(line.quantity);
    const rate = gross.isZero() ? money.ZERO : money.round(money.parse(line.discountAmount).div(gross).times(100));
    return {
      guid: ctx.store.ids.uuid(),
      // LHDN classification 022 "Others" when the item has none of its own.
      line_classification: '022',
      line_item_name: line.description,
      line_qty: line.quantity,
      line_uom: 'C62',
      line_unit_price: line.unitPrice,
      line_discount_rate: money.toNumber(rate),
      line_discount_amount: line.discountAmount,
      line_tax_type: line.tax.myinvoisTaxType ?? null,
      line_tax_rate: line.tax.rate,
      line_tax_amount: line.taxAmount,
      line_tax_exemption_detail: line.tax.myinvoisTaxType === 'E' ? `Exempt (${line.tax.code})` : null,
      line_total_exclude_tax: line.lineTotal,
    };
  });
}

/** The next `to_irb_running_no`: TOIRB-000001 onwards, per company. */
const runningNo = (ctx: CompanyContext): string => `TOIRB-${String(toIrbHdrs(ctx).size + 1).padStart(6, '0')}`;

/** The company's e-invoice identity fields (its table's `einvoice_tax_id_no`, `einvoice_id_value`, `einvoice_id_type`). */
function companyIdentity(ctx: CompanyContext): Pick<ToIrbHeader, 'einvoice_tax_id_no' | 'einvoice_id_value' | 'einvoice_id_type'> {
  const company = companyParty(ctx);
  const identity = identityOf(ctx, ctx.companyId);
  return {
    einvoice_tax_id_no: identity?.tin ?? company.tin,
    einvoice_id_value: identity?.idValue ?? company.idValue,
    einvoice_id_type: identity?.idType ?? company.idType,
  };
}

export interface NewHeader {
  routed: RoutedSource;
  serverDocType: ServerDocType;
  /** The generic document header guid(s) behind it; one for an individual e-invoice. */
  genericDocGuids: string[];
  docIds: string[];
  submissionType: string;
  /** A consolidated e-invoice's buyer (general TIN), replacing the source's. */
  buyer?: EinvoiceParty;
  /** When it was made; default now (a document's finalization time when the pipeline reads it late). */
  at?: string;
}

/** A Pending to_irb header for a document (or a consolidation of several). */
export function insertHeader(ctx: CompanyContext, input: NewHeader): ToIrbHdrRow {
  const { source } = input.routed;
  const now = input.at ?? ctx.store.clock.iso();
  const consolidated = input.serverDocType === 'CONSOLIDATED';
  const rate = source.currency === source.companyCurrency ? 1 : source.exchangeRate;
  const row: ToIrbHdrRow = {
    id: ctx.store.ids.uuid(),
    guid: '',
    to_irb_running_no: runningNo(ctx),
    code_company: ctx.companyId,
    hdr_irb_doc_unique_ref_no: null,
    hdr_long_id: null,
    hdr_einvoice_code_no: source.number,
    hdr_original_einvoice_ref_no: source.billingReference?.number ?? null,
    hdr_submission_status: 'Pending',
    hdr_einvoice_type: einvoiceTypeOf(source),
    hdr_einvoice_ver: '1.0',
    hdr_einvoice_submission_type: input.submissionType,
    hdr_posting_status: 'POSTED',
    hdr_einvoice_datetime: now,
    hdr_validation_datetime: null,
    hdr_actual_submission_date: null,
    ...partyFields('supplier', source.supplier),
    hdr_supplier_standard_indu_class_code: source.supplier.msicCode,
    hdr_supplier_business_activity_desc: source.supplier.businessActivity,
    ...partyFields('buyer', input.buyer ?? source.buyer),
    ...companyIdentity(ctx),
    hdr_invoice_currency_code: source.currency,
    hdr_currency_rate: rate,
    hdr_sub_total: source.subtotal,
    hdr_tax_exemption_amount: 0,
    hdr_total_excluding_tax: money.toNumber(money.subtract(source.total, source.totalTax)),
    hdr_total_include_tax: source.total,
    hdr_total_payable_amount: money.toNumber(money.subtract(source.total, source.prepaid)),
    hdr_txn_amount: money.toNumber(input.routed.amountMyr),
    hdr_generic_doc_hdr_guid: consolidated ? null : (input.genericDocGuids[0] ?? null),
    hdr_generic_doc_hdr_server_doc_type: input.serverDocType,
    hdr_generic_doc_hdr_server_doc_1: consolidated ? null : source.number,
    generic_doc_hdr_guids: input.genericDocGuids,
    doc_reference: source.reference,
    date_txn: `${source.issueDate}T00:00:00+08:00`,
    validation_response: null,
    created_date: now,
    updated_date: now,
    created_by: 'E_INVOICE_GENERIC_DOCUMENT_TO_IRB_PROCESSOR',
    lines: linesOf(ctx, source),
    docIds: input.docIds,
  };
  row.guid = row.id;
  return toIrbHdrs(ctx).insert(row);
}
