import { EinvoiceRecordsMethods } from '../../generated/resources/einvoice-records.js';

/**
 * The internal e-invoice records on the data-management API (spec document 3, "Internal e-invoice
 * records"), at the client's `dataBaseUrl`: the to_irb headers the submission pipeline makes from
 * finalized sales and purchase documents. Calls need a signed-in user's access token holding an
 * `API_TNT_DM_ERP_MY_E_INVOICE_TO_IRB_*` code; the tenant is the client's `tenantCode`.
 */
export class EinvoiceRecords extends EinvoiceRecordsMethods {}
