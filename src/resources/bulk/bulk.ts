import { bulkCustomers, bulkInventoryAdjustments, bulkInvoices, bulkJournalEntries, bulkPayments } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/**
 * Bulk writes (spec document 1, "Bulk operations"): up to the per-call limit of records, each created
 * or updated on its own, so one failing item does not fail the others. Resolves to
 * `{ processed, successful, failed, results: [{ index, success, data?, error? }] }`.
 */
export class Bulk extends Resource {
  /** Creates or updates up to 100 customers. */
  customers = this.method(bulkCustomers);

  /** Creates or updates up to 50 invoices (created as drafts). */
  invoices = this.method(bulkInvoices);

  /**
   * Creates up to 100 journal entries (as drafts).
   *
   * @example
   * const { successful, results } = await acs.bulk.journalEntries({
   *   operations: rows.map((data) => ({ operation: 'create', data })),
   * });
   */
  journalEntries = this.method(bulkJournalEntries);

  /**
   * Records up to 100 payments, each naming its invoice.
   *
   * @example
   * await acs.bulk.payments({ operations: [{ operation: 'create', data: { invoiceId, amount: 100 } }] });
   */
  payments = this.method(bulkPayments);

  /**
   * Records up to 200 stock adjustments (posted unless one says `status: 'draft'`).
   *
   * @example
   * await acs.bulk.inventoryAdjustments({ operations: [{ operation: 'create', data: { reason: 'found', items: [{ itemId, adjustmentQuantity: 3 }] } }] });
   */
  inventoryAdjustments = this.method(bulkInventoryAdjustments);
}
