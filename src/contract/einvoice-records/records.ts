import { z } from 'zod';
import { isoDateTime, pageNumberQuery, queryBoolean, queryNumber } from '../common.js';

// The internal e-invoice records of the data-management API (spec document 3, "Internal e-invoice
// record (to_irb header)" and "Internal e-invoice records"): the to_irb header with its lines.

export const TO_IRB_SUBMISSION_STATUSES = ['Pending', 'Submitted', 'Valid', 'Invalid'] as const;
export const ToIrbSubmissionStatus = z.enum(TO_IRB_SUBMISSION_STATUSES);
export type ToIrbSubmissionStatus = z.infer<typeof ToIrbSubmissionStatus>;

/** `einvoice_submission_type` of a document (spec document 3, "Internal e-invoice submission pipeline"). */
export const EINVOICE_SUBMISSION_TYPES = ['INDIVIDUAL', 'SINGLE-GENERAL', 'CONSOLIDATED'] as const;

/** LHDN's general TIN of a consolidated e-invoice's buyer. */
export const CONSOLIDATED_BUYER_TIN = 'EI00000000010';

/** The answer of save-and-resubmit (spec document 3). */
export const TO_IRB_RESUBMITTED = 'To IRB resubmission processed.';
export const ToIrbResubmitted = z.literal(TO_IRB_RESUBMITTED);

const text = z.string().nullable();
const amount = z.number();

export const ToIrbLine = z.object({
  guid: z.string(),
  line_classification: text,
  line_item_name: z.string(),
  line_qty: amount,
  line_uom: text,
  line_unit_price: amount,
  line_discount_rate: amount,
  line_discount_amount: amount,
  line_tax_type: text,
  line_tax_rate: amount,
  line_tax_amount: amount,
  line_tax_exemption_detail: text,
  line_total_exclude_tax: amount,
});
export type ToIrbLine = z.infer<typeof ToIrbLine>;

/** A party's identity on a header: supplier (`hdr_supplier_*`) or buyer (`hdr_buyer_*`). */
const party = <P extends 'supplier' | 'buyer'>(p: P) =>
  ({
    [`hdr_${p}_name`]: text,
    [`hdr_${p}_tin`]: text,
    [`hdr_${p}_id_type`]: text,
    [`hdr_${p}_id_no`]: text,
    [`hdr_${p}_sales_service_tax_id`]: text,
    [`hdr_${p}_email`]: text,
    [`hdr_${p}_address`]: text,
    [`hdr_${p}_contact_no`]: text,
  }) as {
    [K in `hdr_${P}_${'name' | 'tin' | 'id_type' | 'id_no' | 'sales_service_tax_id' | 'email' | 'address' | 'contact_no'}`]: typeof text;
  };

export const ToIrbHeader = z.object({
  guid: z.string(),
  to_irb_running_no: z.string(),
  code_company: z.string(),
  hdr_irb_doc_unique_ref_no: text,
  hdr_long_id: text,
  hdr_einvoice_code_no: z.string(),
  hdr_original_einvoice_ref_no: text,
  hdr_submission_status: ToIrbSubmissionStatus,
  /** 01-04; 11-13 self-billed (decision EINV-32). */
  hdr_einvoice_type: z.string(),
  hdr_einvoice_ver: z.string(),
  hdr_einvoice_submission_type: z.string(),
  hdr_posting_status: z.string(),
  hdr_einvoice_datetime: z.string(),
  hdr_validation_datetime: text,
  hdr_actual_submission_date: text,
  ...party('supplier'),
  hdr_supplier_standard_indu_class_code: text,
  hdr_supplier_business_activity_desc: text,
  ...party('buyer'),
  einvoice_tax_id_no: text,
  einvoice_id_value: text,
  einvoice_id_type: text,
  hdr_invoice_currency_code: z.string(),
  hdr_currency_rate: amount,
  hdr_sub_total: amount,
  hdr_tax_exemption_amount: amount,
  hdr_total_excluding_tax: amount,
  hdr_total_include_tax: amount,
  hdr_total_payable_amount: amount,
  /** In MYR. */
  hdr_txn_amount: amount,
  /** Null when consolidated. */
  hdr_generic_doc_hdr_guid: text,
  hdr_generic_doc_hdr_server_doc_type: z.string(),
  hdr_generic_doc_hdr_server_doc_1: text,
  generic_doc_hdr_guids: z.array(z.string()),
  doc_reference: text,
  date_txn: z.string(),
  validation_response: z.array(z.object({ code: z.string(), message: z.string(), field: z.string() })).nullable(),
  created_date: z.string(),
  updated_date: z.string(),
  created_by: z.string(),
});
export type ToIrbHeader = z.infer<typeof ToIrbHeader>;

/** `MyEInvoiceToIrbContainer`: a header and its lines. */
export const ToIrbContainer = z.object({ bl_fi_my_einvoice_to_irb_hdr: ToIrbHeader, bl_fi_my_einvoice_to_irb_lines: z.array(ToIrbLine) });
export type ToIrbContainer = z.infer<typeof ToIrbContainer>;

/** Records a POST changed or made. */
export const ToIrbContainers = z.array(ToIrbContainer);

/** A set parameter: repeated (`a=1&a=2`) or comma-separated (`a=1,2`); an array in the SDK. */
const list = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])) : v),
    z.array(item).max(500),
  );
const strings = () => list(z.string().trim().min(1).max(500)).optional();
const uuids = () => list(z.uuid()).optional();

/** Builds `{ name: schema }` for each name, keeping the names in the type. */
function each<K extends string, S extends z.ZodType>(names: readonly K[], schema: () => S): { [P in K]: S } {
  return Object.fromEntries(names.map((name) => [name, schema()])) as { [P in K]: S };
}
/** `<name>_from` and `<name>_to`, ISO 8601 with an offset, both inclusive. */
function ranges<K extends string>(names: readonly K[]): { [P in `${K}_from` | `${K}_to`]: z.ZodOptional<ReturnType<typeof isoDateTime>> } {
  return Object.fromEntries(names.flatMap((name) => [`${name}_from`, `${name}_to`].map((key) => [key, isoDateTime().optional()]))) as never;
}

/** The query's parameter groups (spec document 3, "Internal e-invoice records"), by name. */
export const TO_IRB_FILTERS = {
  uuids: [
    'hdr_guids',
    'hdr_branch_guids',
    'hdr_generic_doc_hdr_guids',
    'hdr_einvoice_buyer_entity_hdr_guids',
    'hdr_einvoice_delivery_entity_hdr_guids',
    'line_irb_hdr_guids',
  ],
  strings: [
    'hdr_irb_doc_unique_ref_nos',
    'hdr_einvoice_code_nos',
    'hdr_original_einvoice_ref_nos',
    'to_irb_running_nos',
    'doc_references',
    'generic_doc_pin_codes',
    'hdr_supplier_names',
    'hdr_supplier_tax_ids',
    'hdr_supplier_id_nos',
    'hdr_supplier_sales_service_tax_ids',
    'hdr_supplier_tourism_tax_ids',
    'hdr_supplier_standard_indu_class_codes',
    'hdr_supplier_business_activity_descs',
    'hdr_supplier_emails',
    'hdr_supplier_addresses',
    'hdr_supplier_contact_nos',
    'hdr_supplier_digital_signatures',
    'hdr_buyer_names',
    'hdr_buyer_tax_ids',
    'hdr_buyer_id_nos',
    'hdr_buyer_sales_service_tax_ids',
    'hdr_buyer_emails',
    'hdr_buyer_addresses',
    'hdr_buyer_contact_nos',
    'hdr_einvoice_types',
    'hdr_einvoice_vers',
    'hdr_submission_statuses',
    'hdr_einvoice_document_statuses',
    'hdr_posting_status',
    'hdr_einvoice_submission_types',
    'hdr_invoice_currency_codes',
    'hdr_billing_frequencies',
    'code_companies',
    'hdr_branch_codes',
    'hdr_generic_doc_hdr_server_doc_types',
    'hdr_generic_doc_hdr_server_doc_1s',
    'hdr_generic_doc_hdr_server_doc_2s',
    'hdr_generic_doc_hdr_server_doc_3s',
    'client_doc_1s',
    'client_doc_2s',
    'client_doc_3s',
    'client_doc_4s',
    'client_doc_5s',
    'line_classifications',
    'line_item_names',
    'line_tax_types',
    'line_tax_exemption_details',
    'line_uoms',
    'line_settlement_methods',
    'line_settlement_types',
    'line_payment_terms',
    'line_payment_reference_numbers',
    'line_bill_reference_numbers',
  ],
  dates: [
    'hdr_einvoice_datetime',
    'hdr_validation_datetime',
    'hdr_actual_submission_date',
    'hdr_created_date',
    'hdr_updated_date',
    'hdr_einvoice_billing_period_start',
    'hdr_einvoice_billing_period_end',
    'date_txn',
    'line_payment_date',
  ],
  amounts: [
    'hdr_currency_rate',
    'hdr_tax_exemption_amount',
    'hdr_sub_total',
    'hdr_total_exclude_tax',
    'hdr_total_include_tax',
    'hdr_txn_amount',
    'line_unit_price',
    'line_tax_rate',
    'line_tax_amount',
    'line_qty',
    'line_discount_rate',
    'line_discount_amount',
    'line_payment_amount',
  ],
} as const;

/** `GET .../backoffice-ep/query`: every parameter optional; sets repeated or comma-separated; ranges inclusive; amounts equal. */
export const ToIrbQueryParams = z.object({
  ...each(TO_IRB_FILTERS.uuids, uuids),
  ...each(TO_IRB_FILTERS.strings, strings),
  ...ranges(TO_IRB_FILTERS.dates),
  ...each(TO_IRB_FILTERS.amounts, () => queryNumber().optional()),
  ...pageNumberQuery,
  /** OR across the filters. */
  applyOrLogicToQueryEntity: queryBoolean().optional(),
});
export type ToIrbQueryParams = z.input<typeof ToIrbQueryParams>;

export const ToIrbGuidParams = z.object({ guid: z.string().min(1).max(100) });

/** Body of doc-self-billed: the purchase documents' generic document header guids. */
export const ToIrbSelfBilledParams = z.object({ gendocHdrGuids: z.array(z.string().min(1).max(100)).min(1).max(100) });
export type ToIrbSelfBilledParams = z.input<typeof ToIrbSelfBilledParams>;

/** Body of save-and-resubmit: the to_irb header guid (not the generic document's). */
export const ToIrbResubmitParams = z.object({ toIrbHdrGuid: z.uuid() });
export type ToIrbResubmitParams = z.input<typeof ToIrbResubmitParams>;

/** Body of consolidate-batch-pools: the batch pool documents to consolidate; omitted: every UNPROCESSED one. */
export const ConsolidateBatchPoolsParams = z.object({ batchPoolDocHdrGuids: z.array(z.uuid()).min(1).max(1000).optional() });
export type ConsolidateBatchPoolsParams = z.input<typeof ConsolidateBatchPoolsParams>;
