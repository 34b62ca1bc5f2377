import { endpoint, type PermissionCheck } from '../endpoint.js';
import {
  ConsolidateBatchPoolsParams,
  ToIrbContainer,
  ToIrbContainers,
  ToIrbGuidParams,
  ToIrbQueryParams,
  ToIrbResubmitParams,
  ToIrbResubmitted,
  ToIrbSelfBilledParams,
} from './records.js';

// The internal e-invoice records (spec document 3, "Internal e-invoice records (data-management API)"):
// signed-in users of one tenant (`X-Tenant-Code`) holding an API_TNT_DM_ERP_MY_E_INVOICE_TO_IRB_* code.

const BASE = '/core2/tnt/dm/erp/fi/e-invoice/to-irbs';
const data = { api: 'data' as const, tags: ['einvoice-records'] };
/** OWNER or ADMIN pass every check; READ the reads, UPDATE the three POSTs (spec document 3, "Authentication"). */
const permission = (operation: 'READ' | 'UPDATE'): PermissionCheck => ({
  codes: ['OWNER', 'ADMIN', operation].map((member) => `API_TNT_DM_ERP_MY_E_INVOICE_TO_IRB_${member}`),
  platformAdmin: false,
  tenant: true,
});

export const einvoiceRecordsQuery = endpoint({
  ...data,
  permission: permission('READ'),
  id: 'einvoiceRecords.query',
  method: 'GET',
  path: `${BASE}/backoffice-ep/query`,
  summary: 'Query the to_irb header records: every parameter group of the spec, page-numbered',
  description: 'Headers matching the filters, page-numbered (`pageNo` from 1, `pageSize`).',
  exampleCall: { query: { hdr_einvoice_types: ['01', '02'], pageSize: 5 }, as: 'owner' },
  query: ToIrbQueryParams,
  response: ToIrbContainer,
  list: {
    paging: 'page',
    defaultLimit: 50,
    maxLimit: 500,
    defaultSort: 'to_irb_running_no:asc',
    sort: ['to_irb_running_no', 'created_date', 'updated_date', 'date_txn'],
  },
});

export const einvoiceRecordsRetrieve = endpoint({
  ...data,
  permission: permission('READ'),
  id: 'einvoiceRecords.retrieve',
  method: 'GET',
  path: `${BASE}/backoffice-ep/{guid}`,
  summary: 'One to_irb header record by guid (400 invalid guid, 404 none)',
  description: 'One header by guid; a malformed guid rejects with 400, an unknown one with `NotFoundError`.',
  exampleCall: { params: { guid: { fixture: 'consolidatedGuid' } }, as: 'owner' },
  params: ToIrbGuidParams,
  response: ToIrbContainer,
});

export const einvoiceRecordsSelfBilled = endpoint({
  ...data,
  permission: permission('UPDATE'),
  id: 'einvoiceRecords.selfBilled',
  method: 'POST',
  path: `${BASE}/doc-self-billed/backoffice-ep`,
  summary: 'Convert purchase documents to self-billed e-invoices (INTERNAL_PURCHASE_SELF_BILLED_INVOICE and its notes)',
  description:
    'Converts purchase documents to self-billed e-invoices: a bill to type 11, a supplier credit or debit note on a bill whose type 11 is Valid to type 12 or 13 referencing it (decision EINV-32).',
  body: ToIrbSelfBilledParams,
  response: ToIrbContainers,
});

export const einvoiceRecordsSaveAndResubmit = endpoint({
  ...data,
  permission: permission('UPDATE'),
  id: 'einvoiceRecords.saveAndResubmit',
  method: 'POST',
  path: `${BASE}/save-and-resubmit/backoffice-ep`,
  summary: 'Re-check a to_irb record after its data was fixed and queue it again',
  description: 'Re-checks a record after its data was fixed and queues it again.',
  exampleCall: { body: { toIrbHdrGuid: { fixture: 'consolidatedGuid' } }, as: 'owner' },
  body: ToIrbResubmitParams,
  response: ToIrbResubmitted,
});

export const einvoiceRecordsConsolidate = endpoint({
  ...data,
  permission: permission('UPDATE'),
  id: 'einvoiceRecords.consolidate',
  method: 'POST',
  path: '/core2/tnt/dm/erp/e-invoice/batch-pool-doc-hdrs/consolidate-batch-pools/backoffice-ep',
  summary: 'Consolidate UNPROCESSED batch pool documents into consolidated e-invoices (buyer EI00000000010)',
  description: 'Consolidates UNPROCESSED batch pool documents.',
  exampleCall: { body: {}, as: 'owner' },
  body: ConsolidateBatchPoolsParams,
  response: ToIrbContainers,
});
