import type { ApiPromise } from '../../core/api-promise.js';
import type { ReportFile } from '../../core/report-file.js';
import type { RequestOptions } from '../../core/request-options.js';
import { asFileRoute, Resource } from '../../core/resource.js';
import { pause } from '../../core/pause.js';
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

/** Options of {@link Einvoices.waitFor} (the issue's `waitForEinvoice`). */
export interface WaitForEinvoiceOptions {
  /** The states that end the wait (default `accepted`, `rejected` and `cancelled`). */
  until?: readonly EinvoiceStatus[];
  /** Called with the status report whenever the status changes, the first poll included. */
  onProgress?: (report: EinvoiceStatusReport) => void;
  /** Stops waiting: the promise rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Milliseconds between two polls (default 1000). */
  intervalMs?: number;
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
  async waitFor(einvoiceId: string, options: WaitForEinvoiceOptions = {}): Promise<EinvoiceStatusReport> {
    const { onProgress, signal, until = ['accepted', 'rejected', 'cancelled'] } = options;
    const interval = Math.max(1, options.intervalMs ?? 1000);
    let seen: string | undefined;
    for (;;) {
      const report = await this.status(einvoiceId, { signal });
      if (report.status !== seen) onProgress?.(report);
      seen = report.status;
      if (until.includes(report.status)) return report;
      await pause(interval, signal, `e-invoice ${einvoiceId}`);
    }
  }
}
