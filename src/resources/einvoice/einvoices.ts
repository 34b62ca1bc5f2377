import { pollUntil, type PollOptions } from '../../core/poll.js';
import type { EinvoiceStatus, EinvoiceStatusReport } from '../../generated/index.js';
import { EinvoicesDocumentsMethods, EinvoicesMethods } from '../../generated/resources/einvoice.js';

/** Options of {@link Einvoices.waitFor} (the issue's `waitForEinvoice`); polls start 1 s apart. */
export interface WaitForEinvoiceOptions extends PollOptions<EinvoiceStatusReport> {
  /** The states that end the wait (default `accepted`, `rejected` and `cancelled`). */
  until?: readonly EinvoiceStatus[];
}

/** An e-invoice's documents: the UBL XML and the PDF as files, the JSON form as an object (`acs.einvoices.documents`). */
export class EinvoiceDocuments extends EinvoicesDocumentsMethods {}

/**
 * E-invoices (spec document 3, "E-invoice"): UBL 2.1 documents made from sales invoices, credit and
 * debit notes and refunds, submitted to MyInvois (`UBL21`) or the PEPPOL network (`PEPPOL_UBL`).
 */
export class Einvoices extends EinvoicesMethods {
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
