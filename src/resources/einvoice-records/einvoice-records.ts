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
  /**
   * Headers matching every given filter (or any, with `applyOrLogicToQueryEntity`), page-numbered
   * (`pageNo` from 1, `pageSize`); `for await` walks every page.
   *
   * @example
   * for await (const { bl_fi_my_einvoice_to_irb_hdr: hdr } of acs.einvoiceRecords.query({ hdr_submission_statuses: ['Invalid'] })) console.log(hdr.guid, hdr.validation_response);
   */
  query = this.method(einvoiceRecordsQuery);

  /** One header by guid; a malformed guid rejects with 400, an unknown one with `NotFoundError`. */
  retrieve = this.method(einvoiceRecordsRetrieve);

  /** Converts purchase documents (`gendocHdrGuids`) to self-billed e-invoices; each supplier's e-invoice identity must be filled first. */
  selfBilled = this.method(einvoiceRecordsSelfBilled);

  /** Re-checks a header's document after its data was fixed and queues it again; answers `To IRB resubmission processed.` */
  saveAndResubmit = this.method(einvoiceRecordsSaveAndResubmit);

  /** Consolidates UNPROCESSED batch pool documents (all, or `batchPoolDocHdrGuids`) into consolidated e-invoices. */
  consolidate = this.method(einvoiceRecordsConsolidate);
}
