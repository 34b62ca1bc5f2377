import {
  accountsCreate,
  accountsDelete,
  accountsLedger,
  accountsList,
  accountsRetrieve,
  accountsUpdate,
  type AccountLedger,
  type AccountLedgerParams,
  type LedgerLine,
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
   * Deletes an account that no posted line, item, document or posting default names (a draft entry
   * does not count); otherwise rejects with 422 `ACCOUNT_IN_USE` (an `UnprocessableEntityError`) whose
   * `details` name what uses it (`kind`, `id`, `number`, `field`). Resolves to `{ id, deleted: true }`.
   */
  delete = this.method(accountsDelete);

  /**
   * One page (`limit`, default 100, at most 1000) of the account's posted lines between `dateFrom` and
   * `dateTo`, with the balance before the page's first line, the running balance after each line, and
   * the whole period's totals and closing balance. Pass `nextCursor` back as `cursor` for the next
   * page, or walk every page with `ledgerPages()`.
   *
   * @example
   * const ledger = await acs.accounts.ledger(cash.id, { dateFrom: '2026-01-01', dateTo: '2026-03-31' });
   */
  ledger = this.method(accountsLedger);

  /**
   * Every page of the account's ledger for the period, fetched as the loop asks for them; the first
   * page opens at the period's opening balance and each later one where the one before closed.
   *
   * @example
   * for await (const page of acs.accounts.ledgerPages(cash.id, { dateFrom: '2026-01-01', dateTo: '2026-03-31' })) {
   *   for (const line of page.lines) console.log(line.date, line.journalNumber, line.debit, line.credit, line.balance);
   * }
   */
  async *ledgerPages(accountId: string, query: AccountLedgerParams = {}, options?: RequestOptions): AsyncGenerator<AccountLedger> {
    let cursor = query.cursor;
    for (;;) {
      const page: AccountLedger = await this.ledger(accountId, { ...query, cursor }, options);
      yield page;
      // A cursor equal to the one just used would fetch the same page forever.
      if (!page.hasMore || page.nextCursor === null || page.nextCursor === cursor) return;
      cursor = page.nextCursor;
    }
  }

  /**
   * Every posted line of the account's ledger for the period, across pages, each with its running balance.
   *
   * @example
   * const lines = [];
   * for await (const line of acs.accounts.ledgerLines(cash.id, { dateFrom: '2026-01-01' })) lines.push(line);
   */
  async *ledgerLines(accountId: string, query: AccountLedgerParams = {}, options?: RequestOptions): AsyncGenerator<LedgerLine> {
    for await (const page of this.ledgerPages(accountId, query, options)) yield* page.lines;
  }
}
