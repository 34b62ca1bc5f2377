import { bulkJournalEntries } from '../contract/index.js';
import { Resource } from '../core/resource.js';

/**
 * Bulk writes (spec document 1, "Bulk operations"): up to the per-call limit of records, each created
 * or updated on its own, so one failing item does not fail the others. Resolves to
 * `{ processed, successful, failed, results: [{ index, success, data?, error? }] }`.
 */
export class Bulk extends Resource {
  /**
   * Creates up to 100 journal entries (as drafts).
   *
   * @example
   * const { successful, results } = await acs.bulk.journalEntries({
   *   operations: rows.map((data) => ({ operation: 'create', data })),
   * });
   */
  journalEntries = this.method(bulkJournalEntries);
}
