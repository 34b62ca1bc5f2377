import type { PaymentMethod } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { accountsTable, type AccountRow } from './tables.js';
import { controlAccount } from './control-accounts.js';
import { validationError } from '../../kernel/errors.js';

/** What a payment or refund needs of the account its money goes through. */
export interface BankingAccountQuery {
  /** The caller's account; default the seeded cash account for `cash`, the bank account otherwise. */
  accountId?: string;
  method: PaymentMethod;
  /** The document's currency (a payment's, a refund's). */
  currency: string;
  /** The request field the account was given in, for the error. */
  field?: string;
}

/**
 * The account money is banked in or paid out of (issue #9, "Control accounts"): the caller's, which
 * must be a bank or cash account, else the seeded cash or bank account.
 */
export function bankingAccount(ctx: CompanyContext, query: BankingAccountQuery): AccountRow {
  const { accountId, method, field = 'accountId' } = query;
  if (accountId === undefined) return controlAccount(ctx, method === 'cash' ? 'cash' : 'bank');
  const account = accountsTable(ctx).get(accountId);
  const why = !account
    ? `No account with id ${accountId}`
    : !account.isActive
      ? `account ${account.accountNumber} is inactive`
      : account.type !== 'asset'
        ? `account ${account.accountNumber} is a ${account.type} account; money is banked in an asset account`
        : account.systemRole === 'accounts_receivable'
          ? 'money cannot be banked in accounts receivable'
          : null;
  if (why) throw validationError([{ field, code: 'INVALID_CHOICE', message: why, value: accountId }]);
  return account!;
}
