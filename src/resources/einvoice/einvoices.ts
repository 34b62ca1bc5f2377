import { asFileRoute, Resource } from '../../core/resource.js';
import { pollUntil, type PollOptions } from '../../core/poll.js';
import {
  einvoicesCancel,
  einvoicesCreate,
  einvoicesDocumentJson,
  einvoicesDocumentPdf,
  einvoicesDocumentXml,
  einvoicesList,
  einvoicesStatus,
  einvoicesSubmit,
  einvoicesValidate,
  type EinvoiceStatus,
  type EinvoiceStatusReport,
} from '../../generated/index.js';

/** Options of {@link Einvoices.waitFor} (the issue's `waitForEinvoice`); polls start 1 s apart. */
export interface WaitForEinvoiceOptions extends PollOptions<EinvoiceStatusReport> {
  /** The states that end the wait (default `accepted`, `rejected` and `cancelled`). */
  until?: readonly EinvoiceStatus[];
}

/** An e-invoice's documents: the UBL XML and the PDF as files, the JSON form as an object (`acs.einvoices.documents`). */
export class EinvoiceDocuments extends Resource {
  /** The UBL 2.1 XML as a file; `.text()` is the document `validationHash` hashes. */
  xml = this.method(asFileRoute(einvoicesDocumentXml));

  /** The PDF: the invoice, its totals and the QR code of the portal's validation link. */
  pdf = this.method(asFileRoute(einvoicesDocumentPdf));

  /** The UBL-2.1-JSON form (`_D`, `_A`, `_B`, `Invoice`): what MyInvois takes as JSON. */
  json = this.method(einvoicesDocumentJson);
}

/**
 * E-invoices (spec document 3, "E-invoice"): UBL 2.1 documents made from sales invoices, credit and
 * debit notes and refunds, submitted to MyInvois (`UBL21`) or the PEPPOL network (`PEPPOL_UBL`).
 */
export class Einvoices extends Resource {
  /**
   * Creates an e-invoice from a sent sales document and validates it; `autoSubmit` submits it too.
   *
   * @example
   * const einvoice = await acs.einvoices.create({ invoiceId: invoice.id, format: 'UBL21', autoSubmit: true });
   */
  create = this.method(einvoicesCreate);

  /** Checks a sales document against the format and the portal's rules; stores nothing. */
  validate = this.method(einvoicesValidate);

  /** Submits a validated e-invoice; `options.waitForResponse` waits for the portal's decision. */
  submit = this.method(einvoicesSubmit);

  /** E-invoices, newest first; filters by status, format, portal, dates, customer and ids. */
  list = this.method(einvoicesList);

  /** Status, government ids, timeline and what can be done next. */
  status = this.method(einvoicesStatus);

  /** Cancels a submitted or accepted e-invoice (`reasonCode` `01` to `05`). */
  cancel = this.method(einvoicesCancel);

  /** The XML, PDF and JSON documents. */
  documents = this.resource(EinvoiceDocuments);

  /**
   * `waitForEinvoice`: polls `status` until the e-invoice reaches one of `until`, and resolves with
   * that status report (a rejection resolves too: read `status`).
   *
   * @example
   * const report = await acs.einvoices.waitFor(einvoice.id, { until: ['accepted', 'rejected'], onProgress: (r) => console.log(r.status) });
   */
  waitFor(einvoiceId: string, options: WaitForEinvoiceOptions = {}): Promise<EinvoiceStatusReport> {
    const { until = ['accepted', 'rejected', 'cancelled'], ...polling } = options;
    return pollUntil(
      {
        read: (signal) => this.status(einvoiceId, { signal }),
        done: (report) => until.includes(report.status),
        state: (report) => report.status,
        what: `e-invoice ${einvoiceId}`,
        defaultIntervalMs: 1000,
      },
      polling,
    );
  }
}
