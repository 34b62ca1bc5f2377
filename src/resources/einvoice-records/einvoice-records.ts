import { Resource } from '../../core/resource.js';
import {
  einvoiceRecordsConsolidate,
  einvoiceRecordsQuery,
  einvoiceRecordsRetrieve,
  einvoiceRecordsSaveAndResubmit,
  einvoiceRecordsSelfBilled,
} from '../../generated/index.js';

/**
 * The internal e-invoice records on the data-management API (spec document 3, "Internal e-invoice
 * records"), at the client's `dataBaseUrl`: the to_irb headers the submission pipeline makes from
 * finalized sales and purchase documents. Calls need a signed-in user's access token holding an
 * `API_TNT_DM_ERP_MY_E_INVOICE_TO_IRB_*` code; the tenant is the client's `tenantCode`.
 */
export class EinvoiceRecords extends Resource {
  /** Headers matching the filters, page-numbered (`pageNo` from 1, `pageSize`). */
  query = this.method(einvoiceRecordsQuery);

  /** One header by guid; a malformed guid rejects with 400, an unknown one with `NotFoundError`. */
  retrieve = this.method(einvoiceRecordsRetrieve);

  /** Converts purchase documents to self-billed e-invoices (type 11). */
  selfBilled = this.method(einvoiceRecordsSelfBilled);

  /** Re-checks a record after its data was fixed and queues it again. */
  saveAndResubmit = this.method(einvoiceRecordsSaveAndResubmit);

  /** Consolidates UNPROCESSED batch pool documents. */
  consolidate = this.method(einvoiceRecordsConsolidate);
}
