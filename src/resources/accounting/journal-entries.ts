import {
  journalEntriesCreate,
  journalEntriesDelete,
  journalEntriesList,
  journalEntriesPost,
  journalEntriesRetrieve,
  journalEntriesVoid,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Double-entry journal entries (spec document 2, "Journal entry"). */
export class JournalEntries extends Resource {
  /**
   * Lists journal entries, 50 per page by default (at most 100), cursor-paged. Filter by `dateFrom`,
   * `dateTo`, `status`, `accountId`, `reference`; the operator form on `journalNumber`, `date`,
   * `reference`, `totalDebit`, `createdAt`; `search` over number, reference and description.
   *
   * @example
   * const page = await acs.journalEntries.list({ status: 'posted', totalDebit: { gte: 1000 } });
   */
  list = this.method(journalEntriesList);

  /** One journal entry with its lines. Rejects with `NotFoundError` for an unknown id. */
  retrieve = this.method(journalEntriesRetrieve);

  /**
   * Creates a draft entry: at least two lines, each with `accountId` and a debit or a credit, total
   * debits equal to total credits. An unbalanced entry rejects with 400 `INVALID_JOURNAL_ENTRY`
   * (an `InvalidRequestError`).
   *
   * @example
   * const entry = await acs.journalEntries.create({
   *   date: '2026-01-31',
   *   lines: [{ accountId: cash.id, debit: 100 }, { accountId: revenue.id, credit: 100 }],
   * });
   */
  create = this.method(journalEntriesCreate);

  /**
   * Posts a draft entry to the ledger, after which account balances include it. Posting an entry that
   * is not a draft rejects with `BusinessRuleError`.
   */
  post = this.method(journalEntriesPost);

  /**
   * Voids a posted entry by writing a posted reversing entry dated `voidDate`; the original is marked
   * `void` and points to its reversal (`reversedByEntryId`). `reason` is required.
   *
   * @example
   * const voided = await acs.journalEntries.void(entry.id, { reason: 'Duplicate' });
   */
  void = this.method(journalEntriesVoid);

  /**
   * Deletes a draft; a posted entry is voided instead.
   *
   * @example
   * await acs.journalEntries.delete(draft.id);
   */
  delete = this.method(journalEntriesDelete);
}
