import type { AccountLedger, AccountLedgerParams } from '../../generated/index.js';

import type { RequestOptions } from '../../core/request-options.js';
import { AccountsMethods } from '../../generated/resources/accounting.js';

/** The chart of accounts (spec document 2, "Account"). */
export class Accounts extends AccountsMethods {
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
