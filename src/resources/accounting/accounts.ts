import {
  accountsCreate,
  accountsDelete,
  accountsLedger,
  accountsList,
  accountsRetrieve,
  accountsUpdate,
  type AccountLedger,
  type AccountLedgerParams,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';
import type { RequestOptions } from '../../core/request-options.js';

/** The chart of accounts (spec document 2, "Account"). */
export class Accounts extends Resource {
  /**
   * Lists accounts, 50 per page by default (at most 100), cursor-paged. Filter by `type`, `category`,
   * `active`, `level`, `parentId`; the operator form on `accountNumber`, `name`, `level`, `createdAt`,
   * `updatedAt`; `search` over number, name and description; `sort` by number, name, level or dates.
   * Await it for the first page, or `for await` over it for every account.
   *
   * @example
   * for await (const account of acs.accounts.list({ type: 'asset', accountNumber: { startswith: '1' } })) {
   *   console.log(account.accountNumber, account.balance.net);
   * }
   */
  list = this.method(accountsList);

  /**
   * One account with its balance (debit and credit totals of its posted lines, and the net on its
   * normal side). Rejects with `NotFoundError` (`ACCOUNT_NOT_FOUND`) for an unknown id.
   */
  retrieve = this.method(accountsRetrieve);

  /**
   * Creates an account; `category` must belong to `type` (an `asset` is `current_asset`,
   * `fixed_asset` or `other_asset`, ...). A number already in use rejects with `ConflictError`.
   *
   * @example
   * const cash = await acs.accounts.create({ accountNumber: '1010', name: 'Cash', type: 'asset', category: 'current_asset' });
   */
  create = this.method(accountsCreate);

  /**
   * Changes an account's `name`, `description` or `isActive`. Its number, type and category cannot
   * change (spec document 2), so a body that changes them is refused.
   */
  update = this.method(accountsUpdate);

  /**
   * Deletes an unused account (drafts aside); else 422 `ACCOUNT_IN_USE`, `details` naming the users.
   * Resolves to `{ id, deleted: true }`.
   */
  delete = this.method(accountsDelete);

  /**
   * A page of the account's posted lines from `dateFrom` to `dateTo`, with opening, running and
   * closing balances; pass `nextCursor` as `cursor`, or use `ledgerPages()`.
   *
   * @example
   * const ledger = await acs.accounts.ledger(cash.id, { dateFrom: '2026-01-01' });
   */
  ledger = this.method(accountsLedger);

  /** Every page of the ledger, fetched as a `for await` loop goes. */
  async *ledgerPages(accountId: string, query: AccountLedgerParams = {}, options?: RequestOptions): AsyncGenerator<AccountLedger> {
    let cursor = query.cursor;
    for (;;) {
      const page: AccountLedger = await this.ledger(accountId, { ...query, cursor }, options);
      yield page;
      if (!page.nextCursor || page.nextCursor === cursor) return;
      cursor = page.nextCursor;
    }
  }
}
